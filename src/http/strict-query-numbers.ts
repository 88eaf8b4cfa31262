import type { RequestHandler } from 'express';
import type { HostDocument, HostOperation } from './host-document';
import { HttpProblem } from './problem';

type Parameter = { name: string; in: string; schema?: { type?: string }; $ref?: string };

const integerSyntax = /^-?\d+$/;
const numberSyntax = /^-?\d+(\.\d+)?$/;

/**
 * Numeric query parameters written as plain decimals only. The validator coerces with Number(), so
 * `0x64` would pass as 100 and `Infinity` or `1e400` would reach the operation as Infinity: they are
 * 400 here, before validation, with the parameter named.
 */
export function strictQueryNumbers(operation: HostOperation, document: HostDocument): RequestHandler | null {
  const shared =
    (document.document.components as { parameters?: Record<string, Parameter> } | undefined)?.parameters ?? {};
  const parameters = ((operation.definition.parameters as Parameter[] | undefined) ?? []).map((p) =>
    p.$ref ? shared[p.$ref.split('/').pop() as string] : p,
  );
  const numeric = parameters.filter(
    (p) => p.in === 'query' && (p.schema?.type === 'integer' || p.schema?.type === 'number'),
  );
  if (numeric.length === 0) return null;
  return (req, _res, next) => {
    const url = new URL(req.originalUrl, 'http://host');
    const errors = numeric.flatMap((p) =>
      url.searchParams
        .getAll(p.name)
        .filter((value) => !(p.schema?.type === 'integer' ? integerSyntax : numberSyntax).test(value))
        .map(() => ({ pointer: `/query/${p.name}`, message: `must be a plain decimal ${p.schema?.type}` })),
    );
    next(
      errors.length > 0
        ? new HttpProblem('validation-failed', 'A numeric query parameter is not a plain decimal number.', errors)
        : undefined,
    );
  };
}
