import { everyZone, groundTransitByZone, type ServiceDefinition } from '../../service-definition';

// UPS: DIM = L×W×H / 139 on every service, each side rounded to the nearest inch; 150 lb, length 108 in,
// length + girth 165 in. Service codes are the UPS Rating API's; each service reads its own zone chart column.
const ups = {
  carrier: 'ups',
  dim: { divisor: 139, aboveCubicInches: 0, roundDimensions: true },
  limits: { maxWeightLb: 150, maxLengthIn: 108, maxLengthPlusGirthIn: 165 },
  deliveryWeek: 'mon_fri',
  addressType: 'any',
} as const;

export const upsServices: ServiceDefinition[] = [
  {
    ...ups,
    code: 'ups_ground',
    name: 'UPS Ground',
    cardService: 'ups_ground',
    zoneScopes: ['ground'],
    fuelGroup: 'ground',
    transit: groundTransitByZone,
    liveCode: '03',
  },
  {
    ...ups,
    code: 'ups_3_day_select',
    name: 'UPS 3 Day Select',
    cardService: 'ups_3_day_select',
    zoneScopes: ['3_day_select'],
    fuelGroup: 'air',
    transit: everyZone(3),
    liveCode: '12',
  },
  {
    ...ups,
    code: 'ups_2nd_day_air',
    name: 'UPS 2nd Day Air',
    cardService: 'ups_2nd_day_air',
    zoneScopes: ['2nd_day_air'],
    fuelGroup: 'air',
    transit: everyZone(2),
    liveCode: '02',
  },
  {
    ...ups,
    code: 'ups_next_day_air_saver',
    name: 'UPS Next Day Air Saver',
    cardService: 'ups_next_day_air_saver',
    zoneScopes: ['next_day_air_saver'],
    fuelGroup: 'air',
    transit: everyZone(1),
    liveCode: '13',
  },
  {
    ...ups,
    code: 'ups_next_day_air',
    name: 'UPS Next Day Air',
    cardService: 'ups_next_day_air',
    zoneScopes: ['next_day_air'],
    fuelGroup: 'air',
    transit: everyZone(1),
    liveCode: '01',
  },
];
