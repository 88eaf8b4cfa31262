import os from 'node:os';
import { loadConfig } from './config/config';
import { openDatabase } from './db/knex';
import { migrateToLatest } from './db/migrate';
import { AccountRepository } from './db/repositories/account.repository';
import { AccountService } from './domain/access';
import { PlanName, planNames, systemClock } from './domain/shared';

const usage = `usage: npm run admin -- set-plan <email> <${planNames.join('|')}> [--reason "<why>"]`;

/** Runs one admin command against an account service; returns what to print. */
export async function runAdminCommand(
  argv: string[],
  accounts: AccountService,
  operator = `cli:${os.userInfo().username}`,
): Promise<string> {
  const [command, email, plan] = argv;
  const reasonAt = argv.indexOf('--reason');
  const reason = reasonAt > 0 ? (argv[reasonAt + 1] ?? null) : null;
  if (command !== 'set-plan' || !email || !plan) throw new Error(usage);
  if (!(planNames as readonly string[]).includes(plan)) throw new Error(`unknown plan "${plan}"; ${usage}`);
  const change = await accounts.changePlan(email, plan as PlanName, operator, reason);
  return `${email}: ${change.fromPlan} → ${change.toPlan} (recorded as ${change.id} by ${change.changedBy})`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    console.log(
      await runAdminCommand(
        process.argv.slice(2),
        new AccountService({ accounts: new AccountRepository(db.knex), clock: systemClock }),
      ),
    );
  } finally {
    await db.knex.destroy();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
