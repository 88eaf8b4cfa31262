import Decimal from 'decimal.js';
import { claimCatalogue } from '../claims/claim-catalogue';
import { canonicalUnit } from '../rate-text/rate-units';
import { countryByCode, type Country } from '../countries/country-directory';
import { formatHtsCode, normalizeHtsCode } from '../hts-code';
import { isCalendarDate } from '../../shared';
import { ChapterNinetyNineCodeError, InvalidTariffRequestError, UnknownCountryError } from '../errors';
import type { Quantity } from '../rate-text/rate-amount';

import type { TransportMode } from '../rules/rule-schema';

export type { TransportMode };

/**
 * A duty calculation as the engine takes it, in the domain's terms. Callers map their own input to
 * it (the HTTP handlers from the API's generated types, after the OpenAPI schema has checked them;
 * shipments from their cargo lines); the engine checks only what a schema cannot say: that the code,
 * country and units exist, that dates are days of the calendar, and the rules between fields (claims
 * against the catalogue and the value).
 * Errors name the request field they come from (`declared_value`, `claims/0/value`…).
 */
export interface DutyInput {
  /** HTS number of 8 or 10 digits, dotted or plain. */
  htsCode: string;
  /** ISO 3166-1 alpha-2 code, either case. */
  countryCode: string;
  /** USD, greater than 0. Default 10000. */
  declaredValue?: Decimal;
  /** YYYY-MM-DD; default today (UTC). */
  entryDate?: string;
  /** YYYY-MM-DD date of arrival (importation), for measures keyed to arrival; default the entry date. */
  arrivalDate?: string;
  quantities?: Array<{ value: Decimal; unit: string }>;
  claims?: ClaimInput[];
  /** The deprecated claim `metal_content_value`: the content value of whichever metal the measure is on. */
  metalContentValue?: Decimal;
  mode?: TransportMode;
}

/** One claim of the catalogue: its code and what it carries (a value or percent, a text, or a date). */
export interface ClaimInput {
  code: string;
  value?: Decimal;
  text?: string;
  /** YYYY-MM-DD, for date claims (the loading date of goods in transit). */
  date?: string;
}

/** A claim after validation: `value` for value and percent claims, `text` for text claims, `date` for date claims. */
export interface ValidClaim {
  code: string;
  value: Decimal | null;
  text: string | null;
  date: string | null;
}

export interface ValidRequest {
  code: string;
  country: Country;
  value: Decimal;
  valueDefaulted: boolean;
  entryDate: string;
  arrivalDate: string;
  arrivalDefaulted: boolean;
  quantities: Quantity[];
  specialProgram: string | null;
  metalContentValue: Decimal | null;
  pharmaceutical: 'patented' | 'generic' | null;
  /** Whether the goods are claimed within or beyond a tariff-rate quota; null when not claimed. */
  quota: 'within' | 'over' | null;
  mode: TransportMode | null;
  exporter: string | null;
  /** Every claim by code, legacy fields included. */
  claims: ReadonlyMap<string, ValidClaim>;
}

const defaultValue = new Decimal(10000);
const hundred = new Decimal(100);
/** Shared by every request without claims: never written to (withClaim copies it). */
const noClaims: Map<string, ValidClaim> = new Map();

/** Program names callers use for the special program indicator (SPI) letters of the HTS. */
const programAliases: Record<string, string> = {
  USMCA: 'S',
  'CAFTA-DR': 'P',
  CAFTA: 'P',
  AGOA: 'D',
  GSP: 'A',
  KORUS: 'KR',
};

/** Dates already found to be days of the calendar (requests name few): bounded, so odd input cannot grow it. */
const knownDays = new Set<string>();

/** The schema's `format: date` checks the shape only (the validator's fast form): 2026-02-30 gets here. */
function calendarDate(text: string, field: string): string {
  if (knownDays.has(text)) return text;
  if (!isCalendarDate(text)) throw new InvalidTariffRequestError(field, `${field} must be a calendar date YYYY-MM-DD`);
  if (knownDays.size < 10_000) knownDays.add(text);
  return text;
}

function notAbove(value: Decimal, limit: Decimal, field: string, message: string): Decimal {
  if (value.greaterThan(limit)) throw new InvalidTariffRequestError(field, message);
  return value;
}

/** Validates each claim against the catalogue: an unknown code, a missing value or a second claim of a code is refused. */
function readClaims(inputs: readonly ClaimInput[], declared: Decimal): Map<string, ValidClaim> {
  if (inputs.length === 0) return noClaims;
  const claims = new Map<string, ValidClaim>();
  inputs.forEach((input, index) => {
    const at = `claims/${index}`;
    const definition = claimCatalogue.get(input.code);
    if (!definition)
      throw new InvalidTariffRequestError(
        `${at}/code`,
        `unknown claim "${input.code}"; the catalogue is in the API description (TariffClaim)`,
      );
    if (claims.has(input.code))
      throw new InvalidTariffRequestError(`${at}/code`, `claim "${input.code}" is made twice`);
    let value: Decimal | null = null;
    let text: string | null = null;
    if (definition.takes === 'value' || definition.takes === 'percent') {
      if (input.value === undefined)
        throw new InvalidTariffRequestError(`${at}/value`, `claim "${input.code}" needs a value`);
      const percent = definition.takes === 'percent';
      value = notAbove(
        input.value,
        percent ? hundred : declared,
        `${at}/value`,
        `claim "${input.code}" cannot exceed ${percent ? '100 percent' : 'declared_value'}`,
      );
    }
    if (definition.takes === 'text') {
      text = input.text?.trim() || null;
      if (text === null)
        throw new InvalidTariffRequestError(`${at}/text`, `claim "${input.code}" needs a text (${definition.asserts})`);
    }
    const date = definition.takes === 'date' ? calendarDate(input.date ?? '', `${at}/date`) : null;
    claims.set(input.code, { code: input.code, value, text, date });
  });
  return claims;
}

