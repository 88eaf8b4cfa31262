import { AisMessage, decodeAisMessage } from './ais-message';
import { AivdmAssembler } from './aivdm-assembler';
import { NmeaParseOptions, parseNmeaSentence } from './nmea-sentence';

export interface DecodedLine {
  message: AisMessage;
  /** The tag block's receive time when the line had one. */
  receivedAt: number | null;
}

/** Counts kept while decoding a feed, for logs and health checks. */
export interface NmeaDecoderStats {
  lines: number;
  messages: number;
  rejected: number;
  unsupported: number;
}

/** Line in, message out: sentence parsing, multi-sentence assembly and payload decoding in one place. */
export class NmeaDecoder {
  private readonly assembler: AivdmAssembler;
  readonly stats: NmeaDecoderStats = { lines: 0, messages: 0, rejected: 0, unsupported: 0 };

  constructor(private readonly options: NmeaParseOptions & { maxSentencesPending?: number } = {}) {
    this.assembler = new AivdmAssembler(options.maxSentencesPending);
  }

  decodeLine(line: string): DecodedLine | null {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return null;
    this.stats.lines += 1;
    const parsed = parseNmeaSentence(trimmed, this.options);
    if (!parsed.ok) {
      this.stats.rejected += 1;
      return null;
    }
    const assembled = this.assembler.push(parsed.sentence);
    if (!assembled || assembled.bits.length === 0) return null;
    const message = decodeAisMessage(assembled.bits);
    if (!message) {
      this.stats.unsupported += 1;
      return null;
    }
    this.stats.messages += 1;
    return { message, receivedAt: assembled.receivedAt };
  }

  /** Multi-sentence messages dropped because a fragment never arrived. */
  get droppedFragments(): number {
    return this.assembler.dropped + this.assembler.pendingCount;
  }
}
