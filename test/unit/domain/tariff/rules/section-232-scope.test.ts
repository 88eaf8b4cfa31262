import fs from 'node:fs';
import path from 'node:path';
import { listedProvisions, subdivisionCodes, usNotesLines } from '../../../../../scripts/lib/us-notes';
import type { TariffRules } from '../../../../../src/domain/tariff/rules/tariff-rules';
import { repoDataDir } from '../../../../support/reference-data';
import { tariffRulesFromData } from '../../../../support/tariff-rules';

/**
 * Each Section 232 program's product scope against its own text (issue 16 item 4): the provisions
 * the U.S. note or annex enumerates are in, their neighbours are out.
 */
const notes = usNotesLines();
const resource = (name: string) =>
  fs
    .readFileSync(path.join(repoDataDir, 'tariff/yale-tariff-rate-tracker/resources', name), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .sort();

let rules: TariffRules;
beforeAll(() => {
  rules = tariffRulesFromData(repoDataDir);
});

/** Whether the measure is a candidate for the line from China (every program here covers China). */
const inScope = (measureId: string, code: string, date = '2026-10-09') =>
  rules
    .candidates({ code, country: 'CN', entryDate: date, arrivalDate: date })
    .some((candidate) => candidate.measure.id === measureId);

describe('Section 232 scope per program', () => {
  it('automobile parts: the list is exactly U.S. note 33(g)', () => {
    expect(resource('s232_auto_parts.txt')).toEqual(
      subdivisionCodes(notes, "(g) Subject to a manufacturer's import adjustment offset"),
    );
    expect(inScope('s232-autos-parts', '8708995300')).toBe(true); // 8708.99.53 named
    expect(inScope('s232-autos-parts', '8708998180')).toBe(false); // 8708.99.81 not named
    expect(inScope('s232-autos-parts', '4011101000')).toBe(true); // 4011.10.10 named
    expect(inScope('s232-autos-parts', '4011201005')).toBe(true); // 4011.20.10 named
    expect(inScope('s232-autos-parts', '4011700000')).toBe(false); // agricultural tyres: not named
  });

  it('medium- and heavy-duty vehicle parts: the list is exactly U.S. note 38(i)', () => {
    expect(resource('s232_mhd_parts.txt')).toEqual(
      subdivisionCodes(notes, '(i) The rates of duty set forth in heading 9903.74.08'),
    );
  });

  it('metals Annex I-A steel: headings 7206–7219 in, 7203 (excluded by the annex) and 7204 scrap out', () => {
    expect(inScope('s232-annex-1a', '7208510030')).toBe(true);
    expect(inScope('s232-annex-1a', '7219110030')).toBe(true);
    expect(inScope('s232-annex-1a', '7203100000')).toBe(false);
    expect(inScope('s232-annex-1a', '7204100000')).toBe(false);
  });

  it('semiconductors: the list is the statistical lines of the three provisions U.S. note 39(b) names, and needs the claim', () => {
    const named = subdivisionCodes(notes, '     (b) For the purposes of this note, "semiconductor articles"');
    expect(named).toEqual(['847150', '847180', '847330']);
    const listed = resource('s232_semi_products.csv')
      .filter((line) => /^\d{10},/.test(line))
      .map((line) => line.slice(0, 10));
    expect(listed.length).toBe(10);
    for (const code of listed) expect(named.some((provision) => code.startsWith(provision))).toBe(true);
    expect(inScope('s232-semiconductors', '8471500150')).toBe(true);
    expect(inScope('s232-semiconductors', '8471300100')).toBe(false); // laptops of 8471.30: not named
    const semiconductors = rules
      .candidates({ code: '8471500150', country: 'CN', entryDate: '2026-10-09', arrivalDate: '2026-10-09' })
      .find((c) => c.measure.id === 's232-semiconductors');
    expect(semiconductors?.confirmations.map((c) => c.claim)).toEqual(['semiconductor_article']);
  });

  it('wood: softwood, upholstered furniture and cabinets are exactly U.S. note 37(b), (d), (f)', () => {
    const note = (opens: string) => subdivisionCodes(notes, opens, '37.');
    const scope = (id: string) => rules.ruleSet.measures.find((measure) => measure.id === id)?.products.include;
    expect(scope('s232-softwood')).toEqual(note('(b) The rates of duty set forth in heading 9903.76.01'));
    expect(scope('s232-upholstered-furniture')).toEqual(note('(d) The rates of duty set forth in headings 9903.76.02'));
    expect(scope('s232-kitchen-cabinets')).toEqual(note('(f) Except for as provided by 9903.76.04, the rates'));
    expect(inScope('s232-upholstered-furniture', '9401614011', '2025-11-01')).toBe(true);
    expect(inScope('s232-upholstered-furniture', '9401614001', '2025-11-01')).toBe(false); // a neighbouring statistical line
  });

  it('metals Annex I-B names no provision of heading 8471: computers are out', () => {
    expect(inScope('s232-annex-1b', '8471300100')).toBe(false);
    expect(inScope('s232-annex-1b', '8471500150')).toBe(false);
  });

  it('buses of heading 8702 are the 10% program; road tractors of 8701.21 the MHD vehicles; cars are neither', () => {
    expect(inScope('s232-buses', '8702103100')).toBe(true);
    expect(inScope('s232-mhd-vehicles', '8701210015')).toBe(true);
    expect(inScope('s232-mhd-vehicles', '8703230190')).toBe(false);
    expect(inScope('s232-buses', '8703230190')).toBe(false);
  });

  it('upholstered wooden furniture: 9401.61.4011 and .4031 in, 9401.61.4001 and non-wood seats out', () => {
    expect(inScope('s232-upholstered-furniture', '9401614011')).toBe(true);
    expect(inScope('s232-upholstered-furniture', '9401614001')).toBe(false);
    expect(inScope('s232-upholstered-furniture', '9401710011')).toBe(false);
  });

  it('aluminum derivatives: the list is exactly U.S. note 19(i), (j), (k), at the precision the note prints', () => {
    const file = fs
      .readFileSync(path.join(repoDataDir, 'tariff/s232_aluminum_derivatives_note19.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    const listed = (heading: string) => file.filter((row) => row[1] === heading).map((row) => row[0]);
    expect(listed('9903.85.04')).toEqual(
      listedProvisions(notes, '(i) The rates of duty set forth in heading 9903.85.04', '(j) '),
    );
    expect(listed('9903.85.07')).toEqual(
      listedProvisions(notes, '(j) The rates of duty set forth in heading 9903.85.07', '(k) '),
    );
    expect(listed('9903.85.08')).toEqual(
      listedProvisions(notes, '(k) The rates of duty in heading 9903.85.08', 'For any derivative'),
    );
    expect(file).toHaveLength(254);
    // A statistical line named stays a statistical line: 8418.99.8050 is in, its sibling .8010 is not.
    expect(inScope('s232-aluminum-derivatives', '8418998050', '2025-07-01')).toBe(true);
    expect(inScope('s232-aluminum-derivatives', '8418998010', '2025-07-01')).toBe(false);
    // The original list from 2025-03-12 at 25%; the inclusions of FR doc 2025-15819 from 2025-08-18.
    expect(inScope('s232-aluminum-derivatives-25', '9403200090', '2025-03-12')).toBe(true);
    expect(inScope('s232-aluminum-derivatives-25', '9403200090', '2025-03-11')).toBe(false);
    expect(inScope('s232-aluminum-derivatives', '8418100020', '2025-08-17')).toBe(false);
    expect(inScope('s232-aluminum-derivatives', '8418100020', '2025-08-18')).toBe(true);
    // Listed in 19(k) with no inclusion date in any text held: unresolved, not a dated derivative.
    expect(inScope('s232-aluminum-derivatives', '2203000030', '2025-09-01')).toBe(false);
    expect(inScope('s232-aluminum-derivatives-undated', '2203000030', '2025-09-01')).toBe(true);
  });
});
