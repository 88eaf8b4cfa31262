import Decimal from 'decimal.js';
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
  claims?: {
    /** Special program indicator claimed, e.g. `S` (USMCA), `AU`, `KR`; `USMCA`, `CAFTA-DR`, `AGOA`, `GSP`, `KORUS` are accepted too. */
    special_program?: string;
    /** Certified value (USD) of the steel, aluminum or copper content, for content-based Section 232 duties. */
    metal_content_value?: number | string;
    pharmaceutical?: 'patented' | 'generic';
  };
  mode?: TransportMode;
  /** Exporter or producer name, to compute an AD/CVD deposit when a rate for it is known. */
  exporter?: string;
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
  const claims = request.claims ?? {};
  const claimed = claims.special_program?.trim().toUpperCase() || null;
  const specialProgram = claimed === null ? null : (programAliases[claimed] ?? claimed);
  if (specialProgram !== null && !/^[A-Z]{1,2}[*+]?$/.test(specialProgram)) {
    throw new InvalidTariffRequestError('claims/special_program', 'special_program must be a special program indicator such as S, AU or KR');
  }
  const metalContentValue = claims.metal_content_value === undefined ? null : decimalField(claims.metal_content_value, 'claims/metal_content_value');
  if (metalContentValue && metalContentValue.greaterThan(value)) {
    throw new InvalidTariffRequestError('claims/metal_content_value', 'metal_content_value cannot exceed declared_value');
  }
  if (claims.pharmaceutical !== undefined && claims.pharmaceutical !== 'patented' && claims.pharmaceutical !== 'generic') {
    throw new InvalidTariffRequestError('claims/pharmaceutical', 'pharmaceutical must be patented or generic');
  }
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
    specialProgram,
    metalContentValue,
    pharmaceutical: claims.pharmaceutical ?? null,
    mode: request.mode ?? null,
    exporter: request.exporter?.trim() || null,
  };
}
