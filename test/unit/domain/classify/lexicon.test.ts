import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildLexicon, LexiconError } from '../../../../src/domain/classify/lexicon';
import { analyseQuery } from '../../../../src/domain/classify/query-analysis';
import { readHtsFile } from '../../../../src/reference/hts/hts-file';
import { loadLexicon } from '../../../../src/reference/classify/lexicon-files';
import { realHtsFile } from '../../../support/hts-fixtures';
import { sharedAnalyser, sharedLexicon } from '../../../support/hts-search';

const hintsFor = (query: string) => [...analyseQuery(query, sharedAnalyser, sharedLexicon).headingHints.keys()].sort();
const rev4 = realHtsFile('hts_2026_revision_4_csv.csv');

describe('the curated lexicon', () => {
  it('loads every family file, each entry with words and wording or headings', () => {
    const families = new Set(sharedLexicon.entries.map((entry) => entry.family));
    expect(families).toEqual(
      new Set([
        'apparel',
        'chemicals',
        'electronics',
        'food-agriculture',
        'food-preparations',
        'footwear-bags',
        'furniture',
        'home-textiles',
        'household',
        'industrial-machinery',
        'instruments',
        'kitchenware',
        'leather-wood-paper',
        'machine-elements',
        'machinery',
        'materials',
        'metals',
        'plastics',
        'textiles',
        'tools',
        'toys-sports',
        'vehicles',
      ]),
    );
    for (const entry of sharedLexicon.entries) {
      expect(entry.phrases.length + entry.contains.length).toBeGreaterThan(0);
      expect(entry.meansTerms.length + entry.headings.length).toBeGreaterThan(0);
    }
  });

  it('never lets a phrase of several words shrink to one word once stop words go ("scale model" is not any scale)', () => {
    const collapsed = sharedLexicon.entries.flatMap((entry) =>
      entry.words
        .filter((word, i) => /\s/.test(word.trim()) && entry.phrases[i].length < 2)
        .map((word) => `${entry.family}: ${word}`),
    );
    expect(collapsed).toEqual([]);
  });

  it('names only headings that exist in HTS 2026 Rev 4, outside chapters 98 and 99', async () => {
    const headings = new Set(
      (await readHtsFile(fs.readFileSync(rev4))).lines.flatMap((line) =>
        line.code && line.indent === 0 ? [line.code.slice(0, 4)] : [],
      ),
    );
    const missing = sharedLexicon.entries.flatMap((entry) =>
      entry.headings
        .filter((heading) => !headings.has(heading) || Number(heading.slice(0, 2)) >= 98)
        .map((heading) => `${entry.words[0] ?? entry.contains[0]} → ${heading}`),
    );
    expect(missing).toEqual([]);
  });

  it('maps garments to chapters 61 and 62 headings, plurals and phrases included', () => {
    expect(hintsFor("men's boxer shorts")).toEqual(['6107', '6108', '6207', '6208']);
    expect(hintsFor('cotton T-shirts')).toEqual(['6109']);
    expect(hintsFor('women’s nightgowns')).toEqual(['6107', '6108', '6207', '6208']);
  });

  it('points to headings only through the phrase naming the head noun', () => {
    // The pipe decides, not the water it carries; the hair dryer, not any dryer.
    expect(hintsFor('aluminum water pipe')).toEqual(expect.arrayContaining(['7304', '7411', '7608']));
    expect(hintsFor('aluminum water pipe')).not.toContain('2201');
    expect(hintsFor('hair dryer')).toEqual(['8510', '8516']);
  });

  it('recognises chemical families by the parts of their systematic names', () => {
    expect(hintsFor('2-methylpyridine')).toEqual(['2933']);
    expect(hintsFor('benzaldehyde')).toEqual(['2912', '2913']);
    const { expansions } = analyseQuery('1,4-dichlorobutene', sharedAnalyser, sharedLexicon);
    expect(expansions.flatMap((expansion) => expansion.terms)).toContain(sharedAnalyser.lemma('halogenated'));
  });

  it('adds synonyms at a lower weight than the query’s own words', () => {
    const weights = analyseQuery('car tyre', sharedAnalyser, sharedLexicon).weights;
    expect(weights.get('tyre') ?? weights.get('tire')).toBe(1.5);
    expect(weights.get('automobile')).toBeLessThan(1);
  });

  it('rejects a family file that does not follow the schema', () => {
    expect(() =>
      buildLexicon({ 'bad.yaml': { family: 'x', description: 'y', entries: [{ means: ['z'] }] } }, sharedAnalyser),
    ).toThrow(LexiconError);
    expect(() =>
      buildLexicon(
        { 'bad.yaml': { family: 'x', description: 'y', entries: [{ words: ['a'], headings: ['61'] }] } },
        sharedAnalyser,
      ),
    ).toThrow(/bad.yaml/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lexicon-'));
    fs.writeFileSync(path.join(dir, 'broken.yaml'), 'family: [unclosed');
    expect(() => loadLexicon(sharedAnalyser, dir)).toThrow(/broken.yaml/);
  });

  it('names, for goods the schedule files by material, the heading of every material', () => {
    // The material the query states picks among them at search time (see the Rev 4 tests).
    expect(hintsFor('frying pan')).toEqual(expect.arrayContaining(['3924', '7323', '7418', '7615']));
    expect(hintsFor('zinc ingot')).toEqual(expect.arrayContaining(['7206', '7601', '7801', '7901', '8001']));
    expect(hintsFor('cotton twill fabric')).toEqual(expect.arrayContaining(['5208', '5407', '5512']));
    expect(hintsFor('vinyl flooring')).toEqual(expect.arrayContaining(['3918', '4418']));
  });

  it("gives a query's attributes a say over which of those headings the hint goes to", () => {
    const plasticsOnly = (heading: string) => heading.startsWith('39');
    const { headingHints } = analyseQuery('plastic frying pan', sharedAnalyser, sharedLexicon, undefined, plasticsOnly);
    expect([...headingHints.keys()]).toEqual(['3924']);
    // One allowed heading takes the whole hint, not a share of seven.
    expect(headingHints.get('3924')).toBeGreaterThan(
      analyseQuery('frying pan', sharedAnalyser, sharedLexicon).headingHints.get('3924')!,
    );
  });

  it('maps measuring instruments by what they measure', () => {
    expect(hintsFor('temperature transmitter')).toEqual(['9025']);
    expect(hintsFor('ph meter')).toEqual(['9027']);
    expect(hintsFor('production counter')).toEqual(['9029']);
    expect(hintsFor('massage chair')).toEqual(['9019']);
  });

  it('maps hand tools, power tools and tool bits to their own headings', () => {
    expect(hintsFor('tongue and groove pliers')).toEqual(['8203']);
    expect(hintsFor('cordless impact driver')).toEqual(['8467']);
    expect(hintsFor('bi-metal hole saw')).toEqual(['8207']);
    // A power tool sold with its bits is not a set of hand tools.
    expect(hintsFor('power tool kit')).not.toContain('8206');
  });

  it('maps machines by the trade or material they work', () => {
    expect(hintsFor('needle punching machine')).toEqual(['8449']);
    expect(hintsFor('paper cutting machine')).toEqual(['8441']);
    expect(hintsFor('seed cleaner')).toEqual(['8437']);
    expect(hintsFor('ignition coil')).toEqual(['8511']);
  });

  it('lets a longer phrase point harder, and weighs its words less on their own', () => {
    const flash = analyseQuery('usb flash drive', sharedAnalyser, sharedLexicon);
    const drive = analyseQuery('drive', sharedAnalyser, sharedLexicon);
    expect(flash.headingHints.get('8523')).toBeGreaterThan(0);
    expect(flash.weights.get('drive')!).toBeLessThan(drive.weights.get('drive')!);
  });

  it('lets the named material point when the head is only a form of goods', () => {
    expect(hintsFor('polyurethane aqueous dispersion')).toEqual(['3909']);
    expect(hintsFor('PVC granules')).toEqual(['3904']);
    expect(hintsFor('faucet parts')).toEqual(['8481']);
    // A head the lexicon knows as goods keeps pointing by itself.
    expect(hintsFor('PVC flooring')).not.toContain('3904');
  });

  it('lets the words it knows before a use clause point, less surely, when it does not know the head noun', () => {
    expect(hintsFor('bicycle racks used for carrying water')).toEqual(['8712']);
    const rack = analyseQuery('bicycle racks', sharedAnalyser, sharedLexicon).headingHints.get('8712')!;
    expect(rack).toBeLessThan(analyseQuery('bicycle', sharedAnalyser, sharedLexicon).headingHints.get('8712')!);
    // A head it knows keeps the pointing to itself.
    expect(hintsFor('aluminum water pipe')).not.toContain('2201');
    // What the goods are of or run on names no goods: not PVC in primary forms, not batteries.
    expect(hintsFor("a child's bib made of 100% PVC")).toEqual([]);
    expect(hintsFor('a battery-operated sound reproducing apparatus')).toEqual([]);
  });

  it('reads what goods are without as no part of the goods', () => {
    expect(hintsFor('clear polyethylene plastic bags without handles')).toEqual(['3923']);
  });

  it('matches the plural of a word the language model does not know', () => {
    expect(hintsFor('plastic monofilaments')).toEqual(['3916']);
    expect(['monofilaments', 'gas', 'lens', 'series'].map((word) => sharedAnalyser.lemma(word))).toEqual([
      'monofilament',
      'gas',
      'lens',
      'series',
    ]);
  });

  it('maps machine elements, fittings and control gear to the headings of what they are', () => {
    expect(hintsFor('hydraulic cylinder')).toEqual(['8412']);
    expect(hintsFor('programmable logic controller')).toEqual(['8537']);
    expect(hintsFor('variable frequency drive')).toEqual(['8504']);
    expect(hintsFor('rotary encoder')).toEqual(['9031']);
    expect(hintsFor('brass pipe union')).toEqual(expect.arrayContaining(['7307', '7412']));
    expect(hintsFor('carbide cutting insert')).toEqual(['8207', '8209']);
  });

  it('maps everyday goods the schedule files by what they are for', () => {
    expect(hintsFor('disposable baby diaper')).toEqual(['9619']);
    expect(hintsFor('safety helmet')).toEqual(['6506']);
    expect(hintsFor("men's silk tie")).toEqual(['6117', '6215']);
    expect(hintsFor('glass vase')).toEqual(['7013']);
    expect(hintsFor('ceramic figurine')).toEqual(expect.arrayContaining(['6913', '3926', '8306']));
  });

  it('maps hides, leather, wood and paper by how far they are worked', () => {
    expect(hintsFor('wet blue hides')).toEqual(['4104', '4105', '4106']);
    expect(hintsFor('sawn timber')).toEqual(['4407']);
    expect(hintsFor('kraft paper')).toEqual(['4804']);
    expect(hintsFor('corrugated cardboard box')).toEqual(['4819']);
  });

  it('tells prepared foods, sugars, residues and feeds from the produce they come from', () => {
    expect(hintsFor('peanut butter')).toEqual(['2008']);
    expect(hintsFor('instant coffee')).toEqual(['2101']);
    expect(hintsFor('wheat bran')).toEqual(['2302']);
    expect(hintsFor('glucose syrup')).toEqual(['1702']);
  });
});
