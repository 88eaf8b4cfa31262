import { goodsDescription, sentencesOf } from '../../../../src/domain/classify/goods-sentences';
import { wholeRuling } from '../../../support/ruling-text';

describe('sentencesOf', () => {
  it('cuts at sentence ends and line breaks, not after an abbreviation', () => {
    expect(sentencesOf('Model No. 5 is a pump. It weighs approx. 3 kg.\nRE: A pump')).toEqual([
      'Model No. 5 is a pump.',
      'It weighs approx. 3 kg.',
      'RE: A pump',
    ]);
  });
});

describe('goodsDescription', () => {
  it('searches a short description as it is', () => {
    expect(goodsDescription("men's cotton knit t-shirt")).toBe("men's cotton knit t-shirt");
  });

  it('keeps what a ruling asks to classify and says the goods are, leaving out its history, reasoning, codes and closing', () => {
    const goods = goodsDescription(wholeRuling);
    expect(goods.startsWith('women’s pullover.')).toBe(true);
    expect(goods).toContain('100 percent cotton knit fabric');
    expect(goods).toContain('crew neckline');
    for (const left of ['6106', '6110', 'blouses', 'GRI', 'sample', 'Sincerely', 'rate of duty', 'Part 177'])
      expect(goods).not.toContain(left);
  });

  it('leads with the article a sentence defines, ahead of the sentences describing it', () => {
    const text = [
      'In your letter dated May 2, 2024 you requested a ruling on behalf of your client.',
      'The merchandise under consideration is identified as a descaler unit for use with a rolling mill line.',
      'It consists of a high pressure water box containing spraying nozzles, a pumping unit and a valve bench.',
      'The unit removes scale from seamless steel pipes before they enter the quenching furnace.',
      'You propose classification under subheading 8479.81.0000, HTSUS, which provides for machines for treating metal.',
      'Classification under the HTSUS is made in accordance with the General Rules of Interpretation (GRIs).',
      'The rate of duty will be free.',
    ].join(' ');
    expect(text.length).toBeGreaterThan(600);
    expect(goodsDescription(text)).toBe(
      'a descaler unit for use with a rolling mill line. It consists of a high pressure water box containing spraying nozzles, a pumping unit and a valve bench. The unit removes scale from seamless steel pipes before they enter the quenching furnace.',
    );
  });
});
