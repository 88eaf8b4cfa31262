import type { ServiceQuote } from './model';
import type { ServiceDefinition } from './service-definition';

/** A service's quote with nothing rated yet: the shape card and live quotes fill in. */
export function blankQuote(service: ServiceDefinition): ServiceQuote {
  return {
    carrier: service.carrier,
    service: service.code,
    serviceName: service.name,
    available: false,
    unavailable: null,
    totalCents: null,
    currency: 'USD',
    breakdown: [],
    parcels: [],
    zone: null,
    zoneSource: null,
    transitDays: null,
    estimatedDeliveryDate: null,
    rateType: null,
    source: null,
    warnings: [],
    cheapest: false,
    fastest: false,
  };
}
