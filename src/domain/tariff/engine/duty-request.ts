import Decimal from 'decimal.js';
import { claimCatalogue } from '../claims/claim-catalogue';
import { canonicalUnit } from '../rate-text/rate-units';
import { countryByCode, type Country } from '../countries/country-directory';
import { normalizeHtsCode } from '../hts-code';
import { InvalidTariffRequestError, UnknownCountryError } from '../errors';
import type { Quantity } from '../rate-text/rate-amount';

export type TransportMode = 'ocean' | 'air' | 'truck' | 'rail';

/** A duty calculation request as the HTTP layer passes it in (field names follow the API). */
export interface DutyRequest {
  hts_code: string;
  country_code: string;
  /** USD; a number or a decimal string. Default 10000. */
  declared_value?: number | string;
  /** YYYY-MM-DD; default today (UTC). */
  entry_date?: string;
  /** YYYY-MM-DD date of arrival (importation), for measures keyed to arrival; default the entry date. */
  arrival_date?: string;
  quantities?: Array<{ value: number | string; unit: string }>;
  /** The claims catalogue (claims.yaml); the object form is the deprecated one and is read into claims. */
  claims?: ClaimInput[] | LegacyClaims;
  mode?: TransportMode;
  /** Deprecated: the claim `adcvd_exporter`. Exporter or producer name, to compute an AD/CVD deposit when a rate for it is known. */
  exporter?: string;
}

/** One claim of the catalogue: its code and what it carries (a value or percent, a text, or a date). */
export interface ClaimInput {
  code: string;
  value?: number | string;
  text?: string;
  /** YYYY-MM-DD, for date claims (the loading date of goods in transit). */
  date?: string;
}

/** The claims object of the first release, still accepted: each field is read as the claim it became. */
export interface LegacyClaims {
  /** Special program indicator claimed, e.g. `S` (USMCA), `AU`, `KR`; `USMCA`, `CAFTA-DR`, `AGOA`, `GSP`, `KORUS` are accepted too. */
  special_program?: string;
  /** Certified value (USD) of the steel, aluminum or copper content, whichever metal the measure is on. */
  metal_content_value?: number | string;
  pharmaceutical?: 'patented' | 'generic';
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
  mode: TransportMode | null;
  exporter: string | null;
  /** Every claim by code, legacy fields included. */
  claims: ReadonlyMap<string, ValidClaim>;
}

const defaultValue = new Decimal(10000);

/** Program names callers use for the special program indicator (SPI) letters of the HTS. */
const programAliases: Record<string, string> = { USMCA: 'S', 'CAFTA-DR': 'P', CAFTA: 'P', AGOA: 'D', GSP: 'A', KORUS: 'KR' };

function decimalField(raw: number | string, field: string): Decimal {
  const text = typeof raw === 'number' ? String(raw) : raw.trim();
  if (!/^\d+(\.\d+)?$/.test(text) || (typeof raw === 'number' && !Number.isFinite(raw))) {
    throw new InvalidTariffRequestError(field, `${field} must be a non-negative decimal number`);
  }
  return new Decimal(text);
}

function dateField(raw: string, field: string): string {
  const time = Date.parse(`${raw}T00:00:00Z`);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(raw);
  if (!valid) throw new InvalidTariffRequestError(field, `${field} must be a calendar date YYYY-MM-DD`);
  return raw;
}

function legacyMetalContent(request: DutyRequest, declared: Decimal): Decimal | null {
  const raw = Array.isArray(request.claims) ? undefined : request.claims?.metal_content_value;
  if (raw === undefined) return null;
  const content = decimalField(raw, 'claims/metal_content_value');
  if (content.greaterThan(declared)) throw new InvalidTariffRequestError('claims/metal_content_value', 'metal_content_value cannot exceed declared_value');
  return content;
}

/** The deprecated object form and the top-level exporter, as catalogue claims. */
function legacyClaims(request: DutyRequest): ClaimInput[] {
  const legacy = Array.isArray(request.claims) ? {} : (request.claims ?? {});
  if (legacy.pharmaceutical !== undefined && legacy.pharmaceutical !== 'patented' && legacy.pharmaceutical !== 'generic') {
    throw new InvalidTariffRequestError('claims/pharmaceutical', 'pharmaceutical must be patented or generic');
  }
  return [
    ...(legacy.special_program?.trim() ? [{ code: 'special_program', text: legacy.special_program }] : []),
    ...(legacy.pharmaceutical ? [{ code: `pharmaceutical_${legacy.pharmaceutical}` }] : []),
    ...(request.exporter?.trim() ? [{ code: 'adcvd_exporter', text: request.exporter }] : []),
  ];
}

