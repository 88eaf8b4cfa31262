import Decimal from 'decimal.js';
import type { ClaimInput, DutyInput } from '../../domain/tariff';
import type { components } from '../../generated/api';

type Schemas = components['schemas'];

/**
 * The fields a calculation, a refund line and a search with duty share, as the schema has checked
 * them (the declared value may be left out: its default is the engine's).
 */
export interface DutyBody {
  hts_code: string;
  country_code: string;
  declared_value?: number;
  entry_date?: string;
  arrival_date?: string;
  quantity?: Schemas['Quantity'];
  quantities?: Schemas['Quantity'][];
  claims?: Schemas['TariffClaims'];
  mode?: Schemas['TransportMode'];
  exporter?: string;
}

/** The API's claims array as the engine takes it (values as decimals). */
export function toClaimInputs(claims: Schemas['TariffClaim'][]): ClaimInput[] {
  return claims.map((claim) => ({
    code: claim.code,
    value: claim.value === undefined ? undefined : new Decimal(claim.value),
    text: claim.text,
    date: claim.date,
  }));
}

/** The deprecated claims object and top-level exporter, as the catalogue claims they became. */
function claimsOf(body: DutyBody): ClaimInput[] {
  if (Array.isArray(body.claims)) {
    const listed = toClaimInputs(body.claims);
    return body.exporter?.trim() ? [...listed, { code: 'adcvd_exporter', text: body.exporter }] : listed;
  }
  const legacy = body.claims ?? {};
  return [
    ...(legacy.special_program?.trim() ? [{ code: 'special_program', text: legacy.special_program }] : []),
    ...(legacy.pharmaceutical ? [{ code: `pharmaceutical_${legacy.pharmaceutical}` }] : []),
    ...(body.exporter?.trim() ? [{ code: 'adcvd_exporter', text: body.exporter }] : []),
  ];
}

/** The API's quantities as the engine takes them (values as decimals). */
export const toQuantityInputs = (quantities: Schemas['Quantity'][]): Array<{ value: Decimal; unit: string }> =>
  quantities.map((quantity) => ({ value: new Decimal(quantity.value), unit: quantity.unit }));

/** The API's calculation request (snake_case, numbers) as the duty engine takes it (decimals, claims listed). */
export function toDutyInput(body: DutyBody): DutyInput {
  const metal = Array.isArray(body.claims) ? undefined : body.claims?.metal_content_value;
  return {
    htsCode: body.hts_code,
    countryCode: body.country_code.toUpperCase(),
    // From the number itself: String(1e-7) is "1e-7", which a decimal-text parse would refuse.
    declaredValue: body.declared_value === undefined ? undefined : new Decimal(body.declared_value),
    entryDate: body.entry_date,
    arrivalDate: body.arrival_date,
    quantities: toQuantityInputs([...(body.quantity ? [body.quantity] : []), ...(body.quantities ?? [])]),
    claims: claimsOf(body),
    metalContentValue: metal === undefined ? undefined : new Decimal(metal),
    mode: body.mode,
  };
}
