import { affirmedWording } from '../../../../src/domain/classify/search-index';
import { bridgeToSchedule, scheduleTermsFor, ScheduleVocabulary, stemFamilies } from '../../../../src/domain/classify/vocabulary';
import { sharedAnalyser } from '../../../support/hts-search';

const scheduleWords = ['copying', 'copy', 'sorting', 'tug', 'boat', 'black', 'board', 'albumin', 'measure', 'machine', 'isopropyl', 'aniline', 'derivative', 'butene'];
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
    expect(scheduleTermsFor('isopropylaniline', vocabulary, sharedAnalyser)).toEqual(['isopropyl', 'aniline', 'derivative']);
    expect(scheduleTermsFor('dichlorobutene', vocabulary, sharedAnalyser)).toEqual(['butene', 'derivative']);
    // A plain compound word or ending is no derivative.
    expect(scheduleTermsFor('tugboat', vocabulary, sharedAnalyser)).not.toContain('derivative');
    expect(scheduleTermsFor('ovalbumin', vocabulary, sharedAnalyser)).not.toContain('derivative');
  });

  it('never bridges a word the schedule uses, and adds bridged words at a lower weight', () => {
    expect(scheduleTermsFor('machine', vocabulary, sharedAnalyser)).toEqual([]);
    const weights = new Map([['tugboat', 1]]);
    bridgeToSchedule(weights, vocabulary, sharedAnalyser);
    expect(weights.get('tug')).toBeLessThan(1);
    expect(weights.get('boat')).toBeGreaterThan(0);
  });
});

describe('the schedule wording a line answers to', () => {
  it('leaves out what a line rules out', () => {
    expect(affirmedWording('Of iron (other than cast iron) or steel, enameled')).not.toMatch(/cast/);
    expect(affirmedWording('Fish, fresh or chilled, excluding fish fillets and other fish meat:')).not.toMatch(/fillet/);
    expect(affirmedWording("Men's or boys' shirts, not knitted or crocheted: Of cotton")).toMatch(/shirts.*Of cotton/);
    expect(affirmedWording("Men's or boys' shirts, not knitted or crocheted: Of cotton")).not.toMatch(/knitted/);
  });
});
