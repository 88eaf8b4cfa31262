import { foldText } from './text-analysis';

/**
 * Whether a query is written in another language than English. The schedule and the lexicon are
 * English: a Spanish description ("camiseta de algodón para hombre") shares no word with them but
 * the odd one by chance, and would be answered confidently wrong. The function words (and the
 * words for men and women) of the languages most often met give it away; words that are also
 * English, HTS usage or abbreviations ("die", "do", "per", "pour", "fur", "aux", "al", "com", "el",
 * "es", "lo", "su", single letters) are not among them.
 */
const functionWords: Array<{ language: string; words: Set<string> }> = [
  {
    language: 'Spanish',
    words: new Set(
      'de del la las los y con sin para por una uno unos unas que sus muy hombre mujer nino nina'.split(' '),
    ),
  },
  { language: 'Portuguese', words: new Set('de da das dos sem para por um uma que em ou nao homem mulher'.split(' ')) },
  { language: 'French', words: new Set('de du des le la les et avec sans un une au en ou est homme femme'.split(' ')) },
  { language: 'Italian', words: new Set('del della dei delle il gli le con senza un una da uomo donna'.split(' ')) },
  {
    language: 'German',
    words: new Set('der das und mit ohne ein eine aus von zu den dem des ist nicht herren damen'.split(' ')),
  },
];
const englishFunctionWords = new Set(
  'the of and with without for in on to an or made from used by is are its their this that not no men women'.split(' '),
);

/**
 * The language (or languages, equally likely) a query reads as when it is not English, else null:
 * two of its function words or more and fewer English ones, or one and no English one while none
 * of its other words is known to the schedule or the lexicon (`known`): "pain au chocolat, frozen"
 * is English.
 */
export function foreignLanguageOf(query: string, known: (word: string) => boolean): string | null {
  const words = foldText(query).match(/[a-z]+/g) ?? [];
  const hits = functionWords.map(({ language, words: own }) => ({
    language,
    count: words.filter((word) => own.has(word)).length,
  }));
  const best = Math.max(...hits.map((hit) => hit.count));
  const english = words.filter((word) => englishFunctionWords.has(word)).length;
  if (best === 0 || english >= best) return null;
  if (best === 1) {
    if (english > 0) return null;
    const others = words.filter((word) => word.length > 2 && !functionWords.some(({ words: own }) => own.has(word)));
    if (others.length === 0 || others.some(known)) return null;
  }
  const languages = hits.filter((hit) => hit.count === best).map((hit) => hit.language);
  return languages.length === 1 ? languages[0] : `${languages.slice(0, -1).join(', ')} or ${languages.at(-1)}`;
}
