import { type EdiPartner, type EdiPartnerInput, type EdiStandard, outboundDocuments, standardRules } from './partner';
import type { EdiPartnerStore } from './partner-ports';
import {
  changedMeanwhile,
  conflict,
  type AccountScope,
  DomainError,
  type FieldIssue,
  newId,
  type Page,
} from '../shared';

export interface EdiPartnerServiceDeps {
  store: EdiPartnerStore;
  clock: () => number;
}

const notFound = (id: string) => new DomainError('not_found', `No EDI partner ${id} in this account.`);
const taken = (partner: EdiPartner) =>
  conflict(
    'already_exists',
    `Another ${partner.standard} partner of this account already has interchange id ${partner.theirs.qualifier}:${partner.theirs.id}.`,
  );

/** Trading partners: connected, changed and disconnected by the account, in one mode each. */
export class EdiPartnerService {
  constructor(private readonly deps: EdiPartnerServiceDeps) {}

  async create(scope: AccountScope, standard: EdiStandard, input: EdiPartnerInput): Promise<EdiPartner> {
    const now = this.deps.clock();
    const partner = checked(scope, {
      id: newId('edp', now),
      accountId: scope.accountId,
      livemode: scope.livemode,
      name: '',
      standard,
      version: '',
      theirs: { qualifier: '', id: '' },
      ours: { qualifier: '', id: '' },
      theirApplicationCode: null,
      ourApplicationCode: null,
      usageIndicator: scope.livemode ? 'P' : 'T',
      inbound: [],
      outbound: [],
      acknowledgements: [],
      autoSend: [],
      controlNumbers: { interchange: 0, group: 0, transactionSet: 0 },
      createdAt: now,
      updatedAt: now,
      ...defined(input),
    });
    if (!(await this.deps.store.insert(partner))) throw taken(partner);
    return partner;
  }

  async get(scope: AccountScope, id: string): Promise<EdiPartner> {
    const partner = await this.deps.store.find(scope.accountId, scope.livemode, id);
    if (!partner) throw notFound(id);
    return partner;
  }

  list(scope: AccountScope, limit: number, cursor: string | null): Promise<Page<EdiPartner>> {
    return this.deps.store.page(scope.accountId, scope.livemode, limit, cursor);
  }

  async update(scope: AccountScope, id: string, input: EdiPartnerInput): Promise<EdiPartner> {
    const before = await this.get(scope, id);
    const after = checked(scope, { ...before, ...defined(input), updatedAt: this.deps.clock() });
    const outcome = await this.deps.store.update(after, before.updatedAt);
    if (outcome === 'taken') throw taken(after);
    if (outcome === 'stale') {
      throw changedMeanwhile(`EDI partner ${id}`);
    }
    return after;
  }

  async remove(scope: AccountScope, id: string): Promise<void> {
    if (!(await this.deps.store.remove(scope.accountId, scope.livemode, id))) throw notFound(id);
  }
}

const defined = (input: EdiPartnerInput): EdiPartnerInput =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));

/** The partner if it keeps to its standard and to the caller's mode, else 400 naming each field. */
function checked(scope: AccountScope, partner: EdiPartner): EdiPartner {
  const rules = standardRules[partner.standard];
  const issues: FieldIssue[] = [];
  const say = (field: string, message: string) => issues.push({ field, message });
  if (!rules.versions.includes(partner.version)) {
    say('version', `${partner.standard} partners use version ${rules.versions.join(' or ')}`);
  }
  for (const [field, address] of [
    ['their_interchange_id', partner.theirs],
    ['our_interchange_id', partner.ours],
  ] as const) {
    const [min, max] = rules.qualifierLength;
    if (address.qualifier.length < min || address.qualifier.length > max) {
      say(
        `${field}/qualifier`,
        `${partner.standard} qualifiers are ${min === max ? min : `${min} to ${max}`} characters`,
      );
    }
    if (address.id.length > rules.idLength)
      say(`${field}/id`, `${partner.standard} interchange ids are ${rules.idLength} characters at most`);
  }
  if (partner.standard === 'edifact') {
    if (partner.theirApplicationCode !== null)
      say('their_application_code', 'application codes are X12 GS02/GS03 only');
    if (partner.ourApplicationCode !== null) say('our_application_code', 'application codes are X12 GS02/GS03 only');
  }
  (['inbound', 'outbound'] as const).forEach((direction) =>
    partner[direction].forEach((document, i) => {
      if (!rules.documents.includes(document))
        say(`${direction}_documents/${i}`, `${document} is not a ${partner.standard} document`);
    }),
  );
  partner.acknowledgements.forEach((ack, i) => {
    if (!rules.acknowledgements.includes(ack))
      say(`acknowledgements/${i}`, `${ack} is not a ${partner.standard} acknowledgement`);
  });
  partner.autoSend.forEach((document, i) => {
    const documentType = outboundDocuments[document][partner.standard];
    if (!partner.outbound.includes(documentType))
      say(`auto_send/${i}`, `sending ${document} needs ${documentType} in outbound_documents`);
  });
  const usage = scope.livemode ? 'P' : 'T';
  if (partner.usageIndicator !== usage) {
    say(
      'usage_indicator',
      scope.livemode
        ? 'a live key exchanges production interchanges (P); use a test key for T'
        : 'a test key exchanges test interchanges (T); use a live key for P',
    );
  }
  if (issues.length > 0)
    throw new DomainError('invalid_input', 'The partner does not keep to its standard or mode.', issues);
  return partner;
}
