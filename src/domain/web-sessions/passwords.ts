import { hash, verify } from '@node-rs/argon2';
import { invalidInput } from '../shared';

// argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): OWASP's minimum recommendation.
const algorithmArgon2id = 2;

export const passwordLength = { min: 10, max: 200 };

export function checkPasswordRules(password: string): void {
  if (password.length < passwordLength.min)
    throw invalidInput('password', `must be at least ${passwordLength.min} characters`);
  if (password.length > passwordLength.max)
    throw invalidInput('password', `must be at most ${passwordLength.max} characters`);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: algorithmArgon2id });
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
