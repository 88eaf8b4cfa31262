import crypto from 'node:crypto';

/** An opaque id with a type prefix (`alr_…`, `evt_…`, `hcs_…`): 96 random bits, hex. */
export function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
}
