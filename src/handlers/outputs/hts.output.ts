import type { Table } from '../../domain/shared';
import type { components } from '../../generated/api';
import type { QueuedJob } from '../../jobs/job-queue';
import { isoTime } from './time';
import {
  dottedHtsCode,
  type HtsChangeSetEntry,
  type HtsFootnote,
  type HtsHistoryEntry,
  type HtsLineRates,
  type HtsLineView,
  htsReleaseRef,
  TariffAlert,
  tariffAlertView,
} from '../../domain/hts';
import { parseRateExpression, parseSpecialColumn, type RateExpression, type RateTerm } from '../../domain/tariff';

type Schemas = components['schemas'];

const usd = (amount: string): Schemas['RateMoney'] => ({ amount, currency: 'USD' });

function toApiRateTerm(term: RateTerm): Schemas['RateTerm'] {
  const on = term.on === undefined ? {} : { on: term.on };
  if (term.kind === 'ad_valorem') return { kind: 'ad_valorem', percent: term.percent, ...on };
  return { kind: 'specific', amount: usd(term.amount), unit: term.unit, unit_text: term.unitText, ...on };
}

/** The parser's reading of a rate text, snake_case; `ad_valorem` and `specific` become one-term sums like `compound`. */
export function toApiParsedRate(rate: RateExpression): Schemas['ParsedRate'] {
  switch (rate.kind) {
    case 'free':
      return { kind: 'free', ...(rate.proviso === undefined ? {} : { proviso: rate.proviso }) };
    case 'ad_valorem':
    case 'specific':
      return { kind: rate.kind, terms: [toApiRateTerm(rate.term)] };
    case 'compound':
      return {
        kind: 'compound',
        terms: rate.terms.map(toApiRateTerm),
        ...(rate.proviso === undefined ? {} : { proviso: rate.proviso }),
      };
    case 'polarization_scale':
      return {
        kind: 'polarization_scale',
        amount_at_100: usd(rate.amountAt100),
        decrement_per_degree: usd(rate.decrementPerDegree),
        minimum: usd(rate.minimum),
        unit: rate.unit,
      };
    case 'applicable_subheading':
      return {
        kind: 'applicable_subheading',
        terms: rate.additional.map(toApiRateTerm),
        ...(rate.minusPercent === undefined ? {} : { minus_percent: rate.minusPercent }),
      };
    case 'no_change':
      return { kind: 'no_change' };
    case 'reference':
      return { kind: 'reference', refers_to: rate.refersTo };
    case 'unparseable':
      return { kind: 'unparseable', flagged: true, reason: rate.reason };
  }
}

function rateColumn(text: string | null): Schemas['HtsRateColumn'] {
  return { text, parsed: text === null ? null : toApiParsedRate(parseRateExpression(text)) };
}

function specialColumn(text: string | null): Schemas['HtsSpecialRateColumn'] {
  if (text === null) return { text, parsed: null };
  const special = parseSpecialColumn(text);
  switch (special.kind) {
    case 'none':
      return { text, parsed: null };
    case 'unparseable':
      return { text, parsed: { kind: 'unparseable', flagged: true, reason: special.reason } };
    case 'special':
      return {
        text,
        parsed: {
          kind: 'special',
          offers: special.offers.map((offer) => ({ rate: toApiParsedRate(offer.rate), programs: offer.programs })),
          references: special.references.map((reference) => ({
            provisions: reference.provisions,
            programs: reference.programs,
          })),
        },
      };
  }
}

function toApiFootnote(footnote: HtsFootnote): Schemas['HtsFootnote'] {
  return { columns: footnote.columns, marker: footnote.marker, text: footnote.value, type: footnote.type };
}

function toApiRateTexts(rates: HtsLineRates): Schemas['HtsRateTexts'] {
  return {
    general: rates.general,
    special: rates.special,
    other: rates.other,
    additional_duties: rates.additionalDuties,
  };
}

