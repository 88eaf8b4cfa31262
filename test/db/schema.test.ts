import { schema } from '../../src/db/schema';
import { createTestDatabase, testDialect } from '../support/database';
import { schemaDrift } from '../support/schema-drift';
import { introspect } from '../support/schema-introspection';

const dialectName = testDialect === 'mysql' ? 'MySQL' : 'SQLite';

/** Empty when schema.ts and the database agree; else what differs and how to settle it. */
function driftReport(drift: string[]): string {
  if (drift.length === 0) return '';
  return [
    `src/db/schema.ts and the migrated ${dialectName} database differ:`,
    ...drift.map((line) => `  - ${line}`),
    '',
    'schema.ts states the tables as they are after every migration. If a migration of yours made this change,',
    'write it into src/db/schema.ts (each entry above is also given as schema.ts writes it); if schema.ts is',
    'right, a migration is missing or wrong: add one with `npm run migration:new -- <slug>` (docs/migrations.md).',
    'Check both dialects: npx jest test/db/schema.test.ts, and again with DATABASE_URL=mysql://root@127.0.0.1:3306/test',
  ].join('\n');
}

describe(`src/db/schema.ts states the migrated ${dialectName} database`, () => {
  it('has every table, column, primary key, index and foreign key the migrations make, and nothing else', async () => {
    const db = await createTestDatabase();
    try {
      expect(driftReport(schemaDrift(db.dialect, schema, await introspect(db)))).toBe('');
    } finally {
      await db.destroy();
    }
  });
});
