/** What bench:http and bench:instructions share: number options, the median, and the bench server process. */
import { ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

/** A number given on the command line as `--name <value>`, or the fallback. */
export function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** What the bench server process reports once its apps listen (bench/http/server.ts). */
export interface BenchServerReady {
  barePort: number;
  floorPort: number;
  stockFloorPort: number;
  operationPort: number;
  headers: Record<string, string>;
  sampleBytes: number;
}

export interface BenchServerOptions {
  /** Node/V8 flags for the server process. */
  nodeFlags?: string[];
  env?: NodeJS.ProcessEnv;
  /** Runs the server under valgrind with these arguments (its tool and options). */
  valgrind?: string[];
}

/** Starts the bench server process for one operation and the promise of its ready message. */
export function forkBenchServer(
  operation: string,
  options: BenchServerOptions = {},
): { server: ChildProcess; ready: Promise<BenchServerReady> } {
  const script = path.join(__dirname, 'server.ts');
  const nodeArgs = ['--import', 'tsx', ...(options.nodeFlags ?? [])];
  const server = options.valgrind
    ? fork(script, [operation], {
        env: options.env,
        execPath: 'valgrind',
        execArgv: [...options.valgrind, process.execPath, ...nodeArgs],
        stdio: 'inherit',
      })
    : fork(script, [operation], { env: options.env, execArgv: nodeArgs, stdio: 'inherit' });
  const ready = new Promise<BenchServerReady>((resolve, reject) => {
    server.once('message', (message) => resolve(message as BenchServerReady));
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { server, ready };
}
