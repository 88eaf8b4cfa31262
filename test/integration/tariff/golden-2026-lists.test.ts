import fs from 'node:fs';
import { HtsReleaseRepository } from '../../../src/db/repositories/hts-release.repository';
import { importHtsFile } from '../../../src/domain/hts/hts-import.service';
import type { DutyCalculation } from '../../../src/domain/tariff/engine/duty-result';
import { ReleaseLineSource } from '../../../src/domain/tariff/release-line-source';
import type { DutyBody } from '../../../src/handlers/inputs/tariff.input';
import { parseHtsFileName } from '../../../src/reference/hts/hts-revision';
import { createTestDatabase } from '../../support/database';
import { runGoldenScenariosOn, type GoldenScenario } from '../../support/golden-scenarios';
import { htsImportDeps, realHtsFile } from '../../support/hts-fixtures';

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
    name: 'FL 52(c): a named particular article is charged and listed to confirm (9903.05.87)',
    source:
      'U.S. note 52(c) (particular articles classifiable in 2106.90.99); heading 9903.05.87; TH 9903.05.77 +12.5%',
    request: on('2106.90.99.98', 'TH'),
    applies: { mfn: '640.00', 's301-fl-th': '1250.00' },
    total: '1890.00',
    check: toConfirm(['9903.05.87', 's301-fl-th']),
  },
  {
    name: 'FL 52(d): civil aircraft parts from Singapore are charged; the civil aircraft use is to confirm (9903.05.88)',
    source:
      'U.S. note 52(d) lists 8807.30.00 (for use in civil aircraft, general note 6); heading 9903.05.88; SG 9903.05.68 +12.5%',
    request: on('8807.30.00.60', 'SG'),
    applies: { mfn: '0.00', 's301-fl-sg': '1250.00' },
    total: '1250.00',
    check: toConfirm(['9903.05.88', 's301-fl-sg']),
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
    name: 'FL 52(j)(4)(ii): psyllium seed husks of Malaysia are a named particular article, to confirm (9903.06.01)',
    source:
      'U.S. note 52(j)(4)(ii)(A) "Psyllium seed husks (classifiable in subheading 1211.90.89)"; heading 9903.06.01; MY 9903.05.54 +10%',
    request: on('1211.90.89.20', 'MY'),
    applies: { mfn: '0.00', 's301-fl-my': '1000.00' },
    total: '1000.00',
    check: toConfirm(['9903.06.01', 's301-fl-my']),
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
    name: 'Brazil 50(a)(iii): acai is a named particular article: charged, to confirm (9903.05.04, and 9903.05.87)',
    source: 'U.S. note 50(a)(iii)(6) "Acai (classifiable in subheading 2008.99.21)"; note 52(c); general rate 4.5%',
    request: on('2008.99.21.40', 'BR'),
    applies: { mfn: '450.00', 's301-brazil': '2500.00', 's301-fl-br': '1250.00' },
    total: '4200.00',
    check: toConfirm(['9903.05.04', 's301-brazil'], ['9903.05.87', 's301-fl-br']),
  },
  {
    name: 'Brazil 50(a)(iv): turbine parts are charged; the civil aircraft use is to confirm (9903.05.05, 9903.05.88)',
    source: 'U.S. note 50(a)(iv) and note 52(d) list 8411.91.90; headings 9903.05.05, 9903.05.88; general rate Free',
    request: on('8411.91.90.85', 'BR'),
    applies: { mfn: '0.00', 's301-brazil': '2500.00', 's301-fl-br': '1250.00' },
    total: '3750.00',
    check: toConfirm(['9903.05.05', 's301-brazil'], ['9903.05.88', 's301-fl-br']),
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
      toConfirm(['9903.05.88', 's301-fl-cn'])(result);
    },
  },
];

describe('the 2026 program lists and exemptions by classification', () => {
  it('has at least 15 scenarios, each naming its primary source', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(15);
    for (const scenario of scenarios) expect(scenario.source).toMatch(/note|heading/i);
  });
});

runGoldenScenariosOn('golden scenarios of the 2026 program lists (database lines)', scenarios, async () => {
  const db = await createTestDatabase();
  const deps = htsImportDeps(db);
  for (const name of releases) {
    const revision = parseHtsFileName(name);
    if (!revision) throw new Error(name);
    await importHtsFile(deps, { bytes: fs.readFileSync(realHtsFile(name)), revision, source: name });
  }
  return { lines: new ReleaseLineSource(new HtsReleaseRepository(db.knex)), close: () => db.destroy() };
});
