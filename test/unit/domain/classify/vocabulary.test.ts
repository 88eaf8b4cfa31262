import { affirmedWording, negatedWording } from '../../../../src/domain/classify/search-index';
import {
  bridgeToSchedule,
  negatedScheduleTerms,
  scheduleTermsFor,
  ScheduleVocabulary,
  stemFamilies,
} from '../../../../src/domain/classify/vocabulary';
import { sharedAnalyser } from '../../../support/hts-search';

const scheduleWords = [
  'natural',
  'synthetic',
  'artificial',
  'copying',
  'copy',
  'sorting',
  'tug',
  'boat',
  'black',
  'board',
  'albumin',
  'measure',
  'machine',
  'isopropyl',
  'aniline',
  'derivative',
  'butene',
  'roasted',
  'retail',
  'unbleached',
];
const vocabulary: ScheduleVocabulary = {
  has: (term) => scheduleWords.includes(term),
  byStem: stemFamilies(scheduleWords, sharedAnalyser),
};

describe('bridging query words to the schedule’s words', () => {
  it('bridges by stem, by agent noun, by closed compound and by a known ending', () => {
    expect(scheduleTermsFor('measurement', vocabulary, sharedAnalyser)).toEqual(['measure']);
    expect(scheduleTermsFor('copier', vocabulary, sharedAnalyser).sort()).toEqual(['copy', 'copying']);
    expect(scheduleTermsFor('sorter', vocabulary, sharedAnalyser)).toEqual(['sorting']);
    expect(scheduleTermsFor('tugboat', vocabulary, sharedAnalyser)).toEqual(['tug', 'boat']);
    expect(scheduleTermsFor('blackboard', vocabulary, sharedAnalyser)).toEqual(['black', 'board']);
    expect(scheduleTermsFor('ovalbumin', vocabulary, sharedAnalyser)).toEqual(['albumin']);
  });

  it('reads a compound substituted on a parent compound the schedule names as one of its derivatives', () => {
    expect(scheduleTermsFor('isopropylaniline', vocabulary, sharedAnalyser)).toEqual([
      'isopropyl',
      'aniline',
      'derivative',
    ]);
    expect(scheduleTermsFor('dichlorobutene', vocabulary, sharedAnalyser)).toEqual(['butene', 'derivative']);
    // A plain compound word or ending is no derivative.
    expect(scheduleTermsFor('tugboat', vocabulary, sharedAnalyser)).not.toContain('derivative');
    expect(scheduleTermsFor('ovalbumin', vocabulary, sharedAnalyser)).not.toContain('derivative');
  });

  it('never bridges a word the schedule uses, and adds bridged words at a lower weight', () => {
    expect(scheduleTermsFor('machine', vocabulary, sharedAnalyser)).toEqual([]);
    const query = {
      weights: new Map([['tugboat', 1]]),
      negated: new Map<string, number>(),
      unlessAlso: new Map<string, string>(),
    };
    bridgeToSchedule(query, vocabulary, sharedAnalyser);
    expect(query.weights.get('tug')).toBeLessThan(1);
    expect(query.weights.get('boat')).toBeGreaterThan(0);
  });

  it('reads a word with a negating prefix as ruling out the word it is joined to, never as that word', () => {
    expect(negatedScheduleTerms('unroasted', vocabulary, sharedAnalyser)).toEqual(['roasted']);
    expect(negatedScheduleTerms('nonretail', vocabulary, sharedAnalyser)).toEqual(['retail']);
    // A word the schedule uses itself is matched as it is.
    expect(negatedScheduleTerms('unbleached', vocabulary, sharedAnalyser)).toEqual([]);
    expect(negatedScheduleTerms('union', vocabulary, sharedAnalyser)).toEqual([]);
    const query = {
      weights: new Map([['unroasted', 1]]),
      negated: new Map<string, number>(),
      unlessAlso: new Map<string, string>(),
    };
    bridgeToSchedule(query, vocabulary, sharedAnalyser);
    expect(query.weights.has('roasted')).toBe(false);
    expect(query.negated.get('roasted')).toBeLessThan(1);
  });

  it('reads natural as ruling out synthetic and artificial goods, and either of those as ruling out natural ones', () => {
    const synthetic = {
      weights: new Map([
        ['synthetic', 1],
        ['graphite', 1.5],
      ]),
      negated: new Map<string, number>(),
      unlessAlso: new Map<string, string>(),
    };
    bridgeToSchedule(synthetic, vocabulary, sharedAnalyser);
    expect(synthetic.negated.get('natural')).toBeLessThan(1);
    // A line "natural or synthetic" still fits: it says the query's word too.
    expect(synthetic.unlessAlso.get('natural')).toBe('synthetic');
    const natural = {
      weights: new Map([
        ['natural', 1],
        ['rubber', 1.5],
      ]),
      negated: new Map<string, number>(),
      unlessAlso: new Map<string, string>(),
    };
    bridgeToSchedule(natural, vocabulary, sharedAnalyser);
    expect([...natural.negated.keys()].sort()).toEqual(['artificial', 'synthetic']);
    // A query that names both rules out neither.
    const both = {
      weights: new Map([
        ['natural', 1],
        ['synthetic', 1],
      ]),
      negated: new Map<string, number>(),
      unlessAlso: new Map<string, string>(),
    };
    bridgeToSchedule(both, vocabulary, sharedAnalyser);
    expect(both.negated.size).toBe(0);
  });
});

describe('the schedule wording a line answers to', () => {
  it('leaves out what a line rules out', () => {
    expect(affirmedWording('Of iron (other than cast iron) or steel, enameled')).not.toMatch(/cast/);
    expect(affirmedWording('Fish, fresh or chilled, excluding fish fillets and other fish meat:')).not.toMatch(
      /fillet/,
    );
    expect(affirmedWording("Men's or boys' shirts, not knitted or crocheted: Of cotton")).toMatch(/shirts.*Of cotton/);
    expect(affirmedWording("Men's or boys' shirts, not knitted or crocheted: Of cotton")).not.toMatch(/knitted/);
  });

  it('reads what a line rules out, and nothing from "whether or not"', () => {
    expect(negatedWording('Coffee, not roasted:').trim()).toBe('roasted');
    expect(negatedWording('Of iron (other than cast iron) or steel').trim()).toBe('cast iron');
    expect(negatedWording('Coffee, whether or not roasted or decaffeinated').trim()).toBe('');
  });
});
