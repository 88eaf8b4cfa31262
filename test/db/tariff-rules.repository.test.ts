import { TariffRulesRepository } from '../../src/db/repositories/tariff-rules.repository';
import { buildRuleSet } from '../../src/domain/tariff/rules/rule-set';
import { ActiveTariffRules } from '../../src/domain/tariff/rules/active-tariff-rules';
import { importTariffRules, loadActiveTariffRules } from '../../src/reference/tariff/import-tariff-rules';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { repoDataDir } from '../support/reference-data';
import { fixtureDataDir, fixtureMeasuresDir, fixtureRuleSources } from '../support/tariff-fixtures';

describe('TariffRulesRepository', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('stores a rule set once, activates it and loads back the same rules', async () => {
    const repository = new TariffRulesRepository(db.knex);
    const book = new ActiveTariffRules();
    expect(await loadActiveTariffRules(repository, book)).toBe(false);
    const first = await importTariffRules({
      dataDir: fixtureDataDir,
      dir: fixtureMeasuresDir,
      repository,
      book,
      now: () => 1000,
    });
    expect(first.stored).toBe('created');
    expect(book.current().version).toBe(first.version);
    const again = await importTariffRules({
      dataDir: fixtureDataDir,
      dir: fixtureMeasuresDir,
      repository,
      book,
      now: () => 2000,
    });
    expect(again).toMatchObject({ version: first.version, stored: 'exists' });

    const restarted = new ActiveTariffRules();
    expect(await loadActiveTariffRules(repository, restarted)).toBe(true);
    expect(restarted.current().version).toBe(first.version);
    expect(buildRuleSet((await repository.activeRuleSetSources())!).version).toBe(
      buildRuleSet(fixtureRuleSources()).version,
    );
    expect(await repository.listRuleSets()).toEqual([
      { version: first.version, measureCount: 1, listEntryCount: 1, createdAt: 1000, activatedAt: 2000 },
    ]);
  });

  it('round-trips the shipped rules with every imported list entry', async () => {
    const repository = new TariffRulesRepository(db.knex);
    const book = new ActiveTariffRules();
    const imported = await importTariffRules({ dataDir: repoDataDir, repository, book, now: () => 5000 });
    const reloaded = new ActiveTariffRules();
    await loadActiveTariffRules(repository, reloaded);
    expect(reloaded.current().version).toBe(imported.version);
  }, 120_000);
});
