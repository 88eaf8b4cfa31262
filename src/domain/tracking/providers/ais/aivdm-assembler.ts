import { NmeaSentence } from './nmea-sentence';

export interface AssembledPayload {
  /** The payload as a string of '0'/'1' characters, fill bits removed. */
  bits: string;
  channel: string;
  receivedAt: number | null;
}

interface Pending {
  parts: string[];
  received: number;
  fillBits: number;
  startedAtSentence: number;
  tagTime: number | null;
}

/** 6-bit ASCII armouring: '0'..'W' map to 0..39 and '`'..'w' to 40..63. */
export function payloadToBits(payload: string, fillBits: number): string {
  let bits = '';
  for (let i = 0; i < payload.length; i++) {
    let v = payload.charCodeAt(i) - 48;
    if (v > 40) v -= 8;
    bits += v.toString(2).padStart(6, '0');
  }
  return fillBits > 0 ? bits.slice(0, bits.length - fillBits) : bits;
}

/**
 * Joins multi-sentence messages (type 5 needs two). Fragments are grouped by sequence id and
 * channel; a group still incomplete after `maxSentencesPending` further sentences is dropped, as
 * real feeds lose fragments (the pyais sample holds type-5 first halves whose second half never came).
 */
export class AivdmAssembler {
  private readonly pending = new Map<string, Pending>();
  private sentenceCount = 0;
  dropped = 0;

  constructor(private readonly maxSentencesPending = 20) {}

  push(sentence: NmeaSentence): AssembledPayload | null {
    this.sentenceCount += 1;
    this.expire();
    if (sentence.fragmentCount === 1) {
      return {
        bits: payloadToBits(sentence.payload, sentence.fillBits),
        channel: sentence.channel,
        receivedAt: sentence.tagTime,
      };
    }
    const key = `${sentence.talker}:${sentence.sequenceId ?? ''}:${sentence.channel}`;
    let group = this.pending.get(key);
    if (sentence.fragmentNumber === 1) {
      if (group) this.dropped += 1;
      group = {
        parts: new Array(sentence.fragmentCount).fill(''),
        received: 0,
        fillBits: 0,
        startedAtSentence: this.sentenceCount,
        tagTime: sentence.tagTime,
      };
      this.pending.set(key, group);
    }
    if (!group || group.parts.length !== sentence.fragmentCount || group.parts[sentence.fragmentNumber - 1] !== '')
      return null;
    group.parts[sentence.fragmentNumber - 1] = sentence.payload;
    group.received += 1;
    if (sentence.fragmentNumber === sentence.fragmentCount) group.fillBits = sentence.fillBits;
    if (group.received < sentence.fragmentCount) return null;
    this.pending.delete(key);
    return {
      bits: payloadToBits(group.parts.join(''), group.fillBits),
      channel: sentence.channel,
      receivedAt: group.tagTime,
    };
  }

  /** Groups still waiting for fragments (dropped at the end of a file). */
  get pendingCount(): number {
    return this.pending.size;
  }

  private expire() {
    for (const [key, group] of this.pending) {
      if (this.sentenceCount - group.startedAtSentence > this.maxSentencesPending) {
        this.pending.delete(key);
        this.dropped += 1;
      }
    }
  }
}
