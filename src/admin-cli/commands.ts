import os from 'node:os';
import type { AccountService } from '../domain/access';
import { PlanName, planNames } from '../domain/shared';

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
