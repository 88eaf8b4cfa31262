import crypto from 'node:crypto';
import type { KeyMode } from '../shared';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 32 base62 characters (about 190 bits) from the system CSPRNG, without modulo bias. */
function randomBase62(length = 32): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}

/** Secrets say what they are and which mode they belong to, so a leaked one is recognisable. */
export const secretPrefixes = {
  apiKey: (mode: KeyMode) => `tl_${mode}_`,
  clientSecret: (mode: KeyMode) => `tl_cs_${mode}_`,
  accessToken: (mode: KeyMode) => `tl_at_${mode}_`,
};

export function newSecret(prefix: string): string {
  return prefix + randomBase62();
}

export function sha256Hex(value: string): string {
  // The one-shot hash: every keyed request hashes its key, and no Hash object is made for it.
  return crypto.hash('sha256', value, 'hex');
}

/** Compares two hex digests in constant time (a lookup by hash leaks nothing; this keeps it so). */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

export function modeOfSecret(secret: string): KeyMode | null {
  const match = /^tl_(?:cs_|at_)?(live|test)_[0-9A-Za-z]{32}$/.exec(secret);
  return match ? (match[1] as KeyMode) : null;
}
