import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** The parts of the spec this test reads. */
interface Part {
  $ref?: string;
  operationId?: string;
  required?: string[];
  headers?: Record<string, Part>;
  responses?: Record<string, Part>;
  content?: Record<string, { schema?: Part }>;
}
type Spec = { paths: Record<string, Record<string, Part>> } & Record<string, unknown>;
const spec = parse(fs.readFileSync(path.join(__dirname, '../../../openapi/spec.yaml'), 'utf8')) as Spec;

const resolve = (node: Part | undefined): Part | undefined =>
  node?.$ref
    ? resolve(
        node.$ref
          .slice(2)
          .split('/')
          .reduce((at: Record<string, unknown>, key) => at[key] as Record<string, unknown>, spec) as Part,
      )
    : node;

/** Every operation whose 200 answer is a cursor list (object, data, has_more, next_cursor). */
const listOperations: [string, Part][] = Object.values(spec.paths).flatMap((item) =>
  Object.values(item)
    .filter((op) => typeof op === 'object' && op !== null && typeof op.operationId === 'string')
    .filter((op) => {
      const schema = resolve(resolve(op.responses?.['200'])?.content?.['application/json']?.schema);
      return ['has_more', 'next_cursor'].every((field) => schema?.required?.includes(field));
    })
    .map((op): [string, Part] => [op.operationId!, op]),
);

it('finds the cursor lists in the spec', () => {
  expect(listOperations.length).toBeGreaterThanOrEqual(18);
});

// The handlers send the RFC 8288 `Link` to the next page on every list (handlers/outputs/list.ts),
// so every list declares it, with the one shared description.
it.each(listOperations)('%s declares the Link header of its next page', (_, op) => {
  expect(resolve(op.responses?.['200'])?.headers?.Link).toEqual({ $ref: '#/components/headers/Link' });
});
