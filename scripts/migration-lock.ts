/**
 * `npm run migration:lock`: adds each migration not yet in `src/db/migrations.sha256` with the SHA-256
 * of its file, one line each (`<hash>  <file>`, sorted, as `sha256sum` writes them), so a merged
 * migration cannot change unnoticed: a database that ran it would never run the new text.
 * `npm run migration:lock -- --check` (CI, and test/db/migration-lock.test.ts) fails on a migration
 * changed or removed after it was locked, and on one not locked yet (docs/migrations.md).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
export const migrationsDir = path.join(root, 'src', 'db', 'migrations');
export const lockFile = path.join(root, 'src', 'db', 'migrations.sha256');
const lockName = path.relative(root, lockFile);

/** File name → SHA-256, from the lock file's text (any order: a union merge of two branches may interleave). */
export function parseLock(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    if (!match) throw new Error(`${lockName}: "${line}" is not "<sha256>  <file>"`);
    entries.set(match[2], match[1]);
  }
  return entries;
}

export function formatLock(entries: Map<string, string>): string {
  return [...entries.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([file, hash]) => `${hash}  ${file}\n`)
    .join('');
}

export function migrationHashes(dir = migrationsDir): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const file of fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort())
    hashes.set(
      file,
      crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(dir, file)))
        .digest('hex'),
    );
  return hashes;
}

export interface LockProblems {
  changed: string[];
  removed: string[];
  unlocked: string[];
}

export function lockProblems(locked: Map<string, string>, files: Map<string, string>): LockProblems {
  return {
    changed: [...locked].filter(([file, hash]) => files.has(file) && files.get(file) !== hash).map(([file]) => file),
    removed: [...locked.keys()].filter((file) => !files.has(file)),
    unlocked: [...files.keys()].filter((file) => !locked.has(file)),
  };
}

/** What is wrong with the lock, in words that say what to do; empty when every migration is locked as it is. */
export function describeProblems(problems: LockProblems): string[] {
  return [
    ...problems.changed.map(
      (file) =>
        `${file} changed after it was locked: a merged migration is never edited (databases that ran it will not run it again). Restore it (git checkout main -- src/db/migrations/${file}) and write a new migration (npm run migration:new -- <slug>).`,
    ),
    ...problems.removed.map(
      (file) =>
        `${file} is locked but gone: a merged migration is never removed or renamed (src/db/migration-renames.ts says how one was renamed safely).`,
    ),
    ...problems.unlocked.map((file) => `${file} is not locked: run npm run migration:lock and commit ${lockName}.`),
  ];
}

/** The lock of main, when git knows it: a migration locked only on this branch may still change. */
function mainLock(): Map<string, string> | null {
  try {
    const text = execFileSync('git', ['show', `main:${lockName}`], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    return parseLock(text.toString('utf8'));
  } catch {
    return null;
  }
}

function main(): void {
  const check = process.argv.includes('--check');
  const locked = fs.existsSync(lockFile) ? parseLock(fs.readFileSync(lockFile, 'utf8')) : new Map<string, string>();
  const files = migrationHashes();
  const problems = lockProblems(locked, files);
  if (check) {
    const messages = describeProblems(problems);
    for (const message of messages) console.error(message);
    if (messages.length > 0) process.exit(1);
    console.log(`${files.size} migrations, each locked as it is (${lockName})`);
    return;
  }
  // Lock what is new; a migration of this branch that changed since it was locked here is locked
  // again, one already on main is not.
  const merged = mainLock();
  const relockable = problems.changed.filter((file) => merged !== null && !merged.has(file));
  const refused = describeProblems({
    ...problems,
    changed: problems.changed.filter((f) => !relockable.includes(f)),
    unlocked: [],
  });
  for (const message of refused) console.error(message);
  if (refused.length > 0) process.exit(1);
  for (const file of [...problems.unlocked, ...relockable]) locked.set(file, files.get(file) as string);
  fs.writeFileSync(lockFile, formatLock(locked));
  const added = [...problems.unlocked, ...relockable];
  console.log(added.length ? `locked ${added.join(', ')}` : `every migration was already locked (${lockName})`);
}

if (require.main === module) main();
