/**
 * One NMEA 0183 AIS sentence (`!AIVDM`, `!AIVDO` and other talkers such as `!SAVDM`), optionally
 * prefixed by an IEC 61162-450 tag block (`\s:source,c:unix-seconds*hh\`).
 */
export interface NmeaSentence {
  talker: string;
  /** VDM: a received message; VDO: our own vessel. */
  kind: 'VDM' | 'VDO';
  fragmentCount: number;
  fragmentNumber: number;
  /** Sequential message id tying fragments together; null for single-sentence messages. */
  sequenceId: string | null;
  channel: string;
  payload: string;
  fillBits: number;
  /** Receive time from the tag block's `c:` field (epoch ms), when present. */
  tagTime: number | null;
  tagSource: string | null;
}

export type NmeaParseResult = { ok: true; sentence: NmeaSentence } | { ok: false; reason: string };

/** XOR of every character between the start delimiter and `*`, as NMEA defines it. */
export function nmeaChecksum(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum ^= body.charCodeAt(i);
  return sum.toString(16).toUpperCase().padStart(2, '0');
}

function parseTagBlock(block: string): { time: number | null; source: string | null } {
  const [fields] = block.split('*');
  let time: number | null = null;
  let source: string | null = null;
  for (const field of fields.split(',')) {
    const [key, value] = [field.slice(0, 1), field.slice(2)];
    if (key === 'c' && /^\d+$/.test(value)) {
      // Seconds per the standard; some receivers send milliseconds.
      const n = Number(value);
      time = value.length > 11 ? n : n * 1000;
    } else if (key === 's') {
      source = value;
    }
  }
  return { time, source };
}

const sentencePattern =
  /^!([A-Z]{2})(VDM|VDO),(\d),(\d),(\d?),([A-Z0-9]?),([0-9:;<=>?@A-W`a-w]*),([0-5])\*([0-9A-Fa-f]{2})$/;

export interface NmeaParseOptions {
  /**
   * Decode sentences whose checksum does not match (pyais does by default). Off for live feeds:
   * a corrupted sentence would put a ship in the wrong place.
   */
  acceptBadChecksum?: boolean;
}

export function parseNmeaSentence(rawLine: string, options: NmeaParseOptions = {}): NmeaParseResult {
  let line = rawLine.trim();
  let tag: { time: number | null; source: string | null } = { time: null, source: null };
  if (line.startsWith('\\')) {
    const end = line.indexOf('\\', 1);
    if (end < 0) return { ok: false, reason: 'unterminated tag block' };
    tag = parseTagBlock(line.slice(1, end));
    line = line.slice(end + 1);
  }
  if (!line.startsWith('!')) return { ok: false, reason: 'not an AIS sentence' };
  const match = sentencePattern.exec(line);
  if (!match) return { ok: false, reason: 'malformed AIS sentence' };
  const star = line.lastIndexOf('*');
  if (!options.acceptBadChecksum && nmeaChecksum(line.slice(1, star)) !== match[9].toUpperCase()) {
    return { ok: false, reason: 'checksum mismatch' };
  }
  const [fragmentCount, fragmentNumber] = [Number(match[3]), Number(match[4])];
  if (fragmentCount < 1 || fragmentNumber < 1 || fragmentNumber > fragmentCount) {
    return { ok: false, reason: 'bad fragment numbering' };
  }
  return {
    ok: true,
    sentence: {
      talker: match[1],
      kind: match[2] as 'VDM' | 'VDO',
      fragmentCount,
      fragmentNumber,
      sequenceId: match[5] || null,
      channel: match[6],
      payload: match[7],
      fillBits: Number(match[8]),
      tagTime: tag.time,
      tagSource: tag.source,
    },
  };
}
