import { performance } from 'node:perf_hooks';
import { iso6346CheckDigit } from '../src/domain/tracking/container-number';
import { liveEvents, mergeTimeline } from '../src/domain/tracking/timeline-merge';
import { carrierEta, deriveRoute, deriveStatus } from '../src/domain/tracking/timeline';
import { allX12Issues, map315, readX12 } from '../src/domain/edi';
import { mulberry32 } from './seeded-random';

// npm run bench:edi — X12 315 interchanges parsed, checked and mapped to DCSA events, each
// container's status and ETA derived as the carrier feed does (one core, no database): a 1 MB
// interchange of 500 sets, and interchanges of one 315 set per container for 100 containers.

const random = mulberry32(20261202);
const ports = ['CNSHA', 'CNNGB', 'SGSIN', 'HKHKG', 'KRPUS', 'USLAX', 'USLGB', 'USHOU', 'USNYC', 'NLRTM'];
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];

function containerNumber(i: number): string {
  const body = `MSCU${String(100000 + i).slice(-6)}`;
  return body + iso6346CheckDigit(body);
}

/** One 315 set: B4, references, vessel, and `legs` R4/DTM pairs (more legs make a larger set). */
function set315(i: number, legs: number): string[] {
  const container = containerNumber(i);
  const status = pick(['AE', 'VD', 'VA', 'UV', 'I', 'OA']);
  const segments = [
    `ST*315*${String(i + 1).padStart(4, '0')}`,
    `B4***${status}*20261201*1200*${pick(ports)}*${container.slice(0, 4)}*${container.slice(4, 10)}*L*45G1*${pick(ports)}*UN*${container[10]}`,
    `N9*BM*MEDU${String(7000000 + i)}`,
    `N9*BN*BK${String(900000 + i)}`,
    `N9*EQ*${container}`,
    `Q2*9450612*****400***0PG23E1MA***L*MSC BENCHMARK`,
  ];
  for (let leg = 0; leg < legs; leg++) {
    segments.push(`R4*${leg % 2 === 0 ? 'L' : 'D'}*UN*${pick(ports)}*PORT TERMINAL NUMBER ${leg}*US***CA`);
    segments.push(`DTM*${leg % 2 === 0 ? '140' : '139'}*202612${String(10 + (leg % 18)).padStart(2, '0')}*1200`);
  }
  segments.push(`SE*${segments.length + 1}*${String(i + 1).padStart(4, '0')}`);
  return segments;
}

function interchange(sets: number, legs: number): string {
  const isa =
    'ISA*00*          *00*          *ZZ*MSCU           *ZZ*TRADELANE      *261202*1200*U*00401*000000001*0*P*>';
  const body = Array.from({ length: sets }, (_, i) => set315(i, legs)).flat();
  return (
    [isa, 'GS*QO*MSCU*TRADELANE*20261202*1200*1*X*004010', ...body, `GE*${sets}*1`, 'IEA*1*000000001'].join('~\n') +
    '~\n'
  );
}

/** Parse, check, map every set and derive each container's status and ETA; the containers mapped. */
function process(text: string): number {
  const read = readX12(text);
  if (allX12Issues(read).length > 0) throw new Error('the bench interchange has issues');
  let containers = 0;
  for (const set of read.groups[0].sets) {
    const { mapped, issues } = map315(set, 'edi:bench');
    if (issues.length > 0) throw new Error('a bench set has issues');
    const live = liveEvents(mergeTimeline([], mapped.events, [], 0).events);
    const route = deriveRoute(live);
    deriveStatus(live, route);
    carrierEta(live, route);
    containers += 1;
  }
  return containers;
}

function measure(name: string, text: string, rounds: number) {
  process(text); // warm-up
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    process(text);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const kb = Buffer.byteLength(text) / 1024;
  console.log(
    `${name}: ${kb.toFixed(0)} KiB, median ${median.toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[times.length - 1].toFixed(1)}) over ${rounds} rounds; ${(1000 / median).toFixed(1)} interchanges/s`,
  );
}

const large = interchange(500, 28);
measure('1 MB interchange, 500 sets of 315', large, 9);
measure('100 containers, one 315 set each', interchange(100, 4), 25);
