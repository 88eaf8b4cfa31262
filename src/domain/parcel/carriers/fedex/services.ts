import { everyZone, groundTransitByZone, type ServiceDefinition } from '../../service-definition';

// FedEx: DIM = L×W×H / 139 (dimensions ≥ .5 in round up), 150 lb, length 108 in, length + girth 165 in.
// Ground to a residence is Home Delivery, priced from the same Ground card plus the residential charge.
const fedex = {
  carrier: 'fedex',
  dim: { divisor: 139, aboveCubicInches: 0, roundDimensions: true },
  limits: { maxWeightLb: 150, maxLengthIn: 108, maxLengthPlusGirthIn: 165 },
} as const;

const express = {
  ...fedex,
  fuelGroup: 'air',
  zoneScopes: ['express'],
  deliveryWeek: 'mon_fri',
  addressType: 'any',
} as const;

export const fedexServices: ServiceDefinition[] = [
  {
    ...express,
    code: 'fedex_first_overnight',
    name: 'FedEx First Overnight',
    cardService: 'fedex_first_overnight',
    transit: everyZone(1),
    liveCode: 'FIRST_OVERNIGHT',
  },
  {
    ...express,
    code: 'fedex_priority_overnight',
    name: 'FedEx Priority Overnight',
    cardService: 'fedex_priority_overnight',
    transit: everyZone(1),
    liveCode: 'PRIORITY_OVERNIGHT',
  },
  {
    ...express,
    code: 'fedex_standard_overnight',
    name: 'FedEx Standard Overnight',
    cardService: 'fedex_standard_overnight',
    transit: everyZone(1),
    liveCode: 'STANDARD_OVERNIGHT',
  },
  {
    ...express,
    code: 'fedex_2_day_am',
    name: 'FedEx 2Day A.M.',
    cardService: 'fedex_2_day_am',
    transit: everyZone(2),
    liveCode: 'FEDEX_2_DAY_AM',
  },
  {
    ...express,
    code: 'fedex_2_day',
    name: 'FedEx 2Day',
    cardService: 'fedex_2_day',
    transit: everyZone(2),
    liveCode: 'FEDEX_2_DAY',
  },
  {
    ...express,
    code: 'fedex_express_saver',
    name: 'FedEx Express Saver',
    cardService: 'fedex_express_saver',
    transit: everyZone(3),
    liveCode: 'FEDEX_EXPRESS_SAVER',
  },
  {
    ...fedex,
    code: 'fedex_ground',
    name: 'FedEx Ground',
    cardService: 'fedex_ground',
    fuelGroup: 'ground',
    zoneScopes: ['ground'],
    transit: groundTransitByZone,
    deliveryWeek: 'mon_fri',
    addressType: 'commercial',
    liveCode: 'FEDEX_GROUND',
  },
  {
    ...fedex,
    code: 'fedex_home_delivery',
    name: 'FedEx Home Delivery',
    cardService: 'fedex_ground',
    fuelGroup: 'ground',
    zoneScopes: ['ground'],
    transit: groundTransitByZone,
    deliveryWeek: 'mon_sat',
    addressType: 'residential',
    liveCode: 'GROUND_HOME_DELIVERY',
  },
];
