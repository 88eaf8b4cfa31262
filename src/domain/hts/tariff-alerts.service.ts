import type { CreatedAtCursor, TariffAlertStore } from './hts-ports';
import type { TariffAlert } from './tariff-alert';
import { htsPrefixDigits } from './model';
import { decodeCursor, DomainError, isCreatedAtCursor, newId, Page, pageOf } from '../shared';

/** A request the domain refuses; `field` names the input (snake_case, as in the API). */
export class TariffAlertInvalid extends Error {
  override readonly name = 'TariffAlertInvalid';
  constructor(
    readonly field: 'hts_prefixes' | 'countries',
    message: string,
  ) {
    super(message);
  }
}

export interface TariffAlertInput {
  /** HTS prefixes, dotted or not, 2 to 10 digits. */
  htsPrefixes: string[];
  /** ISO 3166-1 alpha-2 codes. */
  countries?: string[];
}

const maxPrefixes = 100;
const maxCountries = 250;

function prefixes(input: string[]): string[] {
  if (input.length === 0) throw new TariffAlertInvalid('hts_prefixes', 'name at least one HTS prefix to watch');
  if (input.length > maxPrefixes)
    throw new TariffAlertInvalid('hts_prefixes', `at most ${maxPrefixes} HTS prefixes per alert`);
  const digits = input.map((prefix) => {
    const plain = htsPrefixDigits(prefix);
    if (plain === null)
      throw new TariffAlertInvalid('hts_prefixes', `"${prefix}" is not an HTS prefix (2 to 10 digits)`);
    return plain;
  });
  return [...new Set(digits)];
}

function countries(input: string[]): string[] {
  if (input.length > maxCountries)
    throw new TariffAlertInvalid('countries', `at most ${maxCountries} countries per alert`);
  const codes = input.map((country) => {
    const code = country.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code))
      throw new TariffAlertInvalid('countries', `"${country}" is not an ISO 3166-1 alpha-2 country code`);
    return code;
  });
  return [...new Set(codes)];
}

export async function createTariffAlert(
  deps: { alerts: TariffAlertStore; clock: () => number },
  accountId: string,
  livemode: boolean,
  input: TariffAlertInput,
): Promise<TariffAlert> {
  const now = deps.clock();
  const alert: TariffAlert = {
    id: newId('alr', now),
    accountId,
    livemode,
    htsPrefixes: prefixes(input.htsPrefixes),
    countries: countries(input.countries ?? []),
    createdAt: now,
    updatedAt: now,
  };
  await deps.alerts.insert(alert);
  return alert;
}

/** The account's alerts in one mode, oldest first, paged by (created_at, id). Throws InvalidCursor for a foreign cursor. */
export async function listTariffAlerts(
  alerts: TariffAlertStore,
  accountId: string,
  livemode: boolean,
  options: { cursor?: string; limit: number },
): Promise<Page<TariffAlert>> {
  const after: CreatedAtCursor | undefined =
    options.cursor === undefined ? undefined : decodeCursor(options.cursor, isCreatedAtCursor);
  const rows = await alerts.listForAccount(accountId, livemode, { after, limit: options.limit + 1 });
  return pageOf(rows, options.limit, (last) => ({ createdAt: last.createdAt, id: last.id }));
}

type AlertOwner = { accountId: string; livemode: boolean };

/** An alert of the account's mode, the domain's refusal naming its field (the API and the web page alike). */
export async function createAccountAlert(
  alerts: TariffAlertStore,
  now: number,
  owner: AlertOwner,
  input: TariffAlertInput,
): Promise<TariffAlert> {
  try {
    return await createTariffAlert({ alerts, clock: () => now }, owner.accountId, owner.livemode, input);
  } catch (error) {
    if (!(error instanceof TariffAlertInvalid)) throw error;
    throw new DomainError('invalid_input', error.message, [{ field: error.field, message: error.message }]);
  }
}

/** Ends an alert of the account's mode; another account's, the other mode's or a deleted one is not found. */
export async function deleteAccountAlert(alerts: TariffAlertStore, owner: AlertOwner, id: string): Promise<void> {
  if (!(await alerts.deleteForAccount(owner.accountId, owner.livemode, id)))
    throw new DomainError('not_found', `No ${owner.livemode ? 'live' : 'test'}-mode alert ${id} in this account.`);
}
