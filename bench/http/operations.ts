import type { AppDependencies } from '../../src/hosts/app-dependencies';
import type { HostName } from '../../src/hosts/host-names';

/** A named operation the HTTP bench can load: where it lives, what to send, and any set-up it needs. */
export interface BenchOperation {
  host: HostName;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Prepares data (keys, reference data) in the bench database and returns extra request headers. */
  prepare?: (deps: AppDependencies) => Promise<Record<string, string>>;
}

export const benchOperations: Record<string, BenchOperation> = {
  health: { host: 'main', method: 'GET', path: '/healthz' },
  readiness: { host: 'main', method: 'GET', path: '/readyz' },
};
