export type HtsChangeKind = 'added' | 'removed' | 'rate_changed' | 'description_changed';

/** The parts of a line a change is about; each kind fills only the fields it concerns. */
export interface HtsLineSnapshot {
  description?: string;
  general?: string | null;
  special?: string | null;
  other?: string | null;
  additionalDuties?: string | null;
}

export interface HtsChange {
  kind: HtsChangeKind;
  /** Digits, statistical suffix included. */
  code: string;
  before: HtsLineSnapshot | null;
  after: HtsLineSnapshot | null;
}

export interface HtsChangeCounts {
  added: number;
  removed: number;
  rateChanged: number;
  descriptionChanged: number;
}

/** What changed between a release and the one before it. */
export interface HtsChangeSet {
  id: string;
  releaseId: string;
  previousReleaseId: string;
  counts: HtsChangeCounts;
  /** Epoch milliseconds. */
  createdAt: number;
}

export function countChanges(changes: HtsChange[]): HtsChangeCounts {
  const counts: HtsChangeCounts = { added: 0, removed: 0, rateChanged: 0, descriptionChanged: 0 };
  for (const change of changes) {
    if (change.kind === 'added') counts.added++;
    else if (change.kind === 'removed') counts.removed++;
    else if (change.kind === 'rate_changed') counts.rateChanged++;
    else counts.descriptionChanged++;
  }
  return counts;
}
