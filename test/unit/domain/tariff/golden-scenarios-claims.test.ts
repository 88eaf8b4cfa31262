import type { DutyCalculation } from '../../../../src/domain/tariff/engine/duty-result';
import { runGoldenScenarios, type GoldenScenario } from '../../../support/golden-scenarios';

/**
 * Golden scenarios of the trust round (issue 16): claims, possible exemptions, Section 301 China at the
 * note's own level and its exclusions, 232 scope, Nicaragua, AD/CVD flags and response details. Each
 * states the public source its expectation is derived from.
 */
const possible = (result: DutyCalculation) =>
  result.possibleExemptions.map((p) => [p.claim.code, p.heading, p.component, p.totalDuty]);
const adcvdCases = (result: DutyCalculation) => result.adcvd.map((a) => [a.caseNumber, a.amount]);
const unfit = (code: string) => (result: DutyCalculation) =>
  expect(result.warnings).toEqual(expect.arrayContaining([expect.stringContaining(`claim ${code} does not fit`)]));

const waferMachine = { hts_code: '8486.10.00.00', country_code: 'CN' };
const railBrake = { hts_code: '8607.21.10.00', country_code: 'CN' };
const solarCells = { hts_code: '8541.42.00.10', country_code: 'KR', declared_value: 10000 };
const note20www = {
  code: 's301_china_exclusion_9903_88_70',
  text: 'U.S. note 20(www)(1): silicon growth furnaces',
} as const;
const note20vvv = { code: 's301_china_exclusion_9903_88_69', text: 'U.S. note 20(vvv)(i)(2): 8607.21.1000' } as const;

