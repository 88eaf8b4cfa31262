import fs from 'node:fs';
import path from 'node:path';
import { parseThpack, thpackLoadPlanRequest, ThpackFormatError } from '../../../../src/reference/or-library-thpack';

const fixture = fs.readFileSync(path.join(__dirname, '../../../fixtures/loadplan/thpack-two-problems.txt'), 'utf8');

describe('parseThpack', () => {
  it('reads problems with seeds (BR1–BR7 layout)', () => {
    const problems = parseThpack(fixture);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toEqual({
      number: 1,
      seed: 2502505,
      container: { length: 587, width: 233, height: 220 },
      boxTypes: [
        { id: 1, length: 108, width: 76, height: 30, verticalAllowed: [false, false, true], quantity: 40 },
        { id: 2, length: 110, width: 43, height: 25, verticalAllowed: [false, true, true], quantity: 33 },
        { id: 3, length: 92, width: 81, height: 55, verticalAllowed: [true, true, true], quantity: 39 },
      ],
    });
    expect(problems[1].boxTypes[0].verticalAllowed).toEqual([true, true, false]);
  });

  it('reads problems without seeds (Loh & Nee layout), whatever the line breaks', () => {
    const problems = parseThpack('1\n7 300 200\n100 2 1 10 0 20 1 30 1 4\r\n2 5 1 5 1 5 1 9');
    expect(problems).toEqual([
      {
        number: 7,
        seed: null,
        container: { length: 300, width: 200, height: 100 },
        boxTypes: [
          { id: 1, length: 10, width: 20, height: 30, verticalAllowed: [false, true, true], quantity: 4 },
          { id: 2, length: 5, width: 5, height: 5, verticalAllowed: [true, true, true], quantity: 9 },
        ],
      },
    ]);
  });

  it('rejects a truncated row instead of guessing', () => {
    expect(() => parseThpack('1\n1 300 200 100 1\n1 10 1 20 1 30 4')).toThrow(ThpackFormatError);
    expect(() => parseThpack('')).toThrow(ThpackFormatError);
  });

  it('turns a problem into the benchmark request: one container, full support, flags as vertical dimensions', () => {
    const request = thpackLoadPlanRequest(parseThpack(fixture)[0], 500);
    expect(request.maxContainers).toBe(1);
    expect(request.support).toBe('full');
    expect(request.timeBudgetMs).toBe(500);
    expect(request.items[1]).toMatchObject({
      id: '2',
      quantity: 33,
      orientation: { verticalDimensions: ['width', 'height'] },
    });
    expect(request.container).toMatchObject({ kind: 'custom', container: { length: 587, width: 233, height: 220 } });
  });
});
