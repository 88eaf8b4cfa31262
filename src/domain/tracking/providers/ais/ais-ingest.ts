import fs from 'node:fs';
import net from 'node:net';
import readline from 'node:readline';
import type { PositionFix, VesselStatic as VesselStaticReport } from '../provider-types';
import type { AisMessage } from './ais-message';
import { NmeaDecoder } from './nmea-decoder';
import { toPositionFix } from './position-fix';

/** Where decoded AIS data goes (the vessel position repository). */
export interface AisSink {
  saveFixes(fixes: readonly PositionFix[], receivedAt: number): Promise<void>;
  upsertVessels(vessels: readonly VesselStaticReport[]): Promise<void>;
}

const pad2 = (n: number | null) => (n === null ? '??' : String(n).padStart(2, '0'));

function toStaticReport(message: AisMessage, receivedAt: number, source: string): VesselStaticReport | null {
  const base = {
    mmsi: message.mmsi,
    imo: null,
    name: null,
    callSign: null,
    shipType: null,
    destination: null,
    reportedEta: null,
    draught: null,
    source,
    updatedAt: receivedAt,
  };
  if (message.type === 5) {
    const eta = message.eta;
    return {
      ...base,
      imo: message.imo,
      name: message.shipName || null,
      callSign: message.callSign || null,
      shipType: message.shipType,
      destination: message.destination || null,
      reportedEta:
        eta.month === null && eta.day === null
          ? null
          : `${pad2(eta.month)}-${pad2(eta.day)} ${pad2(eta.hour)}:${pad2(eta.minute)}`,
      draught: message.draught || null,
    };
  }
  if (message.type === 24)
    return {
      ...base,
      name: message.shipName || null,
      callSign: message.callSign || null,
      shipType: message.shipType ?? null,
    };
  return null;
}

