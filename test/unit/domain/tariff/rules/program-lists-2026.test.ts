import { rev18Chapter99Excerpt } from '../../../../../scripts/lib/chapter99-excerpt';
import { claimCatalogue } from '../../../../../src/domain/tariff/claims/claim-catalogue';
import { buildRuleSet, type LoadedMeasure } from '../../../../../src/domain/tariff/rules/rule-set';
import { readTariffRuleSources } from '../../../../../src/reference/tariff/tariff-rule-sources';
import { repoDataDir } from '../../../../support/reference-data';

/**
 * The 2026 program lists as the rules read them (data/tariff/s301-2026-annexes, s232-pharma-note40)
 * and the Chapter 99 headings of the measures against HTS 2026 Rev 18 (the excerpt of its rows new
 * since Rev 10, data/tariff/hts-2026-rev18-ch99-excerpt).
 */
const ruleSet = buildRuleSet(readTariffRuleSources({ dataDir: repoDataDir }));
const prefixes = (id: string) => ruleSet.lists[id].entries.map((entry) => entry.prefix);
const excerpt = new Map(rev18Chapter99Excerpt().map((row) => [row.heading, row]));
const measure = (id: string) => ruleSet.measures.find((m) => m.id === id) as LoadedMeasure;

describe('the 2026 program lists', () => {
  it('hold the annex lines at the precision the notes print', () => {
    const sizes = Object.fromEntries(
      Object.keys(ruleSet.lists)
        .filter((id) => /^s301_fl_|^s301_brazil_|^s232_pharma_note40c$/.test(id))
        .map((id) => [id, [prefixes(id).length, prefixes(id).filter((p) => p.length === 10).length]]),
    );
    expect(sizes).toEqual({
      // Forced-labor Annex II Part A = note 52(b)-(e): 2,120 numbers, 7 of them statistical lines.
      s301_fl_52b: [863, 7],
      s301_fl_52c: [16, 0],
      s301_fl_52d: [541, 0],
      s301_fl_52e: [700, 0],
      // Note 52(j): Indonesia 148 and Ecuador 151 equal the Rev 17 text (PROVENANCE.md); the UK list names 8419.20.0010.
      s301_fl_52j_gb: [49, 1],
      s301_fl_52j_eu: [43, 0],
      s301_fl_52j_ch: [134, 0],
      s301_fl_52j_my: [104, 0],
      s301_fl_52j_kh: [157, 0],
      s301_fl_52j_gt: [112, 0],
      s301_fl_52j_sv: [99, 0],
      s301_fl_52j_ar: [93, 0],
      s301_fl_52j_bd: [87, 0],
      s301_fl_52j_tw: [118, 0],
      s301_fl_52j_id: [148, 0],
      s301_fl_52j_ec: [151, 0],
      s301_fl_52j_jo: [1889, 0],
      s301_fl_cafta_textiles: [1737, 0],
      // Note 50(a): (ii) 864 + (iii) 11; (iv) 540 + 6 chapter 98 provisions; (v) 705.
      s301_brazil_50a_ii_iii: [875, 0],
      s301_brazil_50a_iv: [546, 0],
      s301_brazil_50a_v: [705, 0],
      // Note 40(c): 131 ten-digit provisions (not 149).
      s232_pharma_note40c: [131, 131],
    });
    expect(prefixes('s301_fl_52b')).toEqual(expect.arrayContaining(['8505110070', '0712908550']));
    expect(prefixes('s301_fl_52b')).not.toContain('85051100');
  });

  it("keep each economy's particular articles of note 52(j)(n)(ii) out of its (i) exemption and relieve them with the claim under the origin's heading", () => {
    const fl = measure('s301-fl-my');
    const byOrigin = claimCatalogue.get('s301_fl_economy_particular_article')?.headings_by_origin ?? {};
    const partsI = fl.exemptions.filter((e) => e.products?.exclude);
    expect(partsI.map((e) => e.countries?.include?.[0]).sort()).toEqual(Object.keys(byOrigin).sort());
    for (const exemption of partsI) {
      const list = exemption.products?.include_lists?.[0] as string;
      const named = exemption.products?.exclude ?? [];
      // The annex list holds both parts; the (ii) articles are its members.
      expect(prefixes(list)).toEqual(expect.arrayContaining(named));
      const note = fl.exemptions.find(
        (e) =>
          e.requires?.claim === 's301_fl_economy_particular_article' &&
          JSON.stringify(e.countries) === JSON.stringify(exemption.countries),
      );
      expect(note?.products?.include).toEqual(named);
      expect(note?.heading).toBe(byOrigin[exemption.countries?.include?.[0] as string]);
      // (i) and (ii) are consecutive headings (9903.05.99 / 9903.06.01, 9903.06.02 / .03, …).
      expect(excerpt.get(note?.heading as string)?.description).toMatch(/subdivision \(j\)\(\d+\)\(ii\)/);
      expect(excerpt.get(exemption.heading as string)?.description).toMatch(/subdivision \(j\)\(\d+\)\(i\)/);
    }
  });

  it('narrow the five statistical lines of note 50(a)(ii) that the source gives at 8 digits', () => {
    const exemption = measure('s301-brazil').exemptions.find((e) => e.heading === '9903.05.03');
    const lines = ['0409000005', '4407990295', '8422409181', '8505110070', '8537109170'];
    expect(exemption?.products?.include).toEqual(lines);
    for (const line of lines) {
      expect(prefixes('s301_brazil_50a_ii_iii')).toContain(line.slice(0, 8));
      expect(exemption?.products?.exclude).toContain(line.slice(0, 8));
    }
  });
});

