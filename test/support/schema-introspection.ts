import type { Database } from '../../src/db/knex';

/** What a migrated database holds, as each dialect reports it (types as declared, lower case). */
export interface IntrospectedColumn {
  /** SQLite: the declared type (`varchar(40)`, `bigint`); MySQL: COLUMN_TYPE without display widths. */
  type: string;
  nullable: boolean;
  /** The default as written, without quotes; undefined when there is none. */
  default?: string;
  autoIncrement: boolean;
}

export interface IntrospectedIndex {
  columns: string[];
  unique: boolean;
}

export interface IntrospectedForeignKey {
  column: string;
  table: string;
  references: string;
  onDelete: string;
}

export interface IntrospectedTable {
  columns: Record<string, IntrospectedColumn>;
  primaryKey: string[];
  indexes: Record<string, IntrospectedIndex>;
  foreignKeys: IntrospectedForeignKey[];
}

/** Tables knex keeps for itself: not ours to describe. */
const knexTables = new Set(['knex_migrations', 'knex_migrations_lock']);

/** Every table of the database with its columns, primary key, named indexes and foreign keys. */
export async function introspect(db: Database): Promise<Record<string, IntrospectedTable>> {
  return db.dialect === 'mysql' ? introspectMysql(db) : introspectSqlite(db);
}

const unquoted = (value: string | null): string | undefined =>
  value === null || value === 'NULL' ? undefined : value.replace(/^'(.*)'$/s, '$1').replace(/''/g, "'");

async function introspectSqlite(db: Database): Promise<Record<string, IntrospectedTable>> {
  const { knex } = db;
  const tables = (await knex.raw(
    "select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
  )) as Array<{ name: string; sql: string }>;
  const result: Record<string, IntrospectedTable> = {};
  for (const { name, sql } of tables.filter((t) => !knexTables.has(t.name))) {
    const info = (await knex.raw('select * from pragma_table_info(?)', [name])) as Array<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>;
    const columns: Record<string, IntrospectedColumn> = {};
    for (const column of info) {
      const autoIncrement = new RegExp(`[\`"]${column.name}[\`"][^,]*autoincrement`, 'i').test(sql);
      columns[column.name] = {
        type: column.type.toLowerCase(),
        // A primary key column is NOT NULL whatever SQLite's pragma says (it allows NULL in a rowid table's key).
        nullable: column.notnull === 0 && column.pk === 0,
        default: unquoted(column.dflt_value),
        autoIncrement,
      };
    }
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const indexes: Record<string, IntrospectedIndex> = {};
    const list = (await knex.raw('select * from pragma_index_list(?)', [name])) as Array<{
      name: string;
      unique: number;
      origin: string;
    }>;
    for (const index of list.filter((i) => i.origin !== 'pk')) {
      const parts = (await knex.raw('select * from pragma_index_info(?) order by seqno', [index.name])) as Array<{
        name: string;
      }>;
      indexes[index.name] = { columns: parts.map((p) => p.name), unique: index.unique === 1 };
    }
    const keys = (await knex.raw('select * from pragma_foreign_key_list(?)', [name])) as Array<{
      from: string;
      table: string;
      to: string;
      on_delete: string;
    }>;
    result[name] = {
      columns,
      primaryKey,
      indexes,
      foreignKeys: keys.map((k) => ({
        column: k.from,
        table: k.table,
        references: k.to,
        onDelete: k.on_delete.toLowerCase(),
      })),
    };
  }
  return result;
}

async function introspectMysql(db: Database): Promise<Record<string, IntrospectedTable>> {
  const { knex } = db;
  const [columns] = (await knex.raw(
    `select table_name as t, column_name as c, column_type as type, is_nullable as nullable,
            column_default as dflt, extra
       from information_schema.columns where table_schema = database() order by table_name, ordinal_position`,
  )) as [Array<{ t: string; c: string; type: string; nullable: string; dflt: string | null; extra: string }>];
  const [statistics] = (await knex.raw(
    `select table_name as t, index_name as i, non_unique as nonUnique, column_name as c
       from information_schema.statistics where table_schema = database() order by table_name, index_name, seq_in_index`,
  )) as [Array<{ t: string; i: string; nonUnique: number | string; c: string }>];
  const [keys] = (await knex.raw(
    `select k.table_name as t, k.column_name as c, k.referenced_table_name as rt, k.referenced_column_name as rc,
            r.delete_rule as onDelete, k.constraint_name as name
       from information_schema.key_column_usage k
       join information_schema.referential_constraints r
         on r.constraint_schema = k.constraint_schema and r.constraint_name = k.constraint_name
        and r.table_name = k.table_name
      where k.table_schema = database() and k.referenced_table_name is not null
      order by k.table_name, k.column_name`,
  )) as [Array<{ t: string; c: string; rt: string; rc: string; onDelete: string; name: string }>];
  const result: Record<string, IntrospectedTable> = {};
  const tableOf = (name: string) => (result[name] ??= { columns: {}, primaryKey: [], indexes: {}, foreignKeys: [] });
  for (const column of columns.filter((c) => !knexTables.has(c.t))) {
    tableOf(column.t).columns[column.c] = {
      // Display widths (int(11), bigint(20)) are MariaDB's decoration, not the type; tinyint(1) is a boolean.
      type: column.type.toLowerCase().replace(/\b(int|bigint|smallint|mediumint)\(\d+\)/, '$1'),
      nullable: column.nullable === 'YES',
      default: unquoted(column.dflt),
      autoIncrement: /auto_increment/i.test(column.extra),
    };
  }
  for (const entry of statistics.filter((s) => !knexTables.has(s.t))) {
    const table = tableOf(entry.t);
    if (entry.i === 'PRIMARY') table.primaryKey.push(entry.c);
    else (table.indexes[entry.i] ??= { columns: [], unique: Number(entry.nonUnique) === 0 }).columns.push(entry.c);
  }
  for (const key of keys.filter((k) => !knexTables.has(k.t))) {
    const table = tableOf(key.t);
    table.foreignKeys.push({ column: key.c, table: key.rt, references: key.rc, onDelete: key.onDelete.toLowerCase() });
    // MySQL gives a foreign key without an index of its own one under the key's name; SQLite makes
    // none. The key is what the schema states.
    const implicit = table.indexes[key.name];
    if (implicit && !implicit.unique && implicit.columns.join() === key.c) delete table.indexes[key.name];
  }
  return result;
}
