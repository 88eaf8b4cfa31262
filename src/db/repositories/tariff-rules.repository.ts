import type { Knex } from 'knex';
import type { ImportedProductList, TariffRuleSet, RuleSetSources } from '../../domain/tariff';

const chunk = 500;

/** Stored tariff rule sets: save a version once, activate it, load the active one back. */
export class TariffRulesRepository {
  constructor(private readonly knex: Knex) {}

  /** Stores a rule set and its lists; a version already stored is left as it is. */
  async saveRuleSet(sources: RuleSetSources, ruleSet: TariffRuleSet, now: number): Promise<'created' | 'exists'> {
    return this.knex.transaction(async (trx) => {
      const existing = await trx('tariff_rule_sets').where({ version: ruleSet.version }).first('version');
      if (existing) return 'exists';
      const { lists, ...authored } = sources;
      const entries = Object.entries(lists).flatMap(([listId, list]) =>
        list.entries.map((entry) => ({
          rule_set_version: ruleSet.version,
          list_id: listId,
          hts_prefix: entry.prefix,
          effective_from: entry.from ?? null,
          effective_to: entry.to ?? null,
        })),
      );
      const listStatus = Object.fromEntries(
        Object.entries(lists).map(([listId, list]) => [listId, { missing: list.missing, rejected: list.rejected }]),
      );
      await trx('tariff_rule_sets').insert({
        version: ruleSet.version,
        sources: JSON.stringify(authored),
        list_status: JSON.stringify(listStatus),
        measure_count: ruleSet.measures.length,
        list_entry_count: entries.length,
        created_at: now,
        activated_at: null,
      });
      const measures = ruleSet.measures.map((measure) => ({
        rule_set_version: ruleSet.version,
        measure_id: measure.id,
        program: measure.program,
        family: measure.family,
        heading: measure.heading,
        effective_from: measure.effective_from,
        effective_to: measure.effective_to ?? null,
        date_basis: measure.date_basis,
        definition: JSON.stringify(measure),
      }));
      for (let index = 0; index < measures.length; index += chunk)
        await trx('tariff_measures').insert(measures.slice(index, index + chunk));
      for (let index = 0; index < entries.length; index += chunk)
        await trx('tariff_product_list_entries').insert(entries.slice(index, index + chunk));
      return 'created';
    });
  }

  /** Makes a stored version the one the engine loads. */
  async activateRuleSet(version: string, now: number): Promise<void> {
    const updated = await this.knex('tariff_rule_sets').where({ version }).update({ activated_at: now });
    if (updated === 0) throw new Error(`tariff rule set ${version} is not stored`);
  }

  /** The sources of the most recently activated rule set, or null when none is. */
  async activeRuleSetSources(): Promise<RuleSetSources | null> {
    const row = await this.knex('tariff_rule_sets')
      .whereNotNull('activated_at')
      .orderBy('activated_at', 'desc')
      .first('version', 'sources', 'list_status');
    if (!row) return null;
    const status = JSON.parse(row.list_status) as Record<string, { missing: boolean; rejected: string[] }>;
    const lists: Record<string, ImportedProductList> = Object.fromEntries(
      Object.entries(status).map(([listId, { missing, rejected }]) => [listId, { entries: [], missing, rejected }]),
    );
    const entries = await this.knex('tariff_product_list_entries')
      .where({ rule_set_version: row.version })
      .orderBy('id')
      .select('list_id', 'hts_prefix', 'effective_from', 'effective_to');
    for (const entry of entries) {
      lists[entry.list_id].entries.push({
        prefix: entry.hts_prefix,
        ...(entry.effective_from ? { from: entry.effective_from } : {}),
        ...(entry.effective_to ? { to: entry.effective_to } : {}),
      });
    }
    return { ...(JSON.parse(row.sources) as Omit<RuleSetSources, 'lists'>), lists };
  }

  /** Stored versions, newest first, with their activation time (epoch ms or null). */
  async listRuleSets(): Promise<
    Array<{
      version: string;
      measureCount: number;
      listEntryCount: number;
      createdAt: number;
      activatedAt: number | null;
    }>
  > {
    const rows = await this.knex('tariff_rule_sets')
      .orderBy('created_at', 'desc')
      .select('version', 'measure_count', 'list_entry_count', 'created_at', 'activated_at');
    return rows.map((row) => ({
      version: row.version,
      measureCount: Number(row.measure_count),
      listEntryCount: Number(row.list_entry_count),
      createdAt: Number(row.created_at),
      activatedAt: row.activated_at === null ? null : Number(row.activated_at),
    }));
  }
}