describe('the Chapter 99 headings of the measures, against HTS 2026 Rev 18', () => {
  const inExcerpt = ruleSet.measures.filter((m) => m.heading && excerpt.has(m.heading));

  it('charge the rate each heading states', () => {
    const disagreements: string[] = [];
    for (const m of inExcerpt) {
      const general = excerpt.get(m.heading as string)?.general ?? '';
      const stated =
        m.rate.kind === 'floor'
          ? /^([\d.]+)%$/.exec(general.trim())?.[1]
          : general === 'The duty provided in the applicable subheading'
            ? '0'
            : /applicable subheading\s*\+\s*([\d.]+)%/.exec(general)?.[1];
      if (m.rate.kind === 'prohibition' || stated !== m.rate.percent)
        disagreements.push(
          `${m.id} ${m.heading}: "${general}" vs ${m.rate.kind} ${'percent' in m.rate ? m.rate.percent : ''}`,
        );
    }
    // A total-duty level's heading for goods whose base already reaches it adds nothing.
    for (const met of inExcerpt.flatMap((m) => (m.heading_when_met ? [m.heading_when_met] : [])))
      expect(`${met}: ${excerpt.get(met)?.general}`).toBe(`${met}: The duty provided in the applicable subheading`);
    // The quartz safeguard prints its in-quota rate without "the applicable subheading +": the measure
    // is unresolved (note 41 is not held), so its reading of "25%" as additional is not relied on.
    expect(disagreements).toEqual(['s201-quartz 9903.45.30: "25%" vs additive 25']);
    expect(inExcerpt.length).toBeGreaterThan(60);
  });

  it('name the economy each forced-labor heading is for', () => {
    for (const m of inExcerpt.filter((candidate) => candidate.program === 'section_301_forced_labor')) {
      const economy = m.description.replace(/^Products of /, '').replace(/,.*$/, '');
      expect(`${m.heading} ${excerpt.get(m.heading as string)?.description}`).toMatch(
        new RegExp(`the product of (the |a member state of the )?${economy},`),
      );
    }
  });

  it('relieve under headings that state no additional duty', () => {
    // 9903.04.64 (onshoring plan, +20%) is a lower rate, not a relief.
    const reliefs = ruleSet.measures
      .flatMap((m) => [...m.exemptions, ...m.possible_exemptions].map((e) => e.heading))
      .filter(
        (heading): heading is string => heading !== undefined && excerpt.has(heading) && heading !== '9903.04.64',
      );
    expect(reliefs.length).toBeGreaterThan(30);
    for (const heading of reliefs)
      expect(`${heading}: ${excerpt.get(heading)?.general}`).toMatch(
        /: (The duty provided in the applicable subheading( \+ ?0%)?|No change)$/,
      );
  });
});
