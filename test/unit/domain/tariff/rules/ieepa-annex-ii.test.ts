import fs from 'node:fs';
import path from 'node:path';
import { subdivisionCodes, usNotesLines } from '../../../../../scripts/lib/us-notes';
import type { TariffRules } from '../../../../../src/domain/tariff/rules/tariff-rules';
import { repoDataDir } from '../../../../support/reference-data';
import { tariffRulesFromData } from '../../../../support/tariff-rules';

/**
 * The reciprocal Annex II list is U.S. note 2(v)(iii)(a) (heading 9903.01.32), read from the note
 * text (issue 16), not Yale's wider `ieepa_exempt_products.csv`; docs/tariff-data-status.md item 24.
 */
const rows = (relative: string) =>
  fs
    .readFileSync(path.join(repoDataDir, relative), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().replace(/"/g, ''))
    .filter(Boolean);
const annex = rows('tariff/ieepa_annex_ii_note2v3a.csv');
const yale = rows('tariff/yale-tariff-rate-tracker/resources/ieepa_exempt_products.csv');
const named = (code: string) => annex.some((number) => code.startsWith(number));

let rules: TariffRules;
beforeAll(() => {
  rules = tariffRulesFromData(repoDataDir);
});

/** Whether a reciprocal measure is a candidate for the line from Vietnam on 2025-09-01. */
const reciprocal = (code: string) =>
  rules
    .candidates({ code, country: 'VN', entryDate: '2025-09-01', arrivalDate: '2025-09-01' })
    .some((candidate) => candidate.measure.id.startsWith('ieepa-reciprocal'));

describe('IEEPA reciprocal Annex II (U.S. note 2(v)(iii)(a))', () => {
  it('the data file is exactly the numbers the note enumerates', () => {
    expect(annex).toEqual(
      subdivisionCodes(
        usNotesLines(),
        '(a) As provided for in heading 9903.01.32',
        '(v) (i)  Except as provided in headings 9903.01.26',
      ),
    );
    expect(annex).toHaveLength(1082);
    expect(annex).toEqual(expect.arrayContaining(['8471', '847330', '8505110070', '02011005', '09011100']));
  });

  it('Yale names every line under the note and 2,218 more (country lists, chapter 98, derivatives)', () => {
    expect(annex.filter((number) => !yale.some((code) => code.startsWith(number)))).toEqual([]);
    const wider = yale.filter((code) => !named(code));
    expect(wider).toHaveLength(2218);
    expect(wider.filter((code) => code.startsWith('98'))).toHaveLength(121);
    expect(wider).toEqual(expect.arrayContaining(['9403200082', '8541600010', '8505110090']));
  });

  it('named lines pay no reciprocal duty; lines the note does not name do', () => {
    expect(reciprocal('8471300100')).toBe(false); // heading 8471 named (electronics of 2025-04-11)
    expect(reciprocal('8505110070')).toBe(false); // the one statistical line named
    expect(reciprocal('8505110090')).toBe(true); // its sibling is not
    expect(reciprocal('8541600010')).toBe(true); // piezoelectric crystals: 8541.60 not named
    expect(reciprocal('0106110000')).toBe(true); // live primates: not named
    // Metal furniture, a steel derivative: the reciprocal duty applies to its non-metal content.
    expect(reciprocal('9403200082')).toBe(true);
  });
});
