import type { DutyCalculation } from '../../../src/domain/tariff/engine/duty-result';
import type { DutyBody } from '../../../src/handlers/inputs/tariff.input';
import { runGoldenScenariosOn, type GoldenScenario } from '../../support/golden-scenarios';
import { releaseLinesInDatabase } from '../../support/hts-fixtures';

/**
 * Golden scenarios of the Section 232 steel, aluminum and copper history of 2025, written from the
 * Chapter 99 headings as the 2025 releases print them (9903.85.08 "+ a duty of 25% upon the value of
 * the aluminum content" in Rev 4 to Rev 13, 50% from Rev 14; 9903.85.15 and 9903.85.68; 9903.78.01
 * and .02 from Rev 17), the lists of U.S. note 19(i)-(k) (HTS 2026 Rev 6 text, at the note's
 * precision) and the content rules of U.S. note 2(v)(vii), (ix). Lines are read from the database
 * of the dialect under test (2025 Basic Edition, Rev 9 from 2025-04-05, Rev 18 from 2025-08-07).
 * Values are USD 10,000; metal furniture 9403.20.00 and refrigerator parts 8418.99.80 are Free
 * (column 2: 45% and 35%), copper wire 7408.11.60 is 3%.
 */
const releases = [
  'hts_2025_basic_edition_json.json.gz',
  'hts_2025_revision_9_json.json.gz',
  'hts_2025_revision_18_json.json.gz',
];

const entry = (
  hts_code: string,
  country_code: string,
  entry_date: string,
  claims: DutyBody['claims'] = [],
): DutyBody => ({ hts_code, country_code, entry_date, declared_value: 10000, claims });
const aluminum = (value: number) => [{ code: 'aluminum_content_value' as const, value }];
const copper = (value: number) => [{ code: 'copper_content_value' as const, value }];
const reported = (id: string, heading: string, basis?: string) => (result: DutyCalculation) => {
  const component = result.components.find((c) => c.id === id);
  expect(component?.heading).toBe(heading);
  if (basis) expect(component?.basis).toBe(basis);
};
const steel = (value: number) => [{ code: 'steel_content_value' as const, value }];
const notes = (id: string, heading: string) => (result: DutyCalculation) =>
  expect(result.components.find((c) => c.id === id)?.possibleExemptions.map((note) => note.heading)).toContain(heading);
const furniture = '9403.20.00.90';
const forklift = '8427.10.80.95';