/** Claims that exclude each other, with what a request making both is told. */
const exclusiveClaims: ReadonlyArray<{ pair: readonly [string, string]; message: string }> = [
  {
    pair: ['pharmaceutical_patented', 'pharmaceutical_generic'],
    message: 'a pharmaceutical is claimed patented or generic, not both',
  },
  {
    pair: ['within_quota', 'over_quota'],
    message: 'goods are claimed within a tariff-rate quota or beyond it, not both',
  },
];

/** The fields the engine reads off the claims: the special program, the pharmaceutical status, the quota, the exporter. */
function claimFields(
  claims: Map<string, ValidClaim>,
): Pick<ValidRequest, 'claims' | 'specialProgram' | 'pharmaceutical' | 'quota' | 'exporter'> {
  const claimedProgram = claims.get('special_program')?.text?.toUpperCase() ?? null;
  const specialProgram = claimedProgram === null ? null : (programAliases[claimedProgram] ?? claimedProgram);
  if (specialProgram !== null && !/^[A-Z]{1,2}[*+]?$/.test(specialProgram)) {
    throw new InvalidTariffRequestError(
      'claims/special_program',
      'special_program must be a special program indicator such as S, AU or KR',
    );
  }
  for (const { pair, message } of exclusiveClaims)
    if (claims.has(pair[0]) && claims.has(pair[1])) throw new InvalidTariffRequestError('claims', message);
  return {
    claims,
    specialProgram,
    pharmaceutical: claims.has('pharmaceutical_patented')
      ? 'patented'
      : claims.has('pharmaceutical_generic')
        ? 'generic'
        : null,
    quota: claims.has('within_quota') ? 'within' : claims.has('over_quota') ? 'over' : null,
    exporter: claims.get('adcvd_exporter')?.text ?? null,
  };
}

/** The request with one claim added or replaced (to price an exemption the request does not claim). */
export function withClaim(request: ValidRequest, claim: ValidClaim): ValidRequest {
  const claims = new Map(request.claims);
  claims.set(claim.code, claim);
  // The claim added replaces the one it excludes.
  for (const { pair } of exclusiveClaims)
    if (pair.includes(claim.code)) claims.delete(pair[0] === claim.code ? pair[1] : pair[0]);
  return { ...request, ...claimFields(claims) };
}

/**
 * Checks what a schema cannot and normalises the input; throws InvalidTariffRequestError naming the
 * field. `today` is asked only when the entry date is left out (formatting a date costs a few µs).
 */
export function validateDutyRequest(input: DutyInput, today: () => string): ValidRequest {
  const code = normalizeHtsCode(input.htsCode);
  if (!code)
    throw new InvalidTariffRequestError(
      'hts_code',
      'hts_code must be an HTS number of 8 or 10 digits, dotted or plain',
    );
  if (code.startsWith('99')) throw new ChapterNinetyNineCodeError(formatHtsCode(code));
  const country = countryByCode(input.countryCode.toUpperCase());
  if (!country) throw new UnknownCountryError(input.countryCode.toUpperCase());
  const value = input.declaredValue ?? defaultValue;
  if (value.lessThanOrEqualTo(0))
    throw new InvalidTariffRequestError('declared_value', 'declared_value must be greater than 0');
  const entryDate = input.entryDate === undefined ? today() : calendarDate(input.entryDate, 'entry_date');
  const quantities = (input.quantities ?? []).map((quantity, index) => {
    const unit = canonicalUnit(quantity.unit);
    if (!unit)
      throw new InvalidTariffRequestError(
        `quantities/${index}/unit`,
        `unit "${quantity.unit}" is not a known unit of quantity`,
      );
    return { value: quantity.value, unit };
  });
  const metal = input.metalContentValue;
  return {
    code,
    country,
    value,
    valueDefaulted: input.declaredValue === undefined,
    entryDate,
    arrivalDate: input.arrivalDate === undefined ? entryDate : calendarDate(input.arrivalDate, 'arrival_date'),
    arrivalDefaulted: input.arrivalDate === undefined,
    quantities,
    metalContentValue:
      metal === undefined
        ? null
        : notAbove(metal, value, 'claims/metal_content_value', 'metal_content_value cannot exceed declared_value'),
    mode: input.mode ?? null,
    ...claimFields(readClaims(input.claims ?? [], value)),
  };
}