/** A later report wins field by field, but never erases a field with "not carried" (Class B part A/B). */
function mergeReports(earlier: VesselStaticReport | undefined, later: VesselStaticReport): VesselStaticReport {
  if (!earlier) return later;
  const merged = { ...earlier };
  for (const [key, value] of Object.entries(later) as Array<[keyof VesselStaticReport, unknown]>) {
    if (value !== null) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/**
 * Batches decoded messages into the sink: positions in bulk, static reports per vessel. One
 * instance per feed; `flush` writes what is buffered.
 */
export class AisIngestBuffer {
  private fixes: PositionFix[] = [];
  private statics = new Map<string, VesselStaticReport>();
  written = { fixes: 0, vessels: 0 };

  constructor(
    private readonly sink: AisSink,
    private readonly source: string,
    private readonly batchSize = 500,
  ) {}

  async add(message: AisMessage, receivedAt: number): Promise<void> {
    if (message.type === 5 || message.type === 24) {
      const report = toStaticReport(message, receivedAt, this.source);
      if (report) this.statics.set(report.mmsi, mergeReports(this.statics.get(report.mmsi), report));
    } else {
      const fix = toPositionFix(message, receivedAt, this.source);
      if (fix) this.fixes.push(fix);
    }
    if (this.fixes.length + this.statics.size >= this.batchSize) await this.flush(receivedAt);
  }

  async flush(receivedAt: number): Promise<void> {
    const [fixes, statics] = [this.fixes, [...this.statics.values()]];
    this.fixes = [];
    this.statics = new Map();
    if (fixes.length > 0) await this.sink.saveFixes(fixes, receivedAt);
    if (statics.length > 0) await this.sink.upsertVessels(statics);
    this.written.fixes += fixes.length;
    this.written.vessels += statics.length;
  }
}

/**
 * Imports an NMEA AIVDM log file (one sentence per line, tag blocks allowed). Lines without a tag
 * block time are taken as received at `receivedAt` (the file's modification time by default).
 */
export async function importNmeaFile(
  filePath: string,
  sink: AisSink,
  options: { source?: string; receivedAt?: number; acceptBadChecksum?: boolean } = {},
) {
  const receivedAt = options.receivedAt ?? fs.statSync(filePath).mtimeMs;
  const decoder = new NmeaDecoder({ acceptBadChecksum: options.acceptBadChecksum });
  const buffer = new AisIngestBuffer(sink, options.source ?? 'ais:nmea-file');
  const lines = readline.createInterface({ input: fs.createReadStream(filePath, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    const decoded = decoder.decodeLine(line);
    if (decoded) await buffer.add(decoded.message, decoded.receivedAt ?? receivedAt);
  }
  await buffer.flush(receivedAt);
  return { ...decoder.stats, droppedFragments: decoder.droppedFragments, written: buffer.written };
}

export interface NmeaTcpFeedOptions {
  host: string;
  port: number;
  source?: string;
  /** Buffered data is written at least this often. */
  flushIntervalMs?: number;
  /** Reconnect delay after a drop, doubling up to `maxReconnectMs`. */
  reconnectMs?: number;
  maxReconnectMs?: number;
  clock?: () => number;
  onError?: (error: Error) => void;
}

/**
 * A raw NMEA AIVDM feed over TCP (an AIS receiver, AISHub's or a provider's relay): reads lines,
 * decodes them and writes positions and vessel data to the sink. Reconnects after drops with
 * backoff, so a worker can keep one running for good.
 */
export class NmeaTcpFeed {
  private socket: net.Socket | null = null;
  private stopped = true;
  private reconnectDelay: number;
  private timer: NodeJS.Timeout | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly decoder = new NmeaDecoder();
  private readonly buffer: AisIngestBuffer;
  private pending: Promise<void> = Promise.resolve();
  connections = 0;

  constructor(
    sink: AisSink,
    private readonly options: NmeaTcpFeedOptions,
  ) {
    this.buffer = new AisIngestBuffer(sink, options.source ?? 'ais:nmea-tcp');
    this.reconnectDelay = options.reconnectMs ?? 1000;
  }

  get stats() {
    return { ...this.decoder.stats, written: this.buffer.written, connections: this.connections };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
    this.flushTimer = setInterval(
      () => this.enqueue(() => this.buffer.flush(this.now())),
      this.options.flushIntervalMs ?? 5000,
    );
  }

  /** Stops reading and writes what is buffered. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.flushTimer) clearInterval(this.flushTimer);
    this.socket?.destroy();
    this.socket = null;
    this.enqueue(() => this.buffer.flush(this.now()));
    await this.pending;
  }

  /** Resolves once everything received so far has been written. */
  async drain(): Promise<void> {
    this.enqueue(() => this.buffer.flush(this.now()));
    await this.pending;
  }

  private now() {
    return (this.options.clock ?? Date.now)();
  }

  // Writes are chained so messages reach the sink in order and one failing write cannot stop the feed.
  private enqueue(work: () => Promise<void>) {
    this.pending = this.pending.then(work).catch((error: Error) => this.options.onError?.(error));
  }

  private connect() {
    const socket = net.createConnection({ host: this.options.host, port: this.options.port });
    this.socket = socket;
    socket.setEncoding('utf8');
    let partial = '';
    socket.on('connect', () => {
      this.connections += 1;
      this.reconnectDelay = this.options.reconnectMs ?? 1000;
    });
    socket.on('data', (chunk: string) => {
      const lines = (partial + chunk).split(/\r?\n/);
      partial = lines.pop() ?? '';
      const receivedAt = this.now();
      for (const line of lines) {
        const decoded = this.decoder.decodeLine(line);
        if (decoded) this.enqueue(() => this.buffer.add(decoded.message, decoded.receivedAt ?? receivedAt));
      }
    });
    socket.on('error', (error) => this.options.onError?.(error));
    socket.on('close', () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => this.connect(), this.reconnectDelay);
      this.reconnectDelay = Math.min(this.reconnectDelay * 2, this.options.maxReconnectMs ?? 60_000);
    });
  }
}
