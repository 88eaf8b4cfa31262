import fs from 'node:fs';
import { HtsReleaseRepository } from '../../../src/db/repositories/hts-release.repository';
import { searchHtsCodes } from '../../../src/domain/classify/hts-search.service';
import { importHtsFile } from '../../../src/domain/hts/hts-import.service';
import { findHtsLine } from '../../../src/domain/hts/hts-lookup.service';
import { createTestDatabase, TestDatabase } from '../../support/database';
import { htsImportDeps, realHtsFile } from '../../support/hts-fixtures';
import { htsSearchDeps } from '../../support/hts-search';

/** The search over USITC's real HTS 2026 Rev 4 (its CSV export in data/hts). */
describe('HTS code search over HTS 2026 Rev 4', () => {
  let db: TestDatabase;
  let deps: ReturnType<typeof htsSearchDeps>;

  beforeAll(async () => {
    db = await createTestDatabase();
    const file = realHtsFile('hts_2026_revision_4_csv.csv');
    const importDeps = {
      ...htsImportDeps(db),
      afterImport: (release: { id: string }) => deps.indexes.rebuildFor(release.id),
    };
    deps = htsSearchDeps(db, '2026-06-01');
    expect(
      (
        await importHtsFile(importDeps, {
          bytes: fs.readFileSync(file),
          revision: { year: 2026, revision: 4 },
          source: file,
        })
      ).outcome,
    ).toBe('imported');
  }, 60_000);

  afterAll(async () => {
    await db.destroy();
  });

  it.each([
    ["men's cotton knit t-shirt", '6109.10.0012'],
    ['lithium-ion battery pack', '8507.60'],
    ['stainless steel kitchen sink', '7324.10'],
    ['frozen boneless beef', '0202.30'],
  ])('finds %s under %s', async (query, expected) => {
    const result = await searchHtsCodes({ query }, deps);
    expect(result.release.id).toBe('htsr_2026_rev_4');
    expect(result.candidates[0].code.startsWith(expected)).toBe(true);
  });

  it.each([
    // The material the query names picks among the material headings of a lexicon family.
    ['aluminum frying pan', '7615'],
    ['copper kettle', '7418'],
    ['zinc ingot', '7901'],
    ['plastic cutting board', '3924'],
    // A residual line ("Of other textile materials") is not what its siblings are.
    ["boys' knit jacket of 100% polyester", '6101.30'],
    // Chapter 62 is "not knitted" though its headings do not say so.
    ["women's woven cotton trousers", '6204.62'],
    // A line that says "other than cast iron" does not describe cast iron.
    ['cast iron frying pan', '7323.91'],
    // A line of cast iron is no line for cast steel.
    ['cast carbon steel pipe fittings', '7307.19'],
    ['cast iron pipe fittings', '7307.11'],
    // A parts heading answers to the goods of the headings it serves.
    ['excavator bucket teeth parts', '8431.41'],
    ['faucet parts', '8481.90'],
    // Words the schedule never uses are bridged to the words it does.
    ['tugboat', '8904'],
    // Section XI makes chapters 50-63 textile: a garment of plastics or rubber is not there.
    ['PVC raincoat', '3926.20'],
    ['rubber gloves', '4015'],
    // Nylon next to a fibre is the fibre, not a plastic.
    ['nylon rope', '5607.50'],
    ['paper shredder', '8472'],
    // Fibre shares by weight meet or fail the schedule's "containing 85 percent or more by weight of…",
    // and "containing 23 percent or more by weight of wool" does not make a sweater of man-made fibres woollen.
    ['woven fabric of 65% cotton and 35% polyester', '5210'],
    ['woven fabric of 65% polyester and 35% cotton', '5513'],
    ['cotton yarn of 60% cotton and 40% polyester', '5206'],
    ["men's knit sweater of 60% wool and 40% nylon", '6110.1'],
    // A stated size, weight or output meets or fails the limits of the subheadings.
    ['a 20 W electric motor', '8501.10'],
    ['woven cotton fabric weighing 250 g/m2', '5209'],
    ['stainless steel plate, width 400 mm', '7220'],
    // Steel not said to be alloy steel is nonalloy (chapter 72, note 1): not the "other alloy steel" headings.
    ['carbon steel ingots for forging', '7206'],
    ['alloy steel ingots for forging', '7224'],
    // Natural and synthetic or artificial goods are set against each other, unless a line says both.
    ['graphite of synthetic origin', '3801'],
    ['natural mineral water', '2201'],
    ['NPK compound fertilizer in 25 kg bags', '3105'],
    // Section XV and "of base metal" headings are no place for goods of plastics.
    ['polyethylene tubing for sprinkler systems', '3917'],
    ['plastic hinge', '3926'],
    // Fittings and ornaments go where their material puts them.
    ['brass pipe union', '7412'],
    ['ceramic figurine', '6913'],
    // In a long description the lexicon's word for the goods (pullover) keeps its weight against
    // the many words a statistical line repeats (the all-white T-shirts of 6109.10.0004).
    [
      "a women's knit pullover of 100% cotton with a crew neckline, long sleeves, a hemmed bottom, a rib knit waistband and no pockets or trim",
      '6110.20',
    ],
    // A negation counts against the line that names what it rules out and for the line that
    // rules it out ("Not roasted", "not put up for retail sale") or its residual sibling.
    ['coffee, not roasted', '0901.1'],
    ['cotton yarn, not put up for retail sale', '5205'],
    ["men's shirt, not knitted, of cotton", '6205.20'],
    ['shoes, not of leather', '6402'],
    ['non-woven polypropylene fabric', '5603'],
  ])('classifies %s under %s', async (query, expected) => {
    const result = await searchHtsCodes({ query }, deps);
    expect(result.candidates[0].code.replace(/\./g, '').startsWith(expected.replace(/\./g, ''))).toBe(true);
  });

  it.each([
    ['knitted cotton gloves without fourchettes', '> Without fourchettes'],
    // "Neither bleached nor dyed" is the schedule's "Unbleached".
    ['cotton fabric, neither bleached nor dyed', '> Unbleached >'],
  ])('reads %s as the line whose path says %s', async (query, wording) => {
    const { candidates } = await searchHtsCodes({ query }, deps);
    expect(candidates[0].descriptionPath).toContain(wording);
  });

  it('counts the words a lexicon phrase explains toward confidence', async () => {
    const { candidates } = await searchHtsCodes({ query: 'wireless earbuds' }, deps);
    expect(candidates[0].code.startsWith('8518.30')).toBe(true);
    expect(candidates[0].confidence).toBeGreaterThan(0);
  });

  it('asks for the gender of a cotton T-shirt, and answers with the women’s line once told', async () => {
    const asked = await searchHtsCodes({ query: 'cotton t-shirt' }, deps);
    expect(asked.candidates[0].heading.code).toBe('6109');
    expect(
      asked.clarifications.find((question) => question.attribute === 'gender')?.options.map((option) => option.value),
    ).toEqual(expect.arrayContaining(['male', 'female']));
    const answered = await searchHtsCodes({ query: 'cotton t-shirt', context: { gender: 'female' } }, deps);
    expect(answered.candidates[0].code).toBe('6109.10.0040');
  });

  it('returns only codes of the release in force, never from chapters 98 and 99', async () => {
    const store = new HtsReleaseRepository(db.knex);
    for (const query of [
      'steel bolts',
      'ceramic coffee mug',
      'wireless earbuds',
      'propylene glycol',
      'fresh salmon fillets',
    ]) {
      const { candidates } = await searchHtsCodes({ query, limit: 10 }, deps);
      expect(candidates.length).toBeGreaterThan(0);
      for (const candidate of candidates) {
        expect(Number(candidate.chapter.code)).toBeLessThan(98);
        expect(await findHtsLine(store, candidate.code, '2026-06-01')).toMatchObject({ found: true });
      }
    }
  });
});
