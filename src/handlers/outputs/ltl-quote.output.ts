import type { components } from '../../generated/api';
import { isoTime, isoTimeOrNull } from './time';
import type { LtlQuoteRequest } from '../../domain/ltl';

type Schemas = components['schemas'];

export function toApiLtlQuoteRequest(request: LtlQuoteRequest): Schemas['LtlQuoteRequest'] {
  const { quote } = request;
  return {
    id: request.id,
    object: 'ltl_quote_request',
    livemode: request.livemode,
    status: request.status,
    reference: request.reference,
    origin: { postal_code: request.originPostalCode },
    destination: { postal_code: request.destinationPostalCode },
    ready_date: request.readyDate,
    pallets: request.pallets.map((p) => ({
      length: p.length,
      width: p.width,
      height: p.height,
      length_unit: p.lengthUnit,
      weight: p.weight,
      weight_unit: p.weightUnit,
      quantity: p.quantity,
      description: p.description,
      density_lb_per_ft3: p.density,
      density_class: p.densityClass as Schemas['NmfcClass'],
      freight_class: (p.freightClass ?? p.densityClass) as Schemas['NmfcClass'],
      class_source: p.freightClass === null ? 'density' : 'given',
    })),
    accessorials: request.accessorials as Schemas['LtlAccessorial'][],
    total_weight_lb: request.totalWeightLb,
    total_volume_ft3: request.totalVolumeFt3,
    quote:
      quote === null
        ? null
        : {
            carrier_scac: quote.carrierScac,
            carrier_name: quote.carrierName,
            amount: { amount: quote.amount, currency: quote.currency },
            transit_days: quote.transitDays,
            valid_until: isoTime(quote.validUntil),
            quoted_at: isoTime(quote.quotedAt),
          },
    accepted_at: isoTimeOrNull(request.acceptedAt),
    expired_at: isoTimeOrNull(request.expiredAt),
    created_at: isoTime(request.createdAt),
    updated_at: isoTime(request.updatedAt),
  };
}