/** Validates each claim against the catalogue: an unknown code, a missing value or a second claim of a code is refused. */
function readClaims(request: DutyRequest, declared: Decimal): Map<string, ValidClaim> {
  const claims = new Map<string, ValidClaim>();
  const listed = Array.isArray(request.claims) ? request.claims : [];
  [...listed, ...legacyClaims(request)].forEach((input, index) => {
    const at = index < listed.length ? `claims/${index}` : 'claims';
    const definition = claimCatalogue.get(input.code);
    if (!definition) throw new InvalidTariffRequestError(`${at}/code`, `unknown claim "${input.code}"; the catalogue is in the API description (TariffClaim)`);
    if (claims.has(input.code)) throw new InvalidTariffRequestError(`${at}/code`, `claim "${input.code}" is made twice`);
    let value: Decimal | null = null;
    let text: string | null = null;
    if (definition.takes === 'value' || definition.takes === 'percent') {
      if (input.value === undefined) throw new InvalidTariffRequestError(`${at}/value`, `claim "${input.code}" needs a value`);
      value = decimalField(input.value, `${at}/value`);
      const limit = definition.takes === 'percent' ? new Decimal(100) : declared;
      if (value.greaterThan(limit)) throw new InvalidTariffRequestError(`${at}/value`, `claim "${input.code}" cannot exceed ${definition.takes === 'percent' ? '100 percent' : 'declared_value'}`);
    }
    if (definition.takes === 'text') {
      text = input.text?.trim() || null;
      if (text === null) throw new InvalidTariffRequestError(`${at}/text`, `claim "${input.code}" needs a text (${definition.asserts})`);
    }
    const date = definition.takes === 'date' ? dateField(input.date ?? '', `${at}/date`) : null;
    claims.set(input.code, { code: input.code, value, text, date });
  });
  return claims;
}

/** The fields the engine reads off the claims: the special program, the pharmaceutical status, the exporter. */
function claimFields(claims: Map<string, ValidClaim>): Pick<ValidRequest, 'claims' | 'specialProgram' | 'pharmaceutical' | 'exporter'> {
  const claimedProgram = claims.get('special_program')?.text?.toUpperCase() ?? null;
  const specialProgram = claimedProgram === null ? null : (programAliases[claimedProgram] ?? claimedProgram);
  if (specialProgram !== null && !/^[A-Z]{1,2}[*+]?$/.test(specialProgram)) {
    throw new InvalidTariffRequestError('claims/special_program', 'special_program must be a special program indicator such as S, AU or KR');
  }
  const patented = claims.has('pharmaceutical_patented');
  if (patented && claims.has('pharmaceutical_generic')) {
    throw new InvalidTariffRequestError('claims', 'a pharmaceutical is claimed patented or generic, not both');
  }
  return {
    claims,
    specialProgram,
    pharmaceutical: patented ? 'patented' : claims.has('pharmaceutical_generic') ? 'generic' : null,
    exporter: claims.get('adcvd_exporter')?.text ?? null,
  };
}

/** The request with one claim added or replaced (to price an exemption the request does not claim). */
export function withClaim(request: ValidRequest, claim: ValidClaim): ValidRequest {
  const claims = new Map(request.claims);
  claims.set(claim.code, claim);
  if (claim.code === 'pharmaceutical_patented') claims.delete('pharmaceutical_generic');
  if (claim.code === 'pharmaceutical_generic') claims.delete('pharmaceutical_patented');
  return { ...request, ...claimFields(claims) };
}

/** Checks and normalises a request; throws InvalidTariffRequestError naming the field. */
export function validateDutyRequest(request: DutyRequest, today: string): ValidRequest {
  const code = normalizeHtsCode(request.hts_code ?? '');
  if (!code) throw new InvalidTariffRequestError('hts_code', 'hts_code must be an HTS number of 8 or 10 digits, dotted or plain');
  if (!/^[A-Za-z]{2}$/.test(request.country_code ?? '')) throw new InvalidTariffRequestError('country_code', 'country_code must be an ISO 3166-1 alpha-2 code');
  const country = countryByCode(request.country_code);
  if (!country) throw new UnknownCountryError(request.country_code.toUpperCase());
  const value = request.declared_value === undefined ? defaultValue : decimalField(request.declared_value, 'declared_value');
  if (value.isZero()) throw new InvalidTariffRequestError('declared_value', 'declared_value must be greater than 0');
  const entryDate = request.entry_date === undefined ? today : dateField(request.entry_date, 'entry_date');
  const arrivalDate = request.arrival_date === undefined ? entryDate : dateField(request.arrival_date, 'arrival_date');
  const quantities = (request.quantities ?? []).map((quantity, index) => {
    const unit = canonicalUnit(quantity.unit ?? '');
    if (!unit) throw new InvalidTariffRequestError(`quantities/${index}/unit`, `unit "${quantity.unit}" is not a known unit of quantity`);
    return { value: decimalField(quantity.value, `quantities/${index}/value`), unit };
  });
  const claims = readClaims(request, value);
  if (request.mode !== undefined && !['ocean', 'air', 'truck', 'rail'].includes(request.mode)) {
    throw new InvalidTariffRequestError('mode', 'mode must be ocean, air, truck or rail');
  }
  return {
    code,
    country,
    value,
    valueDefaulted: request.declared_value === undefined,
    entryDate,
    arrivalDate,
    arrivalDefaulted: request.arrival_date === undefined,
    quantities,
    metalContentValue: legacyMetalContent(request, value),
    mode: request.mode ?? null,
    ...claimFields(claims),
  };
}
