import type { ServiceDefinition } from '../../service-definition';

// USPS: DIM only above one cubic foot, divisor 166; 70 lb; Ground Advantage up to 130 in length + girth
// (108–130 in is the "oversized" price), Priority Mail and Express up to 108 in. No fuel surcharge.
const usps = {
  carrier: 'usps',
  fuelGroup: null,
  dim: { divisor: 166, aboveCubicInches: 1728, roundDimensions: false },
  deliveryWeek: 'mon_sat',
  addressType: 'any',
} as const;

export const uspsServices: ServiceDefinition[] = [
  {
    ...usps,
    code: 'usps_ground_advantage',
    name: 'USPS Ground Advantage',
    cardService: 'usps_ground_advantage',
    zoneScopes: ['ground_under_1lb'],
    limits: { maxWeightLb: 70, maxLengthIn: 130, maxLengthPlusGirthIn: 130 },
    separatePriceAboveLengthPlusGirthIn: 108,
    transit: [
      { zones: [1, 2], days: [2, 2] },
      { zones: [3, 4], days: [3, 3] },
      { zones: [5, 6], days: [4, 4] },
      { zones: [7, 9], days: [5, 5] },
    ],
    liveCode: 'USPS_GROUND_ADVANTAGE',
  },
  {
    ...usps,
    code: 'usps_priority_mail',
    name: 'Priority Mail',
    cardService: 'usps_priority_mail',
    zoneScopes: ['priority'],
    limits: { maxWeightLb: 70, maxLengthIn: 108, maxLengthPlusGirthIn: 108 },
    transit: [
      { zones: [1, 3], days: [1, 2] },
      { zones: [4, 6], days: [2, 3] },
      { zones: [7, 9], days: [3, 3] },
    ],
    liveCode: 'PRIORITY_MAIL',
  },
  {
    ...usps,
    code: 'usps_priority_mail_express',
    name: 'Priority Mail Express',
    cardService: 'usps_priority_mail_express',
    zoneScopes: ['priority'],
    limits: { maxWeightLb: 70, maxLengthIn: 108, maxLengthPlusGirthIn: 108 },
    transit: [{ zones: [1, 9], days: [1, 2] }],
    liveCode: 'PRIORITY_MAIL_EXPRESS',
  },
];
