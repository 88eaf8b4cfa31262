import fs from 'node:fs';
import inspector from 'node:inspector';

interface SamplingNode {
  selfSize: number;
  children: SamplingNode[];
}

const totalSize = (node: SamplingNode): number =>
  node.children.reduce((sum, child) => sum + totalSize(child), node.selfSize);

/** Counts the bytes a process allocates between `start` and `stop`. */
export interface AllocationSampler {
  start(): Promise<void>;
  /** The bytes allocated since `start`; with `profileFile`, the sampled profile is written there too (a `.heapprofile` Chrome DevTools opens). */
  stop(profileFile?: string): Promise<number>;
}

/**
 * Bytes allocated between start and stop, garbage included: V8's sampling heap profiler, told to
 * keep the samples of objects the collector has since freed. A smaller interval samples more finely
 * and costs more CPU.
 */
export function allocationSampler(samplingInterval: number): AllocationSampler {
  let session: inspector.Session | null = null;
  const post = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) =>
      (session as inspector.Session).post(method, params, (error, result) =>
        error ? reject(error) : resolve(result as T),
      ),
    );
  return {
    start: () => {
      if (session === null) {
        session = new inspector.Session();
        session.connect();
      }
      return post('HeapProfiler.startSampling', {
        samplingInterval,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    },
    stop: async (profileFile) => {
      const { profile } = await post<{ profile: { head: SamplingNode } }>('HeapProfiler.stopSampling');
      if (profileFile) fs.writeFileSync(profileFile, JSON.stringify(profile));
      return totalSize(profile.head);
    },
  };
}
