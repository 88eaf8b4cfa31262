import type { HtsChange, HtsChangeKind, HtsLineSnapshot } from './hts-change';
import { HtsLine, normaliseText } from './model';
import { givingWay } from '../shared';

/** What the diff reads of a numbered line. */
export type ComparableHtsLine = Pick<HtsLine, 'description' | 'general' | 'special' | 'other' | 'additionalDuties'> & {
  code: string;
};

const rateFields = ['general', 'special', 'other', 'additionalDuties'] as const;
const kindOrder: Record<HtsChangeKind, number> = { added: 0, removed: 1, rate_changed: 2, description_changed: 3 };

/** Spaces carry no meaning in a rate ("1¢/kg + 20%" = "1¢/kg+20%"), so they never make a change. */
function sameRateText(a: string | null, b: string | null): boolean {
  return (a ?? '').replace(/\s+/g, '') === (b ?? '').replace(/\s+/g, '');
}

function rates(line: ComparableHtsLine): HtsLineSnapshot {
  return { general: line.general, special: line.special, other: line.other, additionalDuties: line.additionalDuties };
}

function whole(line: ComparableHtsLine): HtsLineSnapshot {
  return { description: line.description, ...rates(line) };
}

/**
 * The exact changes from one release to the next, matched by full code (statistical suffix
 * included): lines added, lines removed, rate texts changed, own descriptions changed. Row order
 * and whitespace never produce a change. A description change is reported on the line whose text
 * changed, not again on every descendant whose description path now reads differently. Gives way
 * while it compares (two releases of 35,000 lines held the event loop for about a third of a second).
 */
export async function diffReleases(previous: ComparableHtsLine[], next: ComparableHtsLine[]): Promise<HtsChange[]> {
  const giveWay = givingWay();
  const before = new Map(previous.map((line) => [line.code, line]));
  const nextCodes = new Set<string>();
  const changes: HtsChange[] = [];
  for (const line of next) {
    await giveWay();
    nextCodes.add(line.code);
    const old = before.get(line.code);
    if (old === undefined) {
      changes.push({ kind: 'added', code: line.code, before: null, after: whole(line) });
      continue;
    }
    if (!rateFields.every((field) => sameRateText(old[field], line[field]))) {
      changes.push({ kind: 'rate_changed', code: line.code, before: rates(old), after: rates(line) });
    }
    if (normaliseText(old.description) !== normaliseText(line.description)) {
      changes.push({
        kind: 'description_changed',
        code: line.code,
        before: { description: old.description },
        after: { description: line.description },
      });
    }
  }
  for (const old of previous) {
    await giveWay();
    if (!nextCodes.has(old.code)) changes.push({ kind: 'removed', code: old.code, before: whole(old), after: null });
  }
  return changes.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : kindOrder[a.kind] - kindOrder[b.kind]));
}
