import { allPages, type Page } from '../shared';
import type { Cell, Table } from '../shared';
import { calculationColumns, calculationRow } from './calculation-table';
import { DomainError, newId } from '../shared';
import type { DutyReportLine } from './duty-report-pdf';
import type { ClaimInput } from './engine/duty-request';
import type { DutyCalculation } from './engine/duty-result';

/**
 * Calculations an account keeps (`"store": true` on calculate): the request as sent and the
 * engine's whole answer, frozen, per account and key mode (a test key's calculations are apart
 * from live ones). Reading one back, its PDF report and the exports all start here.
 */
export interface StoredCalculation {
  id: string;
  accountId: string;
  livemode: boolean;
  /** The request body as the caller sent it (the `store` flag left out). */
  request: Record<string, unknown>;
  calculation: DutyCalculation;
  /** Epoch milliseconds. */
  createdAt: number;
}

export interface StoredCalculationStore {
  insert(stored: StoredCalculation): Promise<void>;
  find(accountId: string, livemode: boolean, id: string): Promise<StoredCalculation | null>;
  /** Newest first. */
  page(accountId: string, livemode: boolean, limit: number, cursor: string | null): Promise<Page<StoredCalculation>>;
}

export async function storeCalculation(
  store: StoredCalculationStore,
  owner: { accountId: string; livemode: boolean },
  request: Record<string, unknown>,
  calculation: DutyCalculation,
  now: number,
): Promise<StoredCalculation> {
  const stored = { id: newId('calc', now), ...owner, request, calculation, createdAt: now };
  await store.insert(stored);
  return stored;
}

/** Another account's calculation, or one of the other mode, is not found. */
export async function findStoredCalculation(
  store: StoredCalculationStore,
  owner: { accountId: string; livemode: boolean },
  id: string,
): Promise<StoredCalculation> {
  const found = await store.find(owner.accountId, owner.livemode, id);
  if (!found)
    throw new DomainError(
      'not_found',
      `No ${owner.livemode ? 'live' : 'test'}-mode calculation ${id} in this account.`,
    );
  return found;
}

const exportPageSize = 500;

/** Every stored calculation of the account in the mode, newest first, as a table (see calculation-table). */
export async function storedCalculationsTable(
  store: StoredCalculationStore,
  owner: { accountId: string; livemode: boolean },
): Promise<Table> {
  const rows: Cell[][] = [];
  for await (const stored of allPages((cursor) =>
    store.page(owner.accountId, owner.livemode, exportPageSize, cursor ?? null),
  )) {
    rows.push([
      stored.id,
      new Date(stored.createdAt).toISOString(),
      ...calculationRow(stored.calculation, claimsOf(stored)),
    ]);
  }
  return { name: 'Calculations', columns: ['calculation_id', 'created_at', ...calculationColumns], rows };
}

/** The catalogue claims the calculation was asked with (the deprecated object form is not listed). */
const claimsOf = (stored: StoredCalculation): ClaimInput[] =>
  Array.isArray(stored.request.claims) ? (stored.request.claims as ClaimInput[]) : [];

/** The calculation as a line of the duty report, with the catalogue claims it was asked with. */
export function storedReportLine(stored: StoredCalculation): DutyReportLine {
  return { reference: null, claims: claimsOf(stored), calculation: stored.calculation };
}
