import type { Dialect } from '../../src/db/knex';
import type { TableSchema } from '../../src/db/schema';
import type { IntrospectedColumn, IntrospectedTable } from './schema-introspection';

/** How each dialect stores a type of src/db/schema.ts (knex's builder names). */
const storedTypes: Record<Dialect, Record<string, (args: string[]) => string>> = {
  sqlite: {
    string: ([n]) => `varchar(${n})`,
    text: () => 'text',
    mediumtext: () => 'text',
    longtext: () => 'text',
    integer: () => 'integer',
    bigInteger: () => 'bigint',
    boolean: () => 'boolean',
    double: () => 'float',
    decimal: () => 'float',
    increments: () => 'integer autoincrement',
    bigIncrements: () => 'integer autoincrement',
  },
  mysql: {
    string: ([n]) => `varchar(${n})`,
    text: () => 'text',
    mediumtext: () => 'mediumtext',
    longtext: () => 'longtext',
    integer: () => 'int',
    bigInteger: () => 'bigint',
    boolean: () => 'tinyint(1)',
    double: () => 'double',
    decimal: ([p, s]) => `decimal(${p},${s})`,
    increments: () => 'int unsigned auto_increment',
    bigIncrements: () => 'bigint unsigned auto_increment',
  },
};

const columnPattern = /^(\w+)(?:\(([^)]*)\))?( null)?(?: default (.+))?$/;

/** A column of schema.ts as the dialect stores it, in the form `describeStored` gives an introspected one. */
function storedForm(dialect: Dialect, spec: string): string {
  const match = columnPattern.exec(spec);
  const stored = match && storedTypes[dialect][match[1]];
  if (!match || !stored) throw new Error(`src/db/schema.ts: "${spec}" is not a column this file can state`);
  const [, , args = '', nullable, value] = match;
  const defaultValue =
    value === undefined ? '' : ` default ${{ true: '1', false: '0' }[value] ?? value.replace(/^'(.*)'$/s, '$1')}`;
  return `${stored(args.split(/,\s*/))}${nullable ?? ''}${defaultValue}`;
}

function describeStored(dialect: Dialect, column: IntrospectedColumn): string {
  const increment = column.autoIncrement ? (dialect === 'sqlite' ? ' autoincrement' : ' auto_increment') : '';
  return `${column.type}${increment}${column.nullable ? ' null' : ''}${column.default === undefined ? '' : ` default ${column.default}`}`;
}

/** An introspected column written as schema.ts writes it (on SQLite, `float` may be double or decimal). */
function asSchemaEntry(dialect: Dialect, column: IntrospectedColumn): string {
  const increment = column.autoIncrement ? (dialect === 'sqlite' ? ' autoincrement' : ' auto_increment') : '';
  const args = /\(([^)]*)\)/.exec(column.type)?.[1]?.split(',') ?? [];
  // The first builder type stored this way (SQLite's text stands for every text, its float for double and decimal).
  const type = Object.entries(storedTypes[dialect]).find(([, store]) => store(args) === column.type + increment)?.[0];
  const written =
    type === undefined
      ? column.type + increment
      : type === 'string' || type === 'decimal'
        ? `${type}(${args.join(', ')})`
        : type === 'double' && dialect === 'sqlite'
          ? 'double (or decimal(p, s))'
          : type;
  const defaultValue =
    column.default === undefined
      ? ''
      : type === 'boolean'
        ? ` default ${column.default === '1'}`
        : type === 'integer' || type === 'bigInteger' || type === 'double' || type === 'decimal'
          ? ` default ${column.default}`
          : ` default '${column.default}'`;
  return `${written}${column.nullable ? ' null' : ''}${defaultValue}`;
}

const indexForm = (index: { columns: string[]; unique: boolean }) =>
  `${index.unique ? 'unique' : 'index'}(${index.columns.join(', ')})`;

/**
 * Every difference between schema.ts and a migrated database, one line each, naming what schema.ts
 * says and what the database has (in schema.ts's notation where the dialect can tell).
 */
export function schemaDrift(
  dialect: Dialect,
  expected: Record<string, TableSchema>,
  actual: Record<string, IntrospectedTable>,
): string[] {
  const drift: string[] = [];
  for (const name of Object.keys(actual)
    .filter((table) => !(table in expected))
    .sort())
    drift.push(`table ${name} is in the database, not in schema.ts`);
  for (const [name, table] of Object.entries(expected)) {
    const found = actual[name];
    if (!found) {
      drift.push(`table ${name} is in schema.ts, not in the database`);
      continue;
    }
    for (const [column, spec] of Object.entries(table.columns)) {
      const stored = found.columns[column];
      if (!stored) drift.push(`${name}.${column} is in schema.ts ('${spec}'), not in the database`);
      else if (storedForm(dialect, spec) !== describeStored(dialect, stored))
        drift.push(
          `${name}.${column}: schema.ts says '${spec}' (stored as ${storedForm(dialect, spec)}), the database has ${describeStored(dialect, stored)} ('${asSchemaEntry(dialect, stored)}')`,
        );
    }
    for (const [column, stored] of Object.entries(found.columns))
      if (!(column in table.columns))
        drift.push(`${name}.${column} is in the database ('${asSchemaEntry(dialect, stored)}'), not in schema.ts`);
    const primary = (table.primary ?? []).join(', ');
    if (primary !== found.primaryKey.join(', '))
      drift.push(`${name} primary key: schema.ts says [${primary}], the database has [${found.primaryKey.join(', ')}]`);
    const indexes = table.indexes ?? {};
    for (const [index, spec] of Object.entries(indexes)) {
      const stored = found.indexes[index];
      if (!stored) drift.push(`index ${index} of ${name} is in schema.ts ('${spec}'), not in the database`);
      else if (indexForm(stored) !== spec)
        drift.push(`index ${index} of ${name}: schema.ts says '${spec}', the database has '${indexForm(stored)}'`);
    }
    for (const [index, stored] of Object.entries(found.indexes))
      if (!(index in indexes))
        drift.push(`index ${index} of ${name} is in the database ('${indexForm(stored)}'), not in schema.ts`);
    const references = table.references ?? {};
    const storedKeys = new Map(
      found.foreignKeys.map((key) => [
        key.column,
        // SQLite says "no action" and MySQL "restrict" for the same default: the delete is refused.
        `${key.table}.${key.references}${['restrict', 'no action'].includes(key.onDelete) ? '' : ` on delete ${key.onDelete}`}`,
      ]),
    );
    for (const [column, spec] of Object.entries(references)) {
      const stored = storedKeys.get(column);
      if (stored !== spec)
        drift.push(
          `foreign key ${name}.${column}: schema.ts says '${spec}', the database has ${stored ? `'${stored}'` : 'none'}`,
        );
    }
    for (const [column, stored] of storedKeys)
      if (!(column in references))
        drift.push(`foreign key ${name}.${column} is in the database ('${stored}'), not in schema.ts`);
  }
  return drift;
}
