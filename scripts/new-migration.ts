/**
 * `npm run migration:new -- <kebab-slug>`: writes src/db/migrations/<UTC now>_<slug>.ts with empty
 * up/down (docs/migrations.md). The timestamp is the real time of writing, one second past the newest
 * migration if that is later, so names stay unique and in the order they were written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { migrationFileNames, migrationNamePattern } from '../src/db/migrate';

const migrationsDir = path.resolve(__dirname, '..', 'src', 'db', 'migrations');

const stamp = (date: Date): string => date.toISOString().replace(/[-:T]/g, '').slice(0, 14);

function parseStamp(value: string): Date {
  const [y, mo, d, h, mi, s] = [
    value.slice(0, 4),
    value.slice(4, 6),
    value.slice(6, 8),
    value.slice(8, 10),
    value.slice(10, 12),
    value.slice(12, 14),
  ].map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/** The new migration's name: `<YYYYMMDDHHmmss>_<slug>`, after every existing one. */
export function newMigrationName(slug: string, now: Date, existing: readonly string[]): string {
  const newest = existing
    .map((name) => name.slice(0, 14))
    .sort()
    .at(-1);
  const at = newest !== undefined && stamp(now) <= newest ? new Date(parseStamp(newest).getTime() + 1000) : now;
  const name = `${stamp(at)}_${slug}`;
  if (!migrationNamePattern.test(name))
    throw new Error(`"${slug}" is not a kebab-case slug (lower-case letters and digits, joined by hyphens)`);
  return name;
}

const template = `import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Why this change (one line or two).
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'table_name', (t) => {
    t.string('id', 40).primary();
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'table_name');
}
`;

if (require.main === module) {
  const slug = process.argv[2];
  if (!slug || process.argv.length > 3) {
    console.error('usage: npm run migration:new -- <kebab-slug>');
    process.exit(2);
  }
  const file = path.join(migrationsDir, `${newMigrationName(slug, new Date(), migrationFileNames('.ts'))}.ts`);
  fs.writeFileSync(file, template, { flag: 'wx' });
  console.log(path.relative(process.cwd(), file));
  console.log(
    'When it is written: state its change in src/db/schema.ts, then run `npm run migration:lock` and commit src/db/migrations.sha256 (CI fails on a migration not locked).',
  );
}
