import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { projectRoot } from '../../src/config/paths';
import { loadHostDocument } from '../../src/http/host-document';
import { hostNames } from '../../src/http/host-names';
import { currentApiVersion } from '../../src/http/api-version';
import { codesOf, problemKinds, type ProblemKind } from '../../src/http/problem';
import { jsonMedia } from '../../scripts/lib/document-examples';
import { readExamples } from '../../scripts/lib/recorded-examples';

/**
 * The reference's promises: every operation that answers JSON shows a response recorded from a test
 * run (`npm run examples`) that still fits its schema, and has code samples; the problem types are
 * one catalogue everywhere.
 */
const examples = readExamples();
const documents = hostNames.map(loadHostDocument);

const successStatus = (responses: Record<string, unknown>): string | undefined =>
  Object.keys(responses).find((status) => status.startsWith('2'));

describe('recorded response examples', () => {
  it('exist for every operation that answers JSON, on every host that serves it (re-record with npm run examples)', () => {
    const missing: string[] = [];
    for (const document of documents) {
      for (const operation of document.operations) {
        const responses = operation.definition.responses as Record<string, unknown>;
        const status = successStatus(responses);
        // Not yet implemented operations (501) have no successful answer to record.
        if (!status || '501' in responses || !jsonMedia(responses[status])) continue;
        if (!examples.get(operation.operationId)?.[document.host])
          missing.push(
            `${document.host} ${operation.method.toUpperCase()} ${operation.path} (${operation.operationId})`,
          );
      }
    }
    expect(missing).toEqual([]);
  });

  it('still fit the schema of the response they show', () => {
    const invalid: string[] = [];
    for (const document of documents) {
      const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
      addFormats(ajv);
      ajv.addSchema(document.document, 'host');
      for (const operation of document.operations) {
        const exchange = examples.get(operation.operationId)?.[document.host];
        if (!exchange) continue;
        const response = (operation.definition.responses as Record<string, unknown>)[String(exchange.response.status)];
        const mediaType = Object.keys((response as { content?: object } | undefined)?.content ?? {}).find((type) =>
          type.includes('json'),
        );
        if (!mediaType) {
          invalid.push(
            `${document.host} ${operation.operationId}: ${exchange.response.status} is not a declared JSON response`,
          );
          continue;
        }
        const pointer = [
          'paths',
          operation.path,
          operation.method,
          'responses',
          String(exchange.response.status),
          'content',
          mediaType,
          'schema',
        ]
          .map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1')))
          .join('/');
        const validate = ajv.getSchema(`host#/${pointer}`);
        if (!validate?.(exchange.response.body))
          invalid.push(`${document.host} ${operation.operationId}: ${ajv.errorsText(validate?.errors)}`);
      }
    }
    expect(invalid).toEqual([]);
  });

  it('are recorded only for operations the spec still has', () => {
    const known = new Set(
      documents.flatMap((document) => document.operations.map((operation) => operation.operationId)),
    );
    expect([...examples.keys()].filter((operationId) => !known.has(operationId))).toEqual([]);
  });
});

describe('the API version', () => {
  it('is the version each document states', () => {
    for (const document of documents)
      expect((document.document.info as { version: string }).version).toBe(currentApiVersion);
  });
});

describe('code samples', () => {
  it('show every operation in curl, TypeScript and Python, on its own host', () => {
    for (const document of documents) {
      for (const operation of document.operations) {
        const samples = operation.definition['x-codeSamples'] as Array<{ lang: string; source: string }>;
        expect(samples.map((sample) => sample.lang)).toEqual(['Shell', 'TypeScript', 'Python']);
        for (const sample of samples)
          expect(sample.source).toContain(document.host === 'main' ? '{base_url}' : `{${document.host}_url}`);
      }
    }
  });
});

describe('the problem catalogue', () => {
  const errorsDoc = fs.readFileSync(path.join(projectRoot, 'docs', 'errors.md'), 'utf8');
  const specDescription = String((documents[0].document.info as { description: string }).description);

  it.each(Object.entries(problemKinds))('lists %s with its status in docs/errors.md and the spec', (slug, kind) => {
    expect(errorsDoc).toMatch(new RegExp(`\\| \`${slug}\` \\| ${kind.status} \\|`));
    expect(specDescription).toMatch(new RegExp(`\\| \`${slug}\` \\| ${kind.status} \\|`));
  });

  // A type with several situations lists each code there; the others' one code is their slug in snake case.
  it.each(Object.keys(problemKinds) as ProblemKind[])('documents the codes of %s in docs/errors.md', (slug) => {
    const codes = codesOf(slug).map(({ code }) => code);
    const documented =
      codes.length === 1
        ? [slug.replace(/-/g, '_')]
        : codes.filter((code) => errorsDoc.includes(`| \`${slug}\` | \`${code}\` |`));
    expect(codes).toEqual(documented);
  });
});

describe('TypeScript code samples', () => {
  it('compile with openapi-fetch against the types a client generates from the host document, as the samples say', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-samples-'));
    try {
      const files: string[] = [];
      for (const document of documents) {
        // The command the samples give, on the document the host serves.
        const yaml = path.join(dir, `${document.host}.yaml`);
        fs.writeFileSync(yaml, document.yaml);
        execFileSync(
          path.join(projectRoot, 'node_modules', '.bin', 'openapi-typescript'),
          [yaml, '--default-non-nullable', 'false', '-o', path.join(dir, `tradelane-${document.host}.ts`)],
          { stdio: 'ignore' },
        );
        for (const operation of document.operations) {
          const sample = (operation.definition['x-codeSamples'] as Array<{ lang: string; source: string }>).find(
            (entry) => entry.lang === 'TypeScript',
          );
          const file = path.join(dir, `${document.host}-${operation.operationId}.ts`);
          fs.writeFileSync(file, sample?.source ?? '');
          files.push(file);
        }
      }
      const program = ts.createProgram(files, {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ES2022,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: ['node'],
        typeRoots: [path.join(projectRoot, 'node_modules', '@types')],
        baseUrl: projectRoot,
        paths: { 'openapi-fetch': [path.join(projectRoot, 'node_modules', 'openapi-fetch')] },
        skipLibCheck: true,
      });
      const errors = ts
        .getPreEmitDiagnostics(program)
        .map(
          (diagnostic) =>
            `${path.basename(diagnostic.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
        );
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
