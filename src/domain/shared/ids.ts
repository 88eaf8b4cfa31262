import crypto from 'node:crypto';

const alphabet = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case
const tailBits = 80n;

let lastTime = -1;
let lastTail = 0n;

function base32(value: bigint, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = alphabet[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

/**
 * Opaque, prefixed resource id (`evt_…`, `trk_…`) that sorts by creation time: 10 characters of
 * millisecond time and 16 random ones. Within one millisecond a process counts up from the last
 * random tail (as ULIDs do), so ids made in order sort in order and double as a tiebreak after
 * created_at.
 */
export function newId(prefix: string, now: number = Date.now()): string {
  let tail: bigint;
  if (now === lastTime) {
    tail = (lastTail + 1n) & ((1n << tailBits) - 1n);
  } else {
    tail = BigInt(`0x${crypto.randomBytes(10).toString('hex')}`) >> 1n; // headroom for counting up
  }
  lastTime = now;
  lastTail = tail;
  return `${prefix}_${base32(BigInt(now), 10)}${base32(tail, 16)}`;
}
