import type { DutyCalculation } from '../../../src/domain/tariff/engine/duty-result';
import type { DutyBody } from '../../../src/handlers/inputs/tariff.input';
import { runGoldenScenariosOn, type GoldenScenario } from '../../support/golden-scenarios';
import { releaseLinesInDatabase } from '../../support/hts-fixtures';

/**
 * Golden scenarios written from the primary texts of the 2026 program lists (the forced-labor
 * Section 301 annex, U.S. note 52; the Brazil Section 301 annex, note 50(a); Section 232
 * pharmaceuticals, note 40(c)) and the exemptions that follow from classification alone (India's
 * 9903.01.86, note 2(z)(ii); whole-line Section 301 exclusions, note 20(vvv)). Lines are read from
 * the database of the dialect under test: HTS 2026 Rev 10 (2026 entries) and 2025 Rev 18 (the
 * India order). Values are USD 10,000; the note texts are those of HTS 2026 Rev 17 (notes 40, 50,
 * 52) and Rev 6 (notes 2 and 20), the heading rates those Rev 18 prints.
 */
const releases = ['hts_2025_revision_18_json.json.gz', 'hts_2026_revision_10_json.json.gz'];

const on = (hts_code: string, country_code: string, extra: Partial<DutyBody> = {}): DutyBody => ({
  hts_code,
  country_code,
  declared_value: 10000,
  entry_date: '2026-10-09',
  ...extra,
});
const relief = (id: string, heading: string) => (result: DutyCalculation) =>
  expect(result.components.find((c) => c.id === id)?.reliefHeading).toBe(heading);
const toConfirm =
  (...expected: Array<[string, string]>) =>
  (result: DutyCalculation) =>
    expect((result.exemptionsToConfirm ?? []).map((e) => [e.heading, e.component])).toEqual(expected);
/** The claims offered (possible_exemptions) as [claim, heading, component, total with the claim]. */
const offers =
  (...expected: Array<[string, string, string, string]>) =>
  (result: DutyCalculation) =>
    expect(result.possibleExemptions.map((p) => [p.claim.code, p.heading, p.component, p.totalDuty])).toEqual(expected);
const doesNotFit = (code: string) => (result: DutyCalculation) =>
  expect(result.warnings.join(' ')).toContain(`The claim ${code} does not fit this line`);