const scenarios: GoldenScenario[] = [
  // Aluminum derivatives at 25% of the aluminum content from 2025-03-12 (Proclamation 10895).
  {
    name: 'aluminum derivative the day before Proclamation 10895 (2025-03-11): no Section 232 duty',
    source: 'Proclamation 10895: effective 12:01 a.m. EDT 2025-03-12; heading 9903.85.08 first printed in 2025 Rev 4',
    request: entry(furniture, 'VN', '2025-03-11', aluminum(4000)),
    applies: { mfn: '0.00' },
    total: '0.00',
  },
  {
    name: 'metal furniture from Vietnam on 2025-03-20: 25% of the aluminum content (9903.85.08)',
    source:
      'Heading 9903.85.08 (HTS 2025 Rev 6, Rev 9): "+ a duty of 25% upon the value of the aluminum content"; note 19(k) lists 9403.20.00',
    request: entry(furniture, 'VN', '2025-03-20', aluminum(4000)),
    applies: { mfn: '0.00', 's232-aluminum-derivatives-25': '1000.00' },
    total: '1000.00',
    check: reported('s232-aluminum-derivatives-25', '9903.85.08', 'metal_content'),
  },
  {
    name: 'metal furniture from Vietnam on 2025-04-20: 25% of the content, the reciprocal 10% on the rest',
    source:
      'Heading 9903.85.08 (2025 Rev 9, 25%); heading 9903.01.25 (+10%); U.S. note 2(v)(ix): reciprocal on the non-aluminum content',
    request: entry(furniture, 'VN', '2025-04-20', aluminum(4000)),
    applies: {
      mfn: '0.00',
      's232-aluminum-derivatives-25': '1000.00',
      'ieepa-reciprocal-baseline-2025-04-05': '600.00',
    },
    total: '1600.00',
    check: reported('ieepa-reciprocal-baseline-2025-04-05', '9903.01.25', 'non_metal_content'),
  },
  {
    name: 'metal furniture from Vietnam on 2025-06-03, the last day at 25%',
    source:
      'Proclamation 10947 (90 FR 24199): 50% from 12:01 a.m. EDT 2025-06-04; heading 9903.85.08 at 25% through 2025 Rev 13',
    request: entry(furniture, 'VN', '2025-06-03', aluminum(4000)),
    applies: {
      mfn: '0.00',
      's232-aluminum-derivatives-25': '1000.00',
      'ieepa-reciprocal-baseline-2025-04-05': '600.00',
    },
    total: '1600.00',
  },
  {
    name: 'metal furniture from Vietnam on 2025-06-04: 50% of the aluminum content; U.S.-smelted aluminum noted (9903.85.09)',
    source:
      'Proclamation 10947; heading 9903.85.08 (2025 Rev 14 on): "+ a duty of 50% upon the value of the aluminum content"; heading 9903.85.09 (processed from aluminum smelted and cast in the United States: no additional duty)',
    request: entry(furniture, 'VN', '2025-06-04', aluminum(4000)),
    applies: { mfn: '0.00', 's232-aluminum-derivatives': '2000.00', 'ieepa-reciprocal-baseline-2025-04-05': '600.00' },
    total: '2600.00',
    check: notes('s232-aluminum-derivatives', '9903.85.09'),
  },
  {
    name: 'metal furniture from the United Kingdom on 2025-07-01: 25% of the content (9903.85.15)',
    source:
      'Heading 9903.85.15 (2025 Rev 14 on): UK derivatives of note 19(s), "+ a duty of 25% upon the value of the aluminum content"; 9903.01.25 on the rest',
    request: entry(furniture, 'GB', '2025-07-01', aluminum(2500)),
    applies: {
      mfn: '0.00',
      's232-aluminum-derivatives-uk': '625.00',
      'ieepa-reciprocal-baseline-2025-04-05': '750.00',
    },
    total: '1375.00',
    check: reported('s232-aluminum-derivatives-uk', '9903.85.15', 'metal_content'),
  },
  {
    name: 'metal furniture of Russia on 2025-04-15: 200% on the full value (9903.85.68), column 2 base',
    source:
      'Heading 9903.85.68 (2025 Rev 4 on): derivatives of notes 19(i)-(k) of Russia + 200%; note 19(m)(B): on the full value; general note 3(b) column 2 45%',
    request: entry(furniture, 'RU', '2025-04-15', aluminum(4000)),
    applies: { mfn: '4500.00', 's232-aluminum-derivatives-russia': '20000.00' },
    total: '24500.00',
    check: reported('s232-aluminum-derivatives-russia', '9903.85.68', 'full_value'),
  },
  {
    name: 'aluminum derivative of Mexico on 2025-04-15: the fentanyl 25% excludes the 232 duty (EO 14289)',
    source:
      'EO 14289 (90 FR 18907): Canada/Mexico IEEPA duties exclude 232 steel and aluminum until Proclamation 10947; heading 9903.01.01 (+25%)',
    request: entry(furniture, 'MX', '2025-04-15', aluminum(4000)),
    applies: { mfn: '0.00', 'ieepa-fentanyl-mx': '2500.00' },
    suppressed: ['s232-aluminum-derivatives-25'],
    total: '2500.00',
  },
  {
    name: 'aluminum derivative of Mexico on 2025-06-04: 232 first, no fentanyl duty (note 19(h))',
    source:
      'Proclamation 10947; U.S. note 19(h): derivatives of 9903.85.08 are not subject to 9903.01.01; 9903.01.27: no reciprocal duty on Mexico',
    request: entry(furniture, 'MX', '2025-06-04', aluminum(4000)),
    applies: { mfn: '0.00', 's232-aluminum-derivatives': '2000.00' },
    suppressed: ['ieepa-fentanyl-mx'],
    total: '2000.00',
  },
  // Full-value derivatives of note 19(j) under their own headings.
  {
    name: 'aluminum article of 7616.99.51.90 from Vietnam on 2025-04-20: a 19(j) derivative, +25% (9903.85.07)',
    source:
      'U.S. note 19(j) names 7616.99.5190; heading 9903.85.07 (HTS 2025 Rev 9): + 25%; heading 9903.01.33 (no reciprocal duty on 232 articles); general rate 2.5%',
    request: entry('7616.99.51.90', 'VN', '2025-04-20'),
    applies: { mfn: '250.00', 's232-aluminum-derivatives-19j-25': '2500.00' },
    suppressed: ['ieepa-reciprocal-baseline-2025-04-05'],
    total: '2750.00',
    check: reported('s232-aluminum-derivatives-19j-25', '9903.85.07', 'full_value'),
  },
  {
    name: 'the same article from the United Kingdom on 2025-07-01: +25% under 9903.85.14',
    source: 'Heading 9903.85.14 (HTS 2025 Rev 14 on): UK derivatives of note 19(r), the provisions of 19(j), + 25%',
    request: entry('7616.99.51.90', 'GB', '2025-07-01'),
    applies: { mfn: '250.00', 's232-aluminum-derivatives-19j-uk': '2500.00' },
    suppressed: ['ieepa-reciprocal-baseline-2025-04-05'],
    total: '2750.00',
    check: reported('s232-aluminum-derivatives-19j-uk', '9903.85.14'),
  },
  // Full-value articles declared on two lines: the metal content, and the rest, which keeps the reciprocal duty.
  {
    name: 'the 19(j) article from Vietnam on 2025-09-01 with 6,000 of aluminum: 50% of the full value, 20% on the non-aluminum 4,000',
    source:
      'Heading 9903.85.07 (+50%); U.S. note 2(v)(ix): the reciprocal duties do not apply to the aluminum content of 9903.85.04/.07/.08 derivatives "but shall apply to the non-aluminum content"; 9903.02.69 (VN +20%)',
    request: entry('7616.99.51.90', 'VN', '2025-09-01', aluminum(6000)),
    applies: { mfn: '250.00', 's232-aluminum-derivatives-19j': '5000.00', 'ieepa-reciprocal-vn': '800.00' },
    total: '6050.00',
    check: reported('ieepa-reciprocal-vn', '9903.02.69', 'non_metal_content'),
  },
  {
    name: 'a steel article of chapter 73 from Vietnam on 2025-09-01 with 8,000 of steel: 50% of the full value, 20% on the non-steel 2,000',
    source:
      'Heading 9903.81.87 (+50%, 2025 Rev 14 on); U.S. note 2(v)(vi): the reciprocal duties do not apply to 9903.81.87 articles "but shall apply to the non-steel content"; 9903.02.69; general rate 2.9%',
    request: entry('7326.90.86.88', 'VN', '2025-09-01', steel(8000)),
    applies: { mfn: '290.00', 's232-steel-50': '5000.00', 'ieepa-reciprocal-vn': '400.00' },
    total: '5690.00',
  },
  {
    name: 'the same steel article without a steel content claim: one line, no reciprocal duty',
    source: 'Heading 9903.01.33 (articles of iron or steel of note 2(v)(vi)); heading 9903.81.87 (+50%)',
    request: entry('7326.90.86.88', 'VN', '2025-09-01'),
    applies: { mfn: '290.00', 's232-steel-50': '5000.00' },
    suppressed: ['ieepa-reciprocal-vn'],
    total: '5290.00',
  },
  // Annex precision: note 19(k) names 8418.99.8005, .8050 and .8060, not the whole subheading.
  {
    name: 'refrigerator parts 8418.99.80.50 (named in note 19(k)) from Thailand on 2025-07-01: aluminum derivative',
    source:
      'U.S. note 19(k) (HTS 2026 Rev 6) names the statistical line 8418.99.8050; heading 9903.85.08 50%; 9903.01.25 on the rest',
    request: entry('8418.99.80.50', 'TH', '2025-07-01', aluminum(2500)),
    applies: { mfn: '0.00', 's232-aluminum-derivatives': '1250.00', 'ieepa-reciprocal-baseline-2025-04-05': '750.00' },
    total: '2000.00',
  },
  {
    name: 'refrigerator compressor parts 8418.99.80.10 (not named) on 2025-07-01: the list is not widened to the subheading',
    source:
      'U.S. note 19(k) names 8418.99.8005, .8050, .8060 of subheading 8418.99.80, not .8010; heading 9903.01.25 (+10%) on the full value',
    request: entry('8418.99.80.10', 'TH', '2025-07-01'),
    applies: { mfn: '0.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    total: '1000.00',
  },
  {
    name: 'beer from Mexico on 2025-09-01: listed in note 19(k) with no inclusion date held, the aluminum duty is unresolved',
    source:
      'U.S. note 19(k) (HTS 2026 Rev 6) lists 2203.00.00; no Commerce inclusion notice for it is in the data; so the fentanyl 25% (9903.01.01), which yields to 232 from 2025-06-04 (Proclamation 10947), is unresolved with it',
    request: entry('2203.00.00.30', 'MX', '2025-09-01', aluminum(500)),
    applies: { mfn: '0.00' },
    unresolved: ['ieepa-fentanyl-mx', 's232-aluminum-derivatives-undated'],
    total: null,
  },
  // The inclusions of 2025-08-18 (FR doc 2025-15819) apply from that date only.
  {
    name: 'refrigerator-freezer 8418.10.00 from Korea on 2025-08-17: not yet an aluminum derivative',
    source:
      'FR doc 2025-15819: inclusions effective 2025-08-18 (8418.10.00 in note 19(k)); KR heading 9903.02.xx 15% from 2025-08-07 (EO 14326)',
    request: entry('8418.10.00.20', 'KR', '2025-08-17'),
    applies: { mfn: '0.00', 'ieepa-reciprocal-kr-flat': '1500.00' },
    total: '1500.00',
  },
  {
    name: 'refrigerator-freezer 8418.10.00 from Korea on 2025-08-18: 50% of the aluminum content, 15% on the rest',
    source: 'FR doc 2025-15819 (2025-08-18); heading 9903.85.08 (+50% of the aluminum content); U.S. note 2(v)(ix)',
    request: entry('8418.10.00.20', 'KR', '2025-08-18', aluminum(1000)),
    applies: { mfn: '0.00', 's232-aluminum-derivatives': '500.00', 'ieepa-reciprocal-kr-flat': '1350.00' },
    total: '1850.00',
  },
  // Steel derivatives: the inclusions of 2025-08-18 (the list held has no earlier lines).
  {
    name: 'forklift from Vietnam on 2025-08-17: not yet a steel derivative, the reciprocal 20% on the full value',
    source:
      'FR doc 2025-15819: 8427.10.80 among the steel derivative inclusions effective 2025-08-18; heading 9903.02.69 (VN +20%)',
    request: entry(forklift, 'VN', '2025-08-17', steel(2500)),
    applies: { mfn: '0.00', 'ieepa-reciprocal-vn': '2000.00' },
    total: '2000.00',
  },
  {
    name: 'forklift from Vietnam on 2025-08-18: 50% of the steel content, the reciprocal 20% on the non-steel 7,500',
    source:
      'FR doc 2025-15819 (2025-08-18); heading 9903.81.91 ("+ a duty of 50% upon the value of the steel content"); U.S. note 2(v)(vii); 9903.81.92 noted',
    request: entry(forklift, 'VN', '2025-08-18', steel(2500)),
    applies: { mfn: '0.00', 's232-steel-derivatives': '1250.00', 'ieepa-reciprocal-vn': '1500.00' },
    total: '2750.00',
    check: (result) => {
      reported('ieepa-reciprocal-vn', '9903.02.69', 'non_metal_content')(result);
      notes('s232-steel-derivatives', '9903.81.92')(result);
    },
  },
  // Copper: the copper content under 9903.78.01, the rest declared under 9903.78.02 keeps its duties.
  {
    name: 'copper wire from Vietnam on 2025-07-31, before the copper proclamation: the reciprocal 10% on the full value',
    source: 'Proclamation 10962 (FR doc 2025-14893): from 12:01 a.m. EDT 2025-08-01; heading 9903.01.25 (+10%)',
    request: entry('7408.11.60.00', 'VN', '2025-07-31', copper(9000)),
    applies: { mfn: '300.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    total: '1300.00',
  },
  {
    name: 'copper wire from Vietnam on 2025-08-01: 50% of the copper content, the reciprocal on the non-copper 1,000',
    source:
      'Heading 9903.78.01 (2025 Rev 17): "+ a duty of 50% upon the value of the copper content"; heading 9903.78.02 for the rest; CSMS #65794272',
    request: entry('7408.11.60.00', 'VN', '2025-08-01', copper(9000)),
    applies: { mfn: '300.00', 's232-copper': '4500.00', 'ieepa-reciprocal-baseline-2025-04-05': '100.00' },
    total: '4900.00',
    check: reported('ieepa-reciprocal-baseline-2025-04-05', '9903.01.25', 'non_metal_content'),
  },
  {
    name: 'copper wire from Vietnam on 2025-09-01: the Annex I rate (20%) on the non-copper content',
    source:
      'Heading 9903.78.01; heading 9903.02.69 (VN +20%, 2025 Rev 18); CSMS #65794272: non-copper content under 9903.78.02 owes the reciprocal duty',
    request: entry('7408.11.60.00', 'VN', '2025-09-01', copper(9000)),
    applies: { mfn: '300.00', 's232-copper': '4500.00', 'ieepa-reciprocal-vn': '200.00' },
    total: '5000.00',
  },
];

runGoldenScenariosOn('golden scenarios of the 2025 Section 232 history (database lines)', scenarios, () =>
  releaseLinesInDatabase(releases),
);