/** Stored lines are numbered (lookups only find numbered lines). */
const codeOf = (line: { code: string | null }): string => dottedHtsCode(line.code as string);

export function toApiHtsLine(view: HtsLineView, asOf: string): Schemas['HtsLine'] {
  const { line, rateLine, rates } = view;
  return {
    object: 'hts_line',
    hts_code: codeOf(line),
    statistical_suffix: line.statisticalSuffix,
    indent: line.indent,
    description: line.description,
    description_path: line.descriptionPath,
    units: line.units,
    rates: {
      general: rateColumn(rates.general),
      special: specialColumn(rates.special),
      other: rateColumn(rates.other),
      additional_duties: rates.additionalDuties,
    },
    rate_line:
      rateLine === null
        ? null
        : {
            hts_code: codeOf(rateLine),
            description: rateLine.description,
            footnotes: rateLine.footnotes.map(toApiFootnote),
          },
    footnotes: line.footnotes.map(toApiFootnote),
    quota_quantity: line.quotaQuantity,
    release: htsReleaseRef(view.release),
    as_of: asOf,
    source: 'usitc_hts',
  };
}

export function toApiHtsLineHistory(entries: HtsHistoryEntry[]): Schemas['HtsLineHistory'] {
  return {
    object: 'hts_line_history',
    hts_code: codeOf(entries[entries.length - 1].line),
    entries: entries.map((entry) => ({
      release: htsReleaseRef(entry.release),
      valid_from: entry.validFrom,
      valid_to: entry.validTo,
      description: entry.line.description,
      rates: toApiRateTexts(entry.rates),
      rate_line_code: entry.rateLine === null ? null : codeOf(entry.rateLine),
    })),
  };
}

export function toApiHtsChangeSet({ changeSet, release, previousRelease }: HtsChangeSetEntry): Schemas['HtsChangeSet'] {
  const { added, removed, rateChanged, descriptionChanged } = changeSet.counts;
  return {
    id: changeSet.id,
    object: 'hts_change_set',
    release: htsReleaseRef(release),
    previous_release: htsReleaseRef(previousRelease),
    counts: { added, removed, rate_changed: rateChanged, description_changed: descriptionChanged },
    created_at: isoTime(changeSet.createdAt),
  };
}

export function toApiTariffAlert(alert: TariffAlert): Schemas['TariffAlert'] {
  return tariffAlertView(alert);
}

/** Agenda's job id behind the API's `job_` prefix. */
export function toApiQueuedJob(job: QueuedJob): Schemas['QueuedJob'] {
  return { id: `job_${job.id}`, object: 'job', name: job.name, status: 'queued', run_at: isoTime(job.runAt) };
}

/** The rate history as a table, a row per release (`?format=csv|xlsx`). */
export function rateHistoryTable(history: Schemas['HtsLineHistory']): Table {
  return {
    name: 'Rate history',
    columns: [
      'hts_code',
      'release_id',
      'release_title',
      'valid_from',
      'valid_to',
      'description',
      'general',
      'special',
      'column_2',
      'additional_duties',
      'rate_line_code',
    ],
    rows: history.entries.map((e) => [
      history.hts_code,
      e.release.id,
      e.release.title,
      e.valid_from,
      e.valid_to,
      e.description,
      e.rates.general,
      e.rates.special,
      e.rates.other,
      e.rates.additional_duties,
      e.rate_line_code,
    ]),
  };
}

/** The alerts as a table (`?format=csv|xlsx`); prefixes and countries space-separated. */
export function tariffAlertsTable(alerts: Array<Schemas['TariffAlert']>): Table {
  return {
    name: 'Tariff alerts',
    columns: ['alert_id', 'livemode', 'hts_prefixes', 'countries', 'created_at', 'updated_at'],
    rows: alerts.map((a) => [
      a.id,
      String(a.livemode),
      a.hts_prefixes.join(' '),
      a.countries.join(' '),
      a.created_at,
      a.updated_at,
    ]),
  };
}
