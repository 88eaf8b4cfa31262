import { chooseExchange, Exchange } from '../../scripts/lib/recorded-examples';

const exchange = (status: number, body: unknown, requestBody?: unknown): Exchange => ({
  request: { method: 'POST', url: '/x', ...(requestBody === undefined ? {} : { body: requestBody }) },
  response: { status, body },
});

describe('the recorded exchange an operation shows', () => {
  it('is a successful one, with the lowest status', () => {
    expect(chooseExchange([exchange(400, {}), exchange(201, { a: 1 }), exchange(200, { b: 1 })])?.response.status).toBe(
      200,
    );
    expect(chooseExchange([exchange(404, {})])).toBeUndefined();
  });

  it('is the richest response that is still readable, else the smallest', () => {
    const small = exchange(200, { a: 'x' });
    const rich = exchange(200, { a: 'x'.repeat(3000) });
    const huge = exchange(200, { a: 'x'.repeat(7000) });
    const huger = exchange(200, { a: 'x'.repeat(9000) });
    expect(chooseExchange([small, huge, rich])).toBe(rich);
    expect(chooseExchange([huger, huge])).toBe(huge);
  });

  it("is one that sent the spec's request example, when the spec states one", () => {
    const stated = { origin: 'CNNGB', destination: 'USLAX' };
    const asStated = exchange(201, { a: 1 }, stated);
    const other = exchange(200, { a: 'x'.repeat(3000) }, { origin: 'NLRTM', destination: 'DEHAM' });
    expect(chooseExchange([other, asStated], { ...stated })).toBe(asStated);
    expect(chooseExchange([other, asStated])).toBe(other);
  });

  it('does not depend on the order the tests ran in', () => {
    const one = exchange(200, { a: 1 }, { q: 'b' });
    const other = exchange(200, { a: 2 }, { q: 'a' });
    expect(chooseExchange([one, other])).toBe(chooseExchange([other, one]));
  });
});