const scenarios: GoldenScenario[] = [
  // Tariff-rate quota: Section 201 solar cells (U.S. note 18(e), (f); 9903.45.21 within, 9903.45.22 beyond).
  {
    name: 'solar cells from Korea without a quota claim: the over-quota safeguard is unresolved; within the quota is offered with its total',
    source:
      'Subheadings 9903.45.21 (12.5 GW a year, no change) and 9903.45.22 (U.S. note 18(f): 14% for entries 2025-02-07 to 2026-02-06)',
    request: { ...solarCells, entry_date: '2025-06-02' },
    applies: { mfn: '0.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    unresolved: ['s201-solar-cells-2025'],
    total: null,
    // The in-transit relief of the reciprocal duty is offered too; its total stays null while the quota is not claimed.
    check: (result) =>
      expect(possible(result)).toEqual([
        ['loaded_in_transit', '9903.01.28', 'ieepa-reciprocal-baseline-2025-04-05', null],
        ['within_quota', '9903.45.21', 's201-solar-cells-2025', '1000.00'],
      ]),
  },
  {
    name: 'solar cells from Korea claimed within the quota: no safeguard (9903.45.21)',
    source: 'Subheading 9903.45.21: within the annual 12.5 GW, no change (U.S. note 18(e))',
    request: { ...solarCells, entry_date: '2025-06-02', claims: [{ code: 'within_quota' }] },
    applies: { mfn: '0.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00' },
    suppressed: ['s201-solar-cells-2025'],
    total: '1000.00',
    check: (result) =>
      expect(result.components.find((c) => c.id === 's201-solar-cells-2025')?.reliefHeading).toBe('9903.45.21'),
  },
  {
    name: 'solar cells from Korea claimed over the quota: +14% (9903.45.22)',
    source: 'Subheading 9903.45.22 and U.S. note 18(f): 14% for entries 2025-02-07 to 2026-02-06',
    request: { ...solarCells, entry_date: '2025-06-02', claims: [{ code: 'over_quota' }] },
    applies: { mfn: '0.00', 'ieepa-reciprocal-baseline-2025-04-05': '1000.00', 's201-solar-cells-2025': '1400.00' },
    total: '2400.00',
  },
  {
    name: 'a quota claim on a line without a quota is a warning and changes nothing',
    source: 'Claims catalogue: a claim no measure on the line uses is reported as a warning (issue 16)',
    request: {
      hts_code: '6109.10.00.12',
      country_code: 'VN',
      entry_date: '2025-08-07',
      claims: [{ code: 'over_quota' }],
    },
    applies: { mfn: '1650.00', 'ieepa-reciprocal-vn': '2000.00' },
    total: '3650.00',
    check: unfit('over_quota'),
  },
  // Section 301 China exclusions, 9903.88.69/.70 (U.S. note 20(vvv)/(www)).
  {
    name: 'wafer machinery from China without a claim: List 2; forced-labor 301 exempt (note 52(b)); the 9903.88.70 exclusion is offered with its total',
    source:
      'U.S. note 20(d) (8486.10.00 in List 2, 9903.88.02 +25%); U.S. note 52(b) and heading 9903.05.86 (8486.10.00 listed; FR doc 2026-15181 Annex II); heading 9903.88.70 and U.S. note 20(www) (HTS 2026 Rev 10)',
    request: { ...waferMachine, entry_date: '2026-10-09' },
    applies: { mfn: '0.00', 's301-cn-list-2': '2500.00' },
    suppressed: ['s301-fl-cn'],
    total: '2500.00',
    check: (result) =>
      expect(possible(result)).toEqual([['s301_china_exclusion_9903_88_70', '9903.88.70', 's301-cn-list-2', '0.00']]),
  },
  {
    name: 'wafer machinery from China with the 9903.88.70 exclusion claimed: List 2 lifted',
    source:
      'Heading 9903.88.70 (HTS 2026 Rev 10): entries on or after 2024-01-01 through 2026-11-09; U.S. note 20(www)',
    request: { ...waferMachine, entry_date: '2026-10-09', claims: [note20www] },
    applies: { mfn: '0.00' },
    suppressed: ['s301-cn-list-2', 's301-fl-cn'],
    total: '0.00',
    check: (result) =>
      expect(result.components.find((c) => c.id === 's301-cn-list-2')?.reliefHeading).toBe('9903.88.70'),
  },
  {
    name: 'wafer machinery from China on 2026-11-09 with the claim: last day of the exclusion',
    source: 'Heading 9903.88.70: "through November 9, 2026"',
    request: { ...waferMachine, entry_date: '2026-11-09', claims: [note20www] },
    applies: { mfn: '0.00' },
    suppressed: ['s301-cn-list-2'],
    total: '0.00',
  },
  {
    name: 'wafer machinery from China on 2026-11-10 with the claim: the exclusion has ended; the claim is a warning',
    source:
      'Heading 9903.88.70: "through November 9, 2026"; issue 16 (a claim that does not fit is a warning, never applied)',
    request: { ...waferMachine, entry_date: '2026-11-10', claims: [note20www] },
    applies: { mfn: '0.00', 's301-cn-list-2': '2500.00' },
    total: '2500.00',
    check: unfit('s301_china_exclusion_9903_88_70'),
  },
  {
    name: 'railway brakes from China: List 1 lifted without a claim, the exclusion names the whole line (note 20(f) does not name 8607.21.10, so no List 3 heading)',
    source:
      'U.S. note 20(b) (8607.21.10 in List 1, 9903.88.01 +25%); U.S. note 20(vvv)(i) item (2) "8607.21.1000" (the line alone: heading 9903.88.69); U.S. note 20(f); general rate 3.6% (HTS 2026 Rev 4); FR doc 2026-15181',
    request: { ...railBrake, entry_date: '2026-10-09' },
    applies: { mfn: '360.00', 's301-fl-cn': '1250.00' },
    suppressed: ['s301-cn-list-1'],
    total: '1610.00',
    check: (result) => {
      expect(result.components.some((c) => c.id === 's301-cn-list-3')).toBe(false);
      expect(result.components.find((c) => c.id === 's301-cn-list-1')?.reliefHeading).toBe('9903.88.69');
      expect(possible(result)).toEqual([]);
    },
  },
  {
    name: 'railway brakes from China with the 9903.88.69 exclusion claimed: List 1 lifted',
    source:
      'U.S. note 20(vvv)(i)(2) (8607.21.1000); heading 9903.88.69 (HTS 2026 Rev 10: entries 2024-06-15 through 2026-11-09)',
    request: { ...railBrake, entry_date: '2026-10-09', claims: [note20vvv] },
    applies: { mfn: '360.00', 's301-fl-cn': '1250.00' },
    suppressed: ['s301-cn-list-1'],
    total: '1610.00',
  },
  {
    name: 'T-shirt from China with a 9903.88.69 claim: no exclusion names the line; warned, not applied',
    source: 'U.S. note 20(vvv) (no paragraph names 6109.10); U.S. note 20(s) List 4A 7.5%; FR doc 2026-15181',
    request: {
      hts_code: '6109.10.00.12',
      country_code: 'CN',
      entry_date: '2026-10-09',
      claims: [{ code: 's301_china_exclusion_9903_88_69', text: 'none' }],
    },
    applies: { mfn: '1650.00', 's301-cn-list-4a': '750.00', 's301-fl-cn': '1250.00' },
    total: '3650.00',
    check: unfit('s301_china_exclusion_9903_88_69'),
  },
  {
    name: 'upholstered wooden seat from China (9401.61.4011): List 3 additions at the statistical line, wood 232 25%',
    source:
      'U.S. note 20(g) item 3 (9401.61.40 except 9401.61.4001, 9903.88.04 +25%); U.S. note 37(c)/(d) (9903.76.02 upholstered wooden furniture +25%); heading 9903.05.90',
    request: { hts_code: '9401.61.40.11', country_code: 'CN', entry_date: '2026-10-09' },
    applies: { mfn: '0.00', 's232-upholstered-furniture': '2500.00', 's301-cn-list-3-additional': '2500.00' },
    suppressed: ['s301-fl-cn'],
    total: '5000.00',
  },
  {
    name: 'seat of statistical line 9401.61.4001 from China: note 20(g) leaves it out of the List 3 additions',
    source:
      'U.S. note 20(g) item 3: "except for such seats provided for in statistical reporting number 9401.61.4001"; FR doc 2026-15181',
    request: { hts_code: '9401.61.40.01', country_code: 'CN', entry_date: '2026-10-09' },
    applies: { mfn: '0.00', 's301-fl-cn': '1250.00' },
    total: '1250.00',
  },
  // Metal content per metal and U.S. content.
  {
    name: 'copper tube from Germany in 2025 with its copper content claimed: 50% of the content',
    source:
      'Proclamation 10962 (FR doc 2025-14893; 9903.78.01, 50% of the copper content from 2025-08-01); the reciprocal duty on the non-copper content (9903.78.02, CSMS #65794272), none here; general rate 1.5%',
    request: {
      hts_code: '7411.10.10.30',
      country_code: 'DE',
      entry_date: '2025-09-01',
      claims: [{ code: 'copper_content_value', value: 10000 }],
    },
    applies: { mfn: '150.00', 's232-copper': '5000.00', 'ieepa-reciprocal-eu': '0.00' },
    total: '5150.00',
  },
  {
    name: 'copper tube from Germany with the deprecated metal_content_value: the same answer',
    source: 'As above; issue 16 (existing request fields keep working)',
    request: {
      hts_code: '7411.10.10.30',
      country_code: 'DE',
      entry_date: '2025-09-01',
      claims: { metal_content_value: 10000 },
    },
    applies: { mfn: '150.00', 's232-copper': '5000.00', 'ieepa-reciprocal-eu': '0.00' },
    total: '5150.00',
  },
  {
    name: 'copper tube from Germany without a content claim: the 232 duty and the reciprocal on the rest are unresolved, never 0',
    source:
      'Proclamation 10962 (duty on the copper content value); CSMS #65794272 (the rest, under 9903.78.02, owes the reciprocal duty)',
    request: { hts_code: '7411.10.10.30', country_code: 'DE', entry_date: '2025-09-01' },
    applies: { mfn: '150.00' },
    unresolved: ['ieepa-reciprocal-eu', 's232-copper'],
    total: null,
    check: (result) =>
      expect(result.unresolved.find((item) => item.component === 's232-copper')?.reason).toContain(
        'copper_content_value',
      ),
  },
  {
    name: 'aluminum derivative of note 19(j) from Germany with a steel content claim: the claim does not fit; 50% on full value',
    source:
      'Proclamation 10947 (90 FR 24199); heading 9903.85.07 (+50% from 2025 Rev 14), U.S. note 19(j) names 7616.99.5190; heading 9903.01.33',
    request: {
      hts_code: '7616.99.51.90',
      country_code: 'DE',
      entry_date: '2025-09-01',
      claims: [{ code: 'steel_content_value', value: 4000 }],
    },
    applies: { mfn: '250.00', 's232-aluminum-derivatives-19j': '5000.00' },
    suppressed: ['ieepa-reciprocal-eu'],
    total: '5250.00',
    check: unfit('steel_content_value'),
  },
  {
    name: 'USMCA road tractor from Mexico with 40% U.S. content: 25% on the non-U.S. 60%',
    source:
      'Proclamation 10984 (FR doc 2025-19639), heading 9903.74.03 (non-U.S. content of USMCA-qualifying MHD vehicles); heading 9903.01.04 (fentanyl relief under USMCA)',
    request: {
      hts_code: '8701.21.00.15',
      country_code: 'MX',
      entry_date: '2025-11-01',
      claims: [
        { code: 'special_program', text: 'S' },
        { code: 'us_content_share', value: 40 },
      ],
    },
    applies: { mfn: '0.00', 's232-mhd-usmca-content': '1500.00' },
    suppressed: ['ieepa-fentanyl-mx', 's232-mhd-vehicles'],
    total: '1500.00',
  },
  {
    name: 'USMCA road tractor from Mexico without the U.S. content share: unresolved',
    source: 'Heading 9903.74.03 (duty on the non-U.S. content)',
    request: {
      hts_code: '8701.21.00.15',
      country_code: 'MX',
      entry_date: '2025-11-01',
      claims: [{ code: 'special_program', text: 'S' }],
    },
    applies: { mfn: '0.00' },
    suppressed: ['ieepa-fentanyl-mx', 's232-mhd-vehicles'],
    unresolved: ['s232-mhd-usmca-content'],
    total: null,
  },
  // Section 232 scope: heading 8471 (issue 16 item 4).
  {
    name: 'laptop from China: not an automobile part, not in metals Annex I-B; forced-labor 301 exempt (note 52(b))',
    source:
      'U.S. note 33(g) (parts of passenger vehicles and light trucks classifiable in 8471); Proclamation of 2026-04-02 Annex I-B (no 8471 provision named); U.S. note 52(b), heading 9903.05.86 (8471.30.01 listed; FR doc 2026-15181 Annex II)',
    request: { hts_code: '8471.30.01.00', country_code: 'CN', entry_date: '2026-10-09' },
    applies: { mfn: '0.00' },
    suppressed: ['s232-autos-parts', 's301-fl-cn'],
    total: '0.00',
    check: (result) => expect(result.components.some((c) => c.id === 's232-annex-1b')).toBe(false),
  },
  {
    name: 'vehicle computer of heading 8471 from China claimed an automobile part: autos parts 25%, which excludes the forced-labor 301',
    source: 'U.S. note 33(g); Proclamation 10908 (9903.94.05 +25%); heading 9903.05.90 (note 52(f))',
    request: {
      hts_code: '8471.30.01.00',
      country_code: 'CN',
      entry_date: '2026-10-09',
      claims: [{ code: 'automobile_part' }],
    },
    applies: { mfn: '0.00', 's232-autos-parts': '2500.00' },
    suppressed: ['s301-fl-cn'],
    total: '2500.00',
  },
  {
    name: 'laptop from Japan: the Japan auto-parts level does not reach a computer either; forced-labor 301 exempt (note 52(b))',
    source: 'U.S. note 33(g); heading 9903.94.43; U.S. note 52(b), heading 9903.05.86 (FR doc 2026-15181 Annex II)',
    request: { hts_code: '8471.30.01.00', country_code: 'JP', entry_date: '2026-10-09' },
    applies: { mfn: '0.00' },
    suppressed: ['s232-autos-parts-jp', 's301-fl-jp'],
    total: '0.00',
  },
  // Section 301 Nicaragua (9903.89.01, U.S. note 29).
  {
    name: 'T-shirt from Nicaragua in 2026: 9903.89.01 reported at 0%, forced-labor 301 12.5%; CAFTA-DR claim offered',
    source:
      'Heading 9903.89.01 and U.S. note 29(b) (0% for entries in 2026); FR doc 2026-15181 (NI heading); heading 9903.05.95',
    request: { hts_code: '6109.10.00.12', country_code: 'NI', entry_date: '2026-10-09' },
    applies: { mfn: '1650.00', 's301-fl-ni': '1250.00', 's301-nicaragua-2026': '0.00' },
    total: '2900.00',
    check: (result) => expect(possible(result).map((p) => p[0])).toEqual(['special_program', 'special_program']),
  },
  {
    name: 'T-shirt from Nicaragua in 2027: 10%',
    source: 'U.S. note 29(b): 10% for entries from 2027-01-01 through 2027-12-31',
    request: { hts_code: '6109.10.00.12', country_code: 'NI', entry_date: '2027-03-01' },
    applies: { mfn: '1650.00', 's301-fl-ni': '1250.00', 's301-nicaragua-2027': '1000.00' },
    total: '3900.00',
  },
  {
    name: 'T-shirt from Nicaragua in 2028: 15%',
    source: 'U.S. note 29(b): 15% for entries on or after 2028-01-01',
    request: { hts_code: '6109.10.00.12', country_code: 'NI', entry_date: '2028-01-01' },
    applies: { mfn: '1650.00', 's301-fl-ni': '1250.00', 's301-nicaragua-2028': '1500.00' },
    total: '4400.00',
  },
  {
    name: 'CAFTA-DR originating T-shirt from Nicaragua in 2028: neither 301 applies',
    source:
      'U.S. note 29(a) (originating goods under CAFTA-DR excluded); heading 9903.05.95 (CAFTA-DR textiles); general note 29',
    request: {
      hts_code: '6109.10.00.12',
      country_code: 'NI',
      entry_date: '2028-01-01',
      claims: [{ code: 'special_program', text: 'CAFTA-DR' }],
    },
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-ni', 's301-nicaragua-2028'],
    total: '0.00',
  },
  // Semiconductors (U.S. note 39): only logic ICs meeting the note's parameters pay 9903.79.01.
  {
    name: 'server of 8471.50 from Taiwan without the claim: no semiconductor duty (9903.79.02)',
    source:
      'U.S. note 39(b), (c) (HTS 2026 Rev 6): articles of 8471.50 outside the technical parameters enter under 9903.79.02',
    request: { hts_code: '8471.50.01.50', country_code: 'TW', entry_date: '2026-03-01' },
    applies: { mfn: '0.00' },
    suppressed: ['s232-semiconductors'],
    total: '0.00',
  },
  // With the claim the duty is charged: golden-scenarios.test.ts (computer parts from Taiwan).
  // Russia: rates in lieu of column 2 (U.S. note 30).
  {
    name: 'salt from Russia: 35% in lieu of column 2 (9903.90.08), forced-labor 301 12.5% on top',
    source:
      'U.S. note 30(a), (b) (2501.00.00 listed; 35% in lieu of column 2); Proclamation 10420; FR doc 2026-15181 (RU tier 12.5%, column 2 goods included)',
    request: { hts_code: '2501.00.00.00', country_code: 'RU', entry_date: '2026-10-09' },
    applies: { mfn: '3500.00', 's301-fl-ru': '1250.00' },
    total: '4750.00',
    check: (result) => expect(result.components.find((c) => c.id === 'mfn')?.heading).toBe('9903.90.08'),
  },
  {
    name: 'ferromanganese from Russia in 2025: 70% in lieu of column 2 (9903.90.09)',
    source: 'U.S. note 30(c), (d) (7202.11.50 listed; 70% in lieu of column 2); heading 9903.90.09; general note 3(b)',
    request: { hts_code: '7202.11.50.00', country_code: 'RU', entry_date: '2025-09-01' },
    applies: { mfn: '7000.00' },
    total: '7000.00',
    check: (result) =>
      expect(result.components.find((c) => c.id === 'mfn')).toMatchObject({ heading: '9903.90.09', ratePercent: '70' }),
  },
  // AD/CVD flags from Commerce's orders list.
  {
    name: 'aluminum foil from China with no exporter: the AD order is flagged with no amount, the written scope governs',
    source:
      "Commerce's monthly review-opportunity notices (FR docs 2025-16782 to 2026-17810) list A-570-053 (aluminum foil, China); Annex I-A; U.S. note 31(b)",
    request: { hts_code: '7607.11.60.10', country_code: 'CN', entry_date: '2026-10-09' },
    applies: { mfn: '530.00', 's232-annex-1a': '5000.00', 's301-cn-review-25': '2500.00' },
    suppressed: ['s301-fl-cn'],
    total: '8030.00',
    check: (result) => {
      // C-570-054 (the CVD order on the same foil) lists 7607.11.6000, followed to its subheading 7607.11.60.
      expect(adcvdCases(result)).toEqual([
        ['A-570-053', null],
        ['C-570-054', null],
      ]);
      expect(result.warnings.find((w) => w.includes('C-570-054'))).toContain(
        'the scope lists 7607.11.6000, a statistical number dropped before the oldest release we hold, matched by its subheading 7607.11.60',
      );
      expect(result.warnings.filter((w) => w.includes('written scope of the order governs')).length).toBe(
        result.adcvd.length,
      );
    },
  },
  {
    name: 'aluminum foil from China with the exporter claimed: its 26.6% deposit',
    source: 'A-570-053 amended final results, FR doc 2026-10525 (Jiangsu Dingsheng 26.60%)',
    request: {
      hts_code: '7607.11.60.10',
      country_code: 'CN',
      entry_date: '2026-10-09',
      claims: [{ code: 'adcvd_exporter', text: 'Jiangsu Dingsheng New Materials Joint-Stock' }],
    },
    applies: { mfn: '530.00', 's232-annex-1a': '5000.00', 's301-cn-review-25': '2500.00', 'A-570-053': '2660.00' },
    suppressed: ['s301-fl-cn'],
    total: '10690.00',
  },
  {
    name: 'lemon juice from Argentina: AD A-357-818 flagged',
    source:
      'Lemon Juice From Argentina: Continuation of Suspension, FR doc 2022-19523 (scope HTS 2009.31.40.00); general rate 3.4¢/liter; FR doc 2026-15181 (AR 10%)',
    request: {
      hts_code: '2009.31.40.00',
      country_code: 'AR',
      entry_date: '2026-10-09',
      quantities: [{ value: 1000, unit: 'liter' }],
    },
    applies: { mfn: '34.00', 's301-fl-ar': '1000.00' },
    total: '1034.00',
    check: (result) => expect(adcvdCases(result)).toEqual([['A-357-818', null]]),
  },
  {
    name: 'wire rod from Korea with a seed exporter whose case is another product: no rate, flag only',
    source:
      "Commerce's notices list A-580-891 as Carbon and Alloy Steel Wire Rod from Korea (scope FR doc 2023-18229); Annex I-A; heading 9903.05.90",
    request: {
      hts_code: '7213.91.30.11',
      country_code: 'KR',
      entry_date: '2026-10-09',
      claims: [{ code: 'adcvd_exporter', text: 'Dong-IL Aluminium Co. Ltd' }],
    },
    applies: { mfn: '0.00', 's232-annex-1a': '5000.00' },
    suppressed: ['s301-fl-kr'],
    total: '5000.00',
    check: (result) => expect(adcvdCases(result)).toEqual([['A-580-891', null]]),
  },
  {
    name: 'T-shirt from Vietnam with an exporter: no order lists the line, the claim is a warning',
    source: "Commerce's orders list (no order on 6109.10 from Vietnam); FR doc 2026-15181",
    request: {
      hts_code: '6109.10.00.12',
      country_code: 'VN',
      entry_date: '2026-10-09',
      claims: [{ code: 'adcvd_exporter', text: 'ACME Garments' }],
    },
    applies: { mfn: '1650.00', 's301-fl-vn': '1250.00' },
    total: '2900.00',
    check: unfit('adcvd_exporter'),
  },
  // Response details (issue 16 item 8).
  {
    name: 'T-shirt from Vietnam at $33.33: each line rounded, the family rates are the measures’ own (16.5, 12.5)',
    source:
      'HTS 2026 Rev 4 general rate 16.5%; FR doc 2026-15181 (VN 12.5%); 19 CFR 159.3 is not at issue: each line is rounded half-up to cents',
    request: { hts_code: '6109.10.00.12', country_code: 'VN', entry_date: '2026-10-09', declared_value: 33.33 },
    applies: { mfn: '5.50', 's301-fl-vn': '4.17' },
    total: '9.67',
    check: (result) => {
      expect(result.programs.find((p) => p.family === 'section_301')?.ratePercent).toBe('12.5');
      expect(result.programs.find((p) => p.family === 'base')?.ratePercent).toBe('16.5');
    },
  },
  {
    name: 'Canadian wine arriving 2026-10-01: prohibited is null while the ban list is unresolved',
    source: 'Proclamation 11061; CSMS #70050970 (listed packaged alcohol banned from 2026-09-29, arrival basis)',
    request: {
      hts_code: '2204.21.50.05',
      country_code: 'CA',
      entry_date: '2026-10-01',
      quantities: [{ value: 1000, unit: 'liter' }],
    },
    applies: { mfn: '63.00', 's301-fl-ca': '1000.00', 's338-alcohol': '5000.00' },
    unresolved: ['s338-ban-alcohol'],
    total: null,
    check: (result) => expect(result.prohibited).toBeNull(),
  },
  {
    name: 'CAFTA-DR T-shirt from Nicaragua in 2027 with the deprecated claims object: neither 301 applies',
    source: 'U.S. note 29(a); heading 9903.05.95; issue 16 (the claims object keeps working)',
    request: {
      hts_code: '6109.10.00.12',
      country_code: 'NI',
      entry_date: '2027-03-01',
      claims: { special_program: 'P' },
    },
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-ni', 's301-nicaragua-2027'],
    total: '0.00',
  },
  {
    name: 'T-shirt from Vietnam: nothing banned, prohibited is false',
    source: 'FR doc 2026-15181; no prohibition measure covers 6109.10 from Vietnam',
    request: { hts_code: '6109.10.00.12', country_code: 'VN', entry_date: '2026-10-09' },
    applies: { mfn: '1650.00', 's301-fl-vn': '1250.00' },
    total: '2900.00',
    check: (result) => {
      expect(result.prohibited).toBe(false);
      expect(result.possibleExemptions).toEqual([]);
    },
  },
  {
    name: 'USMCA horse from Canada: the claim is the catalogue form of special program S',
    source: 'Heading 9903.05.93, U.S. note 52(g)',
    request: {
      hts_code: '0101.21.00.10',
      country_code: 'CA',
      entry_date: '2026-10-09',
      claims: [{ code: 'special_program', text: 'USMCA' }],
    },
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-ca'],
    total: '0.00',
  },
  {
    name: 'horse from Canada without a claim: the USMCA relief is offered with the total it gives',
    source: 'Heading 9903.05.93, U.S. note 52(g) (Canadian goods entered free under USMCA); FR doc 2026-15181 (CA 10%)',
    request: { hts_code: '0101.21.00.10', country_code: 'CA', entry_date: '2026-10-09' },
    applies: { mfn: '0.00', 's301-fl-ca': '1000.00' },
    total: '1000.00',
    check: (result) => expect(possible(result)).toEqual([['special_program', '9903.05.93', 's301-fl-ca', '0.00']]),
  },
  {
    name: 'steel derivative from Vietnam without its steel content: the 232 duty and the reciprocal duty on the rest are both unresolved',
    source:
      'Heading 9903.81.91 (duty on the steel content); U.S. note 2(v)(vii) (reciprocal duty on the non-steel content)',
    request: { hts_code: '8427.10.80.95', country_code: 'VN', entry_date: '2025-09-01' },
    applies: { mfn: '0.00' },
    unresolved: ['ieepa-reciprocal-vn', 's232-steel-derivatives'],
    total: null,
  },
  {
    name: 'steel derivative from Vietnam with its steel content: the reciprocal duty is on the non-steel content',
    source: 'Heading 9903.81.91; U.S. note 2(v)(vii) to subchapter III; heading 9903.02.69 (+20%)',
    request: {
      hts_code: '8427.10.80.95',
      country_code: 'VN',
      entry_date: '2025-09-01',
      claims: [{ code: 'steel_content_value', value: 2500 }],
    },
    applies: { mfn: '0.00', 's232-steel-derivatives': '1250.00', 'ieepa-reciprocal-vn': '1500.00' },
    total: '2750.00',
    check: (result) => {
      const reciprocal = result.components.find((c) => c.id === 'ieepa-reciprocal-vn');
      expect(reciprocal).toMatchObject({ basis: 'non_metal_content', basisValue: '7500.00', ratePercent: '20' });
      expect(result.programs.find((p) => p.family === 'ieepa_reciprocal')?.ratePercent).toBe('15');
    },
  },
  {
    name: 'metal furniture from Vietnam with its aluminum content: not Annex II, the reciprocal duty is on the rest',
    source:
      'U.S. note 2(v)(iii)(a) to subchapter III (does not name 9403.20); heading 9903.85.08; note 2(v)(ix); heading 9903.02.69 (+20%)',
    request: {
      hts_code: '9403.20.00.86',
      country_code: 'VN',
      entry_date: '2025-09-01',
      declared_value: 10000,
      claims: [{ code: 'aluminum_content_value', value: 2500 }],
    },
    applies: { mfn: '0.00', 's232-aluminum-derivatives': '1250.00', 'ieepa-reciprocal-vn': '1500.00' },
    total: '2750.00',
  },
  {
    name: 'mounted piezoelectric crystals from Vietnam: 8541.60 is not in Annex II, the reciprocal duty applies',
    source:
      'U.S. note 2(v)(iii)(a) to subchapter III names 8541.10-8541.59 and 8541.90, not 8541.60; heading 9903.02.69 (+20%)',
    request: { hts_code: '8541.60.00.10', country_code: 'VN', entry_date: '2025-09-01', declared_value: 10000 },
    applies: { mfn: '0.00', 'ieepa-reciprocal-vn': '2000.00' },
    total: '2000.00',
  },
  {
    name: 'laptop from Vietnam: heading 8471 is in Annex II, no reciprocal duty',
    source:
      'U.S. note 2(v)(iii)(a) to subchapter III (heading 8471, added retroactive to 2025-04-05, CSMS #64724565); heading 9903.01.32',
    request: { hts_code: '8471.30.01.00', country_code: 'VN', entry_date: '2025-09-01', declared_value: 10000 },
    applies: { mfn: '0.00' },
    total: '0.00',
  },
];

runGoldenScenarios('golden duty scenarios of the trust round (HTS 2026 Rev 4 lines)', scenarios);