const scenarios: GoldenScenario[] = [
  // Forced-labor Section 301 (FR doc 2026-15181, Annex II; U.S. note 52).
  {
    name: 'FL 52(b): laptop from Vietnam is exempt by classification (9903.05.86)',
    source: 'U.S. note 52(b) lists 8471.30.01; heading 9903.05.86 (HTS 2026 Rev 18); VN heading 9903.05.84 +12.5%',
    request: on('8471.30.01.00', 'VN'),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-vn'],
    total: '0.00',
    check: relief('s301-fl-vn', '9903.05.86'),
  },
  {
    name: 'FL 52(b) at 10 digits: the statistical line 8505.11.00.70 from Thailand is exempt',
    source: 'U.S. note 52(b) names the statistical line 8505.11.0070 (not its subheading); heading 9903.05.86',
    request: on('8505.11.00.70', 'TH'),
    applies: { mfn: '210.00' },
    suppressed: ['s301-fl-th'],
    total: '210.00',
  },
  {
    name: 'FL 52(b) at 10 digits: its sibling 8505.11.00.30 from Thailand is not widened into the exemption',
    source:
      'U.S. note 52(b) (only 8505.11.0070 of subheading 8505.11.00); TH heading 9903.05.77 +12.5% (HTS 2026 Rev 18)',
    request: on('8505.11.00.30', 'TH'),
    applies: { mfn: '210.00', 's301-fl-th': '1250.00' },
    total: '1460.00',
  },
  {
    name: 'FL 52(c): a particular article of a listed subheading is charged; the claim that it is the named one is offered (9903.05.87)',
    source:
      'U.S. note 52(c) (particular articles classifiable in 2106.90.99); heading 9903.05.87; TH 9903.05.77 +12.5%',
    request: on('2106.90.99.98', 'TH'),
    applies: { mfn: '640.00', 's301-fl-th': '1250.00' },
    total: '1890.00',
    check: (result) => {
      offers(['s301_fl_particular_article', '9903.05.87', 's301-fl-th', '640.00'])(result);
      toConfirm()(result);
    },
  },
  {
    name: 'FL 52(d): civil aircraft parts from Singapore are charged without the claim; the civil aircraft use is offered (9903.05.88)',
    source:
      'U.S. note 52(d) lists 8807.30.00 (for use in civil aircraft, general note 6); heading 9903.05.88; SG 9903.05.68 +12.5%',
    request: on('8807.30.00.60', 'SG'),
    applies: { mfn: '0.00', 's301-fl-sg': '1250.00' },
    total: '1250.00',
    check: offers(['s301_fl_civil_aircraft_use', '9903.05.88', 's301-fl-sg', '0.00']),
  },
  {
    name: 'FL 52(j)(1): an electro-cardiograph of the United Kingdom is exempt (9903.05.96)',
    source: 'U.S. note 52(j)(1) lists 9018.11.30 for the United Kingdom; heading 9903.05.96; UK 9903.05.81 +10%',
    request: on('9018.11.30.00', 'GB'),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-gb'],
    total: '0.00',
    check: relief('s301-fl-gb', '9903.05.96'),
  },
  {
    name: 'FL 52(j)(2): non-industrial diamonds of Belgium are exempt from the EU 10% level (9903.05.97)',
    source:
      'U.S. note 52(j)(2) lists 7102.31.00 for the European Union; heading 9903.05.97; EU 9903.05.39 (10% total level)',
    request: on('7102.31.00.00', 'BE'),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-eu'],
    total: '0.00',
    check: relief('s301-fl-eu', '9903.05.97'),
  },
  {
    name: 'FL 52(j)(4)(i): crude palm oil of Malaysia is exempt (9903.05.99)',
    source: 'U.S. note 52(j)(4)(i) lists 1511.10.00; heading 9903.05.99; MY 9903.05.54 +10%',
    request: on('1511.10.00.00', 'MY'),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-my'],
    total: '0.00',
    check: relief('s301-fl-my', '9903.05.99'),
  },
  {
    name: "FL 52(j): an economy's list is its own: crude palm oil of Thailand pays 12.5%",
    source: 'U.S. note 52(j) (no list for Thailand; 1511.10.00 is not in 52(b)); TH 9903.05.77 +12.5%',
    request: on('1511.10.00.00', 'TH'),
    applies: { mfn: '0.00', 's301-fl-th': '1250.00' },
    total: '1250.00',
  },
  {
    name: 'FL 52(j)(4)(ii): psyllium seed husks of Malaysia are charged without the claim; the named-article claim is offered under 9903.06.01',
    source:
      'U.S. note 52(j)(4)(ii)(A) "Psyllium seed husks (classifiable in subheading 1211.90.89)"; heading 9903.06.01; MY 9903.05.54 +10%',
    request: on('1211.90.89.20', 'MY'),
    applies: { mfn: '0.00', 's301-fl-my': '1000.00' },
    total: '1000.00',
    check: (result) => {
      offers(['s301_fl_economy_particular_article', '9903.06.01', 's301-fl-my', '0.00'])(result);
      toConfirm()(result);
    },
  },
  {
    name: 'FL 52(j)(4)(ii) claimed: the psyllium seed husks of Malaysia enter under 9903.06.01',
    source:
      'U.S. note 52(j)(4)(ii)(A); heading 9903.06.01 ("Articles the product of Malaysia, as provided for in subdivision (j)(4)(ii)", HTS 2026 Rev 18)',
    request: on('1211.90.89.20', 'MY', {
      claims: [{ code: 's301_fl_economy_particular_article', text: 'Psyllium seed husks' }],
    }),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-my'],
    total: '0.00',
    check: relief('s301-fl-my', '9903.06.01'),
  },
  {
    name: 'FL 52(j)(13)(ii) claimed: psyllium seed husks of Jordan enter under 9903.06.21, not 9903.05.50',
    source:
      'U.S. note 52(j)(13)(ii): "the duty imposed by heading 9903.05.50 shall not apply to ... (A) Psyllium seed husks (classifiable in subheading 1211.90.89)"; heading 9903.06.21',
    request: on('1211.90.89.20', 'JO', {
      claims: [{ code: 's301_fl_economy_particular_article', text: 'Psyllium seed husks' }],
    }),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-jo'],
    total: '0.00',
    check: relief('s301-fl-jo', '9903.06.21'),
  },
  {
    name: 'FL 52(j)(8)(ii) claimed: argan oil of Argentina pays its general rate only (9903.06.11)',
    source:
      'U.S. note 52(j)(8)(ii) (argan oil, classifiable in subheading 1515.90.81); heading 9903.06.11; AR 9903.05.22 +10%; general rate 3.2%',
    request: on('1515.90.81.90', 'AR', { claims: [{ code: 's301_fl_economy_particular_article', text: 'Argan oil' }] }),
    applies: { mfn: '320.00' },
    suppressed: ['s301-fl-ar'],
    total: '320.00',
    check: relief('s301-fl-ar', '9903.06.11'),
  },
  {
    name: 'FL 52(j)(8)(ii) without the claim: the Argentine oil of 1515.90.81 pays 10%, the claim offered under 9903.06.11',
    source: 'U.S. note 52(j)(8)(i) excludes 1515.90.81 (named in (ii)); heading 9903.06.11; AR 9903.05.22 +10%',
    request: on('1515.90.81.90', 'AR'),
    applies: { mfn: '320.00', 's301-fl-ar': '1000.00' },
    total: '1320.00',
    check: offers(['s301_fl_economy_particular_article', '9903.06.11', 's301-fl-ar', '320.00']),
  },
  {
    name: 'FL 52(j)(10)(ii) claimed: aloe of Taiwan is relieved of the 10% level (9903.06.15)',
    source:
      'U.S. note 52(j)(10)(ii) (aloe, Tasmanian pepper, coconut and centella, classifiable in subheading 1302.19.91); heading 9903.06.15; TW 9903.05.76 (10% total level)',
    request: on('1302.19.91.40', 'TW', { claims: [{ code: 's301_fl_economy_particular_article', text: 'Aloe' }] }),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-tw'],
    total: '0.00',
    check: relief('s301-fl-tw', '9903.06.15'),
  },
  {
    name: "FL 52(j)(11)(ii): Indonesia's list names no psyllium: the claim on Indonesian husks is a warning, 10% charged",
    source:
      'U.S. note 52(j)(11)(ii) names only aloe, Tasmanian pepper, coconut and centella (1302.19.91); heading 9903.06.17; ID 9903.05.45 +10%',
    request: on('1211.90.89.20', 'ID', {
      claims: [{ code: 's301_fl_economy_particular_article', text: 'Psyllium seed husks' }],
    }),
    applies: { mfn: '0.00', 's301-fl-id': '1000.00' },
    total: '1000.00',
    check: doesNotFit('s301_fl_economy_particular_article'),
  },
  {
    name: 'FL 52(j): Thailand has no list of its own: the named-article claim on Thai husks is a warning, 12.5% charged',
    source: 'U.S. note 52(j)(1)-(13) (no subdivision for Thailand); TH 9903.05.77 +12.5%',
    request: on('1211.90.89.20', 'TH', {
      claims: [{ code: 's301_fl_economy_particular_article', text: 'Psyllium seed husks' }],
    }),
    applies: { mfn: '0.00', 's301-fl-th': '1250.00' },
    total: '1250.00',
    check: doesNotFit('s301_fl_economy_particular_article'),
  },
  {
    name: 'FL 52(j)(6)(iii): a cotton T-shirt of Guatemala entered under CAFTA-DR is exempt (9903.06.06)',
    source:
      'U.S. note 52(j)(6)(iii) (entry claimed under CAFTA-DR, general note 29; 6109.10.00 listed); heading 9903.06.06; special rate Free (P)',
    request: on('6109.10.00.12', 'GT', { claims: [{ code: 'special_program', text: 'P' }] }),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-gt'],
    total: '0.00',
    check: relief('s301-fl-gt', '9903.06.06'),
  },
  {
    name: 'FL 52(i): the same T-shirt of Honduras under CAFTA-DR is exempt under 9903.05.95',
    source:
      'U.S. note 52(i) (textile goods of the six CAFTA-DR origins entered free of duty under CAFTA-DR); heading 9903.05.95',
    request: on('6109.10.00.12', 'HN', { claims: [{ code: 'special_program', text: 'P' }] }),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-hn'],
    total: '0.00',
    check: relief('s301-fl-hn', '9903.05.95'),
  },
  {
    name: 'FL 52(j)(6)(iii) without the CAFTA-DR claim: the Guatemalan T-shirt pays 10%, the claim is offered',
    source: 'U.S. note 52(j)(6)(iii) (the claim is the condition); GT 9903.05.40 +10%; general rate 16.5%',
    request: on('6109.10.00.12', 'GT'),
    applies: { mfn: '1650.00', 's301-fl-gt': '1000.00' },
    total: '2650.00',
    check: (result) =>
      expect(result.possibleExemptions.map((p) => [p.claim.code, p.heading])).toContainEqual([
        'special_program',
        '9903.06.06',
      ]),
  },
  // Brazil Section 301 (FR doc 2026-14542; U.S. note 50(a)); it stacks with the forced-labor duty.
  {
    name: 'Brazil 50(a)(ii): green coffee is exempt from 9903.05.01 (9903.05.03) and from the forced-labor duty (52(b))',
    source: 'U.S. note 50(a)(ii) and note 52(b) list 0901.11.00; headings 9903.05.03, 9903.05.86',
    request: on('0901.11.00.15', 'BR'),
    applies: { mfn: '0.00' },
    suppressed: ['s301-brazil', 's301-fl-br'],
    total: '0.00',
    check: relief('s301-brazil', '9903.05.03'),
  },
  {
    name: 'Brazil 50(a)(ii) at 10 digits: 8505.11.00.70 is exempt, not its subheading',
    source: 'U.S. note 50(a)(ii) prints 8505.11.0070; heading 9903.05.03; note 52(b) (same line)',
    request: on('8505.11.00.70', 'BR'),
    applies: { mfn: '210.00' },
    suppressed: ['s301-brazil', 's301-fl-br'],
    total: '210.00',
  },
  {
    name: 'Brazil 50(a)(ii) at 10 digits: 8505.11.00.30 pays 25% and 12.5%',
    source: 'U.S. note 50(a)(ii) (only 8505.11.0070); heading 9903.05.01 +25%, BR 9903.05.27 +12.5% (HTS 2026 Rev 18)',
    request: on('8505.11.00.30', 'BR'),
    applies: { mfn: '210.00', 's301-brazil': '2500.00', 's301-fl-br': '1250.00' },
    total: '3960.00',
  },
  {
    name: 'Brazil 50(a)(iii): acai is a named particular article: charged without the claims, both offered (9903.05.04, 9903.05.87)',
    source: 'U.S. note 50(a)(iii)(6) "Acai (classifiable in subheading 2008.99.21)"; note 52(c); general rate 4.5%',
    request: on('2008.99.21.40', 'BR'),
    applies: { mfn: '450.00', 's301-brazil': '2500.00', 's301-fl-br': '1250.00' },
    total: '4200.00',
    check: offers(
      ['s301_brazil_particular_article', '9903.05.04', 's301-brazil', '1700.00'],
      ['s301_fl_particular_article', '9903.05.87', 's301-fl-br', '2950.00'],
    ),
  },
  {
    name: 'Brazil 50(a)(iv): turbine parts are charged without the claims; both civil aircraft claims are offered (9903.05.05, 9903.05.88)',
    source: 'U.S. note 50(a)(iv) and note 52(d) list 8411.91.90; headings 9903.05.05, 9903.05.88; general rate Free',
    request: on('8411.91.90.85', 'BR'),
    applies: { mfn: '0.00', 's301-brazil': '2500.00', 's301-fl-br': '1250.00' },
    total: '3750.00',
    check: offers(
      ['s301_brazil_civil_aircraft_use', '9903.05.05', 's301-brazil', '1250.00'],
      ['s301_fl_civil_aircraft_use', '9903.05.88', 's301-fl-br', '2500.00'],
    ),
  },
  // Section 232 pharmaceuticals: the 131 provisions of U.S. note 40(c).
  {
    name: 'Note 40(c): a patented antidepressant ingredient of chapter 29 from India is at the 100% level',
    source:
      'U.S. note 40(c) lists 2933.59.4600; note 40(d), heading 9903.04.60 (100%); general rate 6.5%; note 52(f)(8)',
    request: on('2933.59.46.00', 'IN', { claims: [{ code: 'pharmaceutical_patented' }] }),
    applies: { mfn: '650.00', 's232-pharma-patented': '9350.00' },
    suppressed: ['s301-fl-in'],
    total: '10000.00',
  },
  {
    name: 'Note 40(c) at 10 digits: acyclovir medicaments (3004.90.92.03) are not a listed provision',
    source:
      'U.S. note 40(c) (lists 3004.90.9201, .9206 … of subheading 3004.90.92, not .9203); note 52(b) lists 3004.90.92',
    request: on('3004.90.92.03', 'IN', { claims: [{ code: 'pharmaceutical_patented' }] }),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-in'],
    total: '0.00',
    check: (result) => {
      expect(result.components.some((c) => c.id.startsWith('s232-pharma'))).toBe(false);
      expect(result.warnings.join(' ')).toContain('pharmaceutical_patented');
    },
  },
  // Root cause 5: exemptions by classification alone.
  {
    name: 'India order: an Annex II article is not charged 9903.01.84 (9903.01.86) nor the reciprocal duty',
    source:
      'U.S. note 2(z)(ii) and heading 9903.01.86; note 2(v)(iii)(a) lists 2933.59.46; heading 9903.01.32 (HTS 2026 Rev 6 text); general rate 6.5%',
    request: on('2933.59.46.00', 'IN', { entry_date: '2025-09-15' }),
    applies: { mfn: '650.00' },
    suppressed: ['ieepa-india-russian-oil'],
    total: '650.00',
    check: relief('ieepa-india-russian-oil', '9903.01.86'),
  },
  {
    name: 'India order: a T-shirt (not in Annex II) pays 9903.01.84 and the reciprocal duty',
    source: 'Heading 9903.01.84 (+25% from 2025-08-27); EO 14326 Annex I (India 25%); general rate 16.5%',
    request: on('6109.10.00.12', 'IN', { entry_date: '2025-09-15' }),
    applies: { mfn: '1650.00', 'ieepa-reciprocal-in': '2500.00', 'ieepa-india-russian-oil': '2500.00' },
    total: '6650.00',
  },
  {
    name: 'Section 301 exclusion naming the whole line: soap of 3401.19.00.00 from China, List 4A lifted without a claim',
    source:
      'U.S. note 20(vvv)(iv) item (3) "3401.19.0000"; heading 9903.88.69 (entries 2024-06-15 through 2026-11-09); CN 9903.05.31 +12.5%',
    request: on('3401.19.00.00', 'CN'),
    applies: { mfn: '0.00', 's301-fl-cn': '1250.00' },
    suppressed: ['s301-cn-list-4a'],
    total: '1250.00',
    check: relief('s301-cn-list-4a', '9903.88.69'),
  },
  {
    name: 'Section 301 whole-line exclusion ends: the same soap on 2026-11-10 pays List 4A',
    source: 'Heading 9903.88.69: "through November 9, 2026"; U.S. note 20(s) (9903.88.15, +7.5%)',
    request: on('3401.19.00.00', 'CN', { entry_date: '2026-11-10' }),
    applies: { mfn: '0.00', 's301-cn-list-4a': '750.00', 's301-fl-cn': '1250.00' },
    total: '2000.00',
  },
  {
    name: 'Section 301 exclusion describing a product: plastic articles of 3926.90.99.89 still need the claim',
    source:
      'U.S. note 20(vvv)(iv) items (10), (11) (sterile drapes, decanters "described in" 3926.90.9989): a product, not the line; note 52(d) lists 3926.90.99',
    request: on('3926.90.99.89', 'CN'),
    applies: { mfn: '530.00', 's301-cn-list-4a': '750.00', 's301-fl-cn': '1250.00' },
    total: '2530.00',
    check: (result) => {
      expect(result.possibleExemptions.map((p) => [p.claim.code, p.heading])).toContainEqual([
        's301_china_exclusion_9903_88_69',
        '9903.88.69',
      ]);
      expect(result.possibleExemptions.map((p) => [p.claim.code, p.heading])).toContainEqual([
        's301_fl_civil_aircraft_use',
        '9903.05.88',
      ]);
    },
  },
  // Root cause 2: the claims a broker makes for the conditional exemptions (notes 52(c)-(e), 50(a)(iii)-(v), 40(h)).
  {
    name: 'FL 52(c) claimed: the named particular article of Thailand enters under 9903.05.87',
    source: 'U.S. note 52(c) (particular articles classifiable in 2106.90.99); heading 9903.05.87 (HTS 2026 Rev 18)',
    request: on('2106.90.99.98', 'TH', {
      claims: [{ code: 's301_fl_particular_article', text: 'as named in note 52(c)' }],
    }),
    applies: { mfn: '640.00' },
    suppressed: ['s301-fl-th'],
    total: '640.00',
    check: relief('s301-fl-th', '9903.05.87'),
  },
  {
    name: 'FL 52(d) claimed: civil aircraft parts of Singapore for use in civil aircraft enter under 9903.05.88',
    source: 'U.S. note 52(d) lists 8807.30.00; heading 9903.05.88 ("Articles of civil aircraft ..."); general note 6',
    request: on('8807.30.00.60', 'SG', { claims: [{ code: 's301_fl_civil_aircraft_use' }] }),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-sg'],
    total: '0.00',
    check: relief('s301-fl-sg', '9903.05.88'),
  },
  {
    name: 'FL 52(e) claimed: hydrochloric acid of India for pharmaceutical applications enters under 9903.05.89',
    source:
      'U.S. note 52(e) lists 2806.10.00; heading 9903.05.89 ("Articles for use in pharmaceutical applications"); IN 9903.05.44 +10%',
    request: on('2806.10.00.00', 'IN', { claims: [{ code: 's301_fl_pharmaceutical_use' }] }),
    applies: { mfn: '0.00' },
    suppressed: ['s301-fl-in'],
    total: '0.00',
    check: relief('s301-fl-in', '9903.05.89'),
  },
  {
    name: 'FL 52(e) without the claim: the same acid pays 10% and the pharmaceutical use is offered',
    source: 'U.S. note 52(e); heading 9903.05.89; IN heading 9903.05.44 +10% (HTS 2026 Rev 18)',
    request: on('2806.10.00.00', 'IN'),
    applies: { mfn: '0.00', 's301-fl-in': '1000.00' },
    total: '1000.00',
    check: offers(['s301_fl_pharmaceutical_use', '9903.05.89', 's301-fl-in', '0.00']),
  },
  {
    name: 'FL 52(d) claim on a line the annex does not list (a T-shirt of Vietnam): a warning, the duty is charged',
    source:
      'U.S. note 52(d) (civil aircraft articles: chapter 61 is not listed); VN heading 9903.05.84 +12.5%; general rate 16.5%',
    request: on('6109.10.00.12', 'VN', { claims: [{ code: 's301_fl_civil_aircraft_use' }] }),
    applies: { mfn: '1650.00', 's301-fl-vn': '1250.00' },
    total: '2900.00',
    check: doesNotFit('s301_fl_civil_aircraft_use'),
  },
  {
    name: 'FL 52(d) claim before the action (entered 2026-07-23): a warning, nothing changes',
    source: 'FR doc 2026-15181: the forced-labor duties apply from 12:01 a.m. ET 2026-07-24; heading 9903.05.88',
    request: on('8807.30.00.60', 'SG', { entry_date: '2026-07-23', claims: [{ code: 's301_fl_civil_aircraft_use' }] }),
    applies: { mfn: '0.00' },
    total: '0.00',
    check: doesNotFit('s301_fl_civil_aircraft_use'),
  },
  {
    name: 'FL 52(c) claim on a 52(d) line: the particular-article claim does not fit, the aircraft part is charged',
    source:
      'U.S. note 52(c) (2106.90.99 and the other subheadings of its particular articles) and 52(d) (8807.30.00); SG 9903.05.68 +12.5%',
    request: on('8807.30.00.60', 'SG', { claims: [{ code: 's301_fl_particular_article', text: 'aircraft part' }] }),
    applies: { mfn: '0.00', 's301-fl-sg': '1250.00' },
    total: '1250.00',
    check: doesNotFit('s301_fl_particular_article'),
  },
  {
    name: 'Brazil 50(a)(iii) and 52(c) claimed: acai of Brazil pays its general rate only (9903.05.04, 9903.05.87)',
    source:
      'U.S. note 50(a)(iii)(6) "Acai (classifiable in subheading 2008.99.21)"; note 52(c); headings 9903.05.04, 9903.05.87; general rate 4.5%',
    request: on('2008.99.21.40', 'BR', {
      claims: [
        { code: 's301_brazil_particular_article', text: 'Acai' },
        { code: 's301_fl_particular_article', text: 'Acai' },
      ],
    }),
    applies: { mfn: '450.00' },
    suppressed: ['s301-brazil', 's301-fl-br'],
    total: '450.00',
    check: (result) => {
      relief('s301-brazil', '9903.05.04')(result);
      relief('s301-fl-br', '9903.05.87')(result);
    },
  },
  {
    name: 'Brazil 50(a)(iii) claimed alone: the Brazil duty is lifted, the forced-labor 12.5% stays and its claim is offered',
    source:
      'U.S. note 50(a)(iii) (heading 9903.05.04) relieves 9903.05.01 only; note 52(c), heading 9903.05.87; BR 9903.05.27 +12.5%',
    request: on('2008.99.21.40', 'BR', { claims: [{ code: 's301_brazil_particular_article', text: 'Acai' }] }),
    applies: { mfn: '450.00', 's301-fl-br': '1250.00' },
    suppressed: ['s301-brazil'],
    total: '1700.00',
    check: offers(['s301_fl_particular_article', '9903.05.87', 's301-fl-br', '450.00']),
  },
  {
    name: 'Brazil 50(a)(iv) and 52(d) claimed: turbine parts of Brazil for civil aircraft are free (9903.05.05, 9903.05.88)',
    source: 'U.S. note 50(a)(iv) and note 52(d) list 8411.91.90; headings 9903.05.05, 9903.05.88; general rate Free',
    request: on('8411.91.90.85', 'BR', {
      claims: [{ code: 's301_brazil_civil_aircraft_use' }, { code: 's301_fl_civil_aircraft_use' }],
    }),
    applies: { mfn: '0.00' },
    suppressed: ['s301-brazil', 's301-fl-br'],
    total: '0.00',
    check: relief('s301-brazil', '9903.05.05'),
  },
  {
    name: 'Brazil 50(a)(v) and 52(e) claimed: hydrochloric acid of Brazil for pharmaceutical applications is free (9903.05.06, 9903.05.89)',
    source: 'U.S. note 50(a)(v) and note 52(e) list 2806.10.00; headings 9903.05.06, 9903.05.89; general rate Free',
    request: on('2806.10.00.00', 'BR', {
      claims: [{ code: 's301_brazil_pharmaceutical_use' }, { code: 's301_fl_pharmaceutical_use' }],
    }),
    applies: { mfn: '0.00' },
    suppressed: ['s301-brazil', 's301-fl-br'],
    total: '0.00',
    check: relief('s301-brazil', '9903.05.06'),
  },
  {
    name: 'Brazil 50(a)(v) without the claims: the acid pays 25% and 12.5%, both pharmaceutical-use claims offered',
    source: 'Headings 9903.05.01 (+25%), 9903.05.27 (+12.5%); notes 50(a)(v), 52(e) list 2806.10.00',
    request: on('2806.10.00.00', 'BR'),
    applies: { mfn: '0.00', 's301-brazil': '2500.00', 's301-fl-br': '1250.00' },
    total: '3750.00',
    check: offers(
      ['s301_brazil_pharmaceutical_use', '9903.05.06', 's301-brazil', '1250.00'],
      ['s301_fl_pharmaceutical_use', '9903.05.89', 's301-fl-br', '2500.00'],
    ),
  },
  {
    name: 'Brazil claim on goods of Singapore: the Brazil heading does not reach them, a warning',
    source:
      'Heading 9903.05.05 ("... of Brazil, as provided for in subdivision (a)(iv) of U.S. note 50"); SG 9903.05.68 +12.5%',
    request: on('8807.30.00.60', 'SG', { claims: [{ code: 's301_brazil_civil_aircraft_use' }] }),
    applies: { mfn: '0.00', 's301-fl-sg': '1250.00' },
    total: '1250.00',
    check: doesNotFit('s301_brazil_civil_aircraft_use'),
  },
  {
    name: 'Note 40(h)(ii) claimed: a patented ingredient of India for a company with an onshoring plan and an MFN agreement, +0% (9903.04.65)',
    source:
      'U.S. note 40(h)(ii); heading 9903.04.65 ("The duty provided in the applicable subheading + 0%", HTS 2026 Rev 18); note 52(f)(8); general rate 6.5%',
    request: on('2933.59.46.00', 'IN', {
      claims: [{ code: 'pharmaceutical_patented' }, { code: 's232_pharma_onshoring_mfn_agreement' }],
    }),
    applies: { mfn: '650.00' },
    suppressed: ['s232-pharma-patented', 's301-fl-in'],
    total: '650.00',
    check: relief('s232-pharma-patented', '9903.04.65'),
  },
  {
    name: 'Note 40(h)(i) claimed: a patented ingredient of India for a company with an onshoring plan is at +20% (9903.04.64), not the 100% level',
    source:
      'U.S. note 40(a) (mutually exclusive headings) and 40(h)(i); heading 9903.04.64 ("The duty provided in the applicable subheading + 20%", HTS 2026 Rev 18); general rate 6.5%',
    request: on('2933.59.46.00', 'IN', {
      claims: [{ code: 'pharmaceutical_patented' }, { code: 's232_pharma_onshoring_plan' }],
    }),
    applies: { mfn: '650.00', 's232-pharma-onshoring': '2000.00' },
    suppressed: ['s232-pharma-patented', 's301-fl-in'],
    total: '2650.00',
  },
  {
    name: 'Note 40(h)(i) and (ii) claimed: with the MFN pricing agreement too, +0% (9903.04.65), the +20% heading does not apply',
    source:
      'U.S. note 40(h)(ii) (articles meeting (h)(i) imported for a company with an MFN pricing agreement); heading 9903.04.65 (+ 0%)',
    request: on('2933.59.46.00', 'IN', {
      claims: [
        { code: 'pharmaceutical_patented' },
        { code: 's232_pharma_onshoring_plan' },
        { code: 's232_pharma_onshoring_mfn_agreement' },
      ],
    }),
    applies: { mfn: '650.00' },
    suppressed: ['s232-pharma-patented', 's232-pharma-onshoring', 's301-fl-in'],
    total: '650.00',
    check: relief('s232-pharma-onshoring', '9903.04.65'),
  },
  {
    name: 'Note 40(h)(i) claimed for Germany: the 15% level of 9903.04.62 stays and the onshoring claim is a warning',
    source: 'U.S. note 40(f) (heading 9903.04.62, 15%) and 40(h)(i) (heading 9903.04.64, + 20%); general rate 6.5%',
    request: on('2933.59.46.00', 'DE', {
      claims: [{ code: 'pharmaceutical_patented' }, { code: 's232_pharma_onshoring_plan' }],
    }),
    applies: { mfn: '650.00', 's232-pharma-patented-partners': '850.00' },
    total: '1500.00',
    check: doesNotFit('s232_pharma_onshoring_plan'),
  },
  {
    name: 'Note 40(h)(iii) claimed: an orphan drug ingredient of Germany is not held to the 15% level (9903.04.66)',
    source:
      'U.S. note 40(f) (15%, heading 9903.04.62) and 40(h)(iii) (orphan drugs, heading 9903.04.66 + 0%); note 40(c) lists 2933.59.46; general rate 6.5%',
    request: on('2933.59.46.00', 'DE', {
      claims: [{ code: 'pharmaceutical_patented' }, { code: 's232_pharma_specialty_use' }],
    }),
    applies: { mfn: '650.00' },
    suppressed: ['s232-pharma-patented-partners'],
    total: '650.00',
    check: relief('s232-pharma-patented-partners', '9903.04.66'),
  },
  {
    name: 'Heading 9903.04.68 claimed: a U.S.-origin active ingredient in dosage form pays no additional duty',
    source:
      'Heading 9903.04.68 ("... an active pharmaceutical ingredient packaged in dosage form that is a product of the United States", HTS 2026 Rev 18)',
    request: on('2933.59.46.00', 'IN', {
      claims: [{ code: 'pharmaceutical_patented' }, { code: 's232_pharma_us_ingredient' }],
    }),
    applies: { mfn: '650.00' },
    suppressed: ['s232-pharma-patented', 's301-fl-in'],
    total: '650.00',
    check: relief('s232-pharma-patented', '9903.04.68'),
  },
  {
    name: 'Note 40 program claims without them: the patented ingredient of India pays the 100% level and each is offered',
    source:
      'U.S. note 40(d) (9903.04.60, 100%), 40(h)(ii), (h)(iii); headings 9903.04.65, 9903.04.66, 9903.04.68 (HTS 2026 Rev 18)',
    request: on('2933.59.46.00', 'IN', { claims: [{ code: 'pharmaceutical_patented' }] }),
    applies: { mfn: '650.00', 's232-pharma-patented': '9350.00' },
    suppressed: ['s301-fl-in'],
    total: '10000.00',
    check: (result) =>
      expect(result.possibleExemptions.map((p) => [p.claim.code, p.heading, p.totalDuty])).toEqual(
        expect.arrayContaining([
          ['s232_pharma_onshoring_mfn_agreement', '9903.04.65', '650.00'],
          ['s232_pharma_specialty_use', '9903.04.66', '650.00'],
          ['s232_pharma_us_ingredient', '9903.04.68', '650.00'],
        ]),
      ),
  },
  {
    name: 'Note 40 programs wait for the patented status: without it the line is unresolved and no program claim is offered',
    source:
      'U.S. note 40(c)(ii) (patented pharmaceutical articles) and 40(h) (headings 9903.04.64–.66 apply to patented articles)',
    request: on('2933.59.46.00', 'IN'),
    applies: { mfn: '650.00' },
    unresolved: ['s232-pharma-patented', 's232-pharma-generic', 's301-fl-in'],
    total: null,
    check: (result) =>
      expect(result.possibleExemptions.map((p) => [p.claim.code, p.heading])).toEqual([
        ['s301_fl_pharmaceutical_use', '9903.05.89'],
        ['pharmaceutical_patented', null],
      ]),
  },
  {
    name: 'Note 40 program claim before the headings apply to all importers (entered 2026-09-28): a warning',
    source: 'U.S. note 40(e) (heading 9903.04.61: entered before 12:01 a.m. ET September 29, 2026); heading 9903.04.65',
    request: on('2933.59.46.00', 'IN', {
      entry_date: '2026-09-28',
      claims: [{ code: 'pharmaceutical_patented' }, { code: 's232_pharma_onshoring_mfn_agreement' }],
    }),
    applies: { mfn: '650.00' },
    suppressed: ['s301-fl-in'],
    total: '650.00',
    check: doesNotFit('s232_pharma_onshoring_mfn_agreement'),
  },
  {
    name: 'Note 40 program claim on a line outside note 40(c) (a T-shirt of India): a warning, nothing changes',
    source:
      'U.S. note 40(c) (131 provisions of chapters 29 and 30); heading 9903.04.66; IN 9903.05.44 +10%; general rate 16.5%',
    request: on('6109.10.00.12', 'IN', { claims: [{ code: 's232_pharma_specialty_use' }] }),
    applies: { mfn: '1650.00', 's301-fl-in': '1000.00' },
    total: '2650.00',
    check: doesNotFit('s232_pharma_specialty_use'),
  },
];

describe('the 2026 program lists and exemptions by classification', () => {
  it('has at least 15 scenarios, each naming its primary source', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(15);
    for (const scenario of scenarios) expect(scenario.source).toMatch(/note|heading/i);
  });
});

runGoldenScenariosOn('golden scenarios of the 2026 program lists (database lines)', scenarios, () =>
  releaseLinesInDatabase(releases),
);
