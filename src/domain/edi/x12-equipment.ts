import { digits, type ElementRule } from './element-rules';
import { type EdiSegment, elementValue } from './segments';

/** N7 (equipment details) as 322 and 310 carry it: initial, number and check digit (N7-18). */
export const n7Rules: ElementRule[] = [
  { n: 1, required: true, min: 4, max: 4 },
  { n: 2, required: true, min: 6, max: 7, ...digits },
  { n: 11, codes: ['CN', 'CH', 'TL', 'RR'] },
  { n: 18, min: 1, max: 1, ...digits },
];

/** The ISO 6346 number an N7 names: N7-01, N7-02 and the check digit (when N7-02 leaves it out). */
export const equipmentNumber = (n7: EdiSegment): string =>
  `${elementValue(n7, 1)}${elementValue(n7, 2)}${elementValue(n7, 18)}`;
