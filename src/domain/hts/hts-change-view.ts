import type { HtsChange, HtsLineSnapshot } from './hts-change';
import { dottedHtsCode, type HtsRelease } from './model';

/** The API's (snake_case) shape of a change, shared by the changes feed and tariff.changed events. */
export interface HtsChangeView {
  kind: HtsChange['kind'];
  hts_code: string;
  before: HtsSnapshotView | null;
  after: HtsSnapshotView | null;
}

export interface HtsSnapshotView {
  description?: string;
  general?: string | null;
  special?: string | null;
  other?: string | null;
  additional_duties?: string | null;
}

export interface HtsReleaseRef {
  id: string;
  title: string;
  effective_date: string;
}

function snapshotView(snapshot: HtsLineSnapshot | null): HtsSnapshotView | null {
  if (snapshot === null) return null;
  const { additionalDuties, ...rest } = snapshot;
  return additionalDuties === undefined ? rest : { ...rest, additional_duties: additionalDuties };
}

export function htsChangeView(change: HtsChange): HtsChangeView {
  return {
    kind: change.kind,
    hts_code: dottedHtsCode(change.code),
    before: snapshotView(change.before),
    after: snapshotView(change.after),
  };
}

export function htsReleaseRef(release: HtsRelease): HtsReleaseRef {
  return { id: release.id, title: release.title, effective_date: release.effectiveDate };
}
