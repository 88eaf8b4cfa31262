import { runAdminCommand } from '../../src/admin-cli/commands';
import { createTestApp, TestApp } from '../support/app';
import { signUp } from '../support/accounts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true } });
});
afterAll(() => app.close());

it('set-plan moves an account and records the operator', async () => {
  const { email, accountId } = await signUp(app);
  const out = await runAdminCommand(
    ['set-plan', email, 'tariff_pro', '--reason', 'trial'],
    app.deps.access.accounts,
    'cli:alice',
  );
  expect(out).toMatch(new RegExp(`^${email}: free → tariff_pro \\(recorded as pch_\\w+ by cli:alice\\)$`));
  expect(await app.db.knex('plan_changes').where({ account_id: accountId }).first()).toMatchObject({
    from_plan: 'free',
    to_plan: 'tariff_pro',
    changed_by: 'cli:alice',
    reason: 'trial',
  });
});

it.each([[['set-plan', 'a@example.com', 'gold']], [['delete', 'a@example.com']], [[]]])(
  'refuses %p with the usage',
  async (argv) => {
    await expect(runAdminCommand(argv, app.deps.access.accounts)).rejects.toThrow(/usage: npm run admin -- set-plan/);
  },
);
