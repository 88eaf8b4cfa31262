/**
 * What held the event loop in a profiled phase of bench:mixed (`--cpu-prof`): the main thread's
 * V8 CPU profile cut into stretches of samples with no idle one between them (a stretch is work
 * that ran without giving the loop a turn, or several pieces back to back), the longest printed
 * with the service's and its libraries' functions that took most of them.
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Stretches at least this long are printed (the loop's target is a p99 delay of 20 ms). */
const longMs = 10;

const frameName = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^.*\/(dist|node_modules)\//, '$1/');
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
};
/** The service's code and its libraries, not Node's internals. */
const ours = (node: ProfileNode) => /\/(dist|node_modules)\//.test(node.callFrame.url);

export function printLongTasks(file: string): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = (id: number) => {
    const stack: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      stack.push(byId.get(at) as ProfileNode);
    return stack;
  };
  const gap = (id: number) => ['(idle)', '(program)'].includes(byId.get(id)?.callFrame.functionName ?? '');

  interface Stretch {
    ms: number;
    frames: Map<string, number>;
  }
  const stretches: Stretch[] = [];
  let current: Stretch | null = null;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (gap(id)) {
      current = null;
      return;
    }
    if (!current) stretches.push((current = { ms: 0, frames: new Map() }));
    current.ms += ms;
    // Inclusive time of each of our functions on the sample's stack, counted once per sample.
    for (const name of new Set(stackOf(id).filter(ours).map(frameName)))
      current.frames.set(name, (current.frames.get(name) ?? 0) + ms);
  });

  const long = stretches.filter((s) => s.ms >= longMs).sort((a, b) => b.ms - a.ms);
  const busy = stretches.reduce((sum, s) => sum + s.ms, 0);
  console.log(
    `main thread profile (${file}): ${busy.toFixed(0)} ms busy, ${long.length} stretches ≥ ${longMs} ms (${long.reduce((sum, s) => sum + s.ms, 0).toFixed(0)} ms)`,
  );
  const overall = new Map<string, number>();
  for (const s of long) for (const [name, ms] of s.frames) overall.set(name, (overall.get(name) ?? 0) + ms);
  const top = (frames: Map<string, number>, n: number) => [...frames].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log('  in those stretches, by inclusive time:');
  for (const [name, ms] of top(overall, 25)) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  for (const s of long.slice(0, 8)) {
    console.log(`  a stretch of ${s.ms.toFixed(1)} ms:`);
    for (const [name, ms] of top(s.frames, 8)) console.log(`    ${ms.toFixed(1).padStart(6)} ms  ${name}`);
  }
}

if (require.main === module) printLongTasks(process.argv[2]);
