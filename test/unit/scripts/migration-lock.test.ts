import fs from 'node:fs';
import {
  describeProblems,
  formatLock,
  lockFile,
  lockProblems,
  migrationHashes,
  parseLock,
} from '../../../scripts/migration-lock';

const hash = (c: string) => c.repeat(64);

describe('the migration lock (src/db/migrations.sha256)', () => {
  it('holds every migration of the repository as it is, and nothing else', () => {
    expect(describeProblems(lockProblems(parseLock(fs.readFileSync(lockFile, 'utf8')), migrationHashes()))).toEqual([]);
  });

  it('is written one sorted line per migration, as sha256sum writes them, and read in any order', () => {
    const entries = new Map([
      ['20270102000000_b.ts', hash('b')],
      ['20270101000000_a.ts', hash('a')],
    ]);
    const text = formatLock(entries);
    expect(text).toBe(`${hash('a')}  20270101000000_a.ts\n${hash('b')}  20270102000000_b.ts\n`);
    // A union merge of two branches may leave their new lines in either order.
    expect(parseLock(text.split('\n').reverse().join('\n'))).toEqual(entries);
    expect(() => parseLock('not a line')).toThrow('is not "<sha256>  <file>"');
  });

  it('names a migration changed, removed or not locked, and what to do about it', () => {
    const locked = new Map([
      ['20270101000000_a.ts', hash('a')],
      ['20270102000000_b.ts', hash('b')],
    ]);
    const files = new Map([
      ['20270101000000_a.ts', hash('c')],
      ['20270103000000_c.ts', hash('d')],
    ]);
    const problems = lockProblems(locked, files);
    expect(problems).toEqual({
      changed: ['20270101000000_a.ts'],
      removed: ['20270102000000_b.ts'],
      unlocked: ['20270103000000_c.ts'],
    });
    const messages = describeProblems(problems);
    expect(messages[0]).toMatch(/^20270101000000_a\.ts changed after it was locked: .*npm run migration:new/);
    expect(messages[1]).toMatch(/^20270102000000_b\.ts is locked but gone/);
    expect(messages[2]).toBe(
      '20270103000000_c.ts is not locked: run npm run migration:lock and commit src/db/migrations.sha256.',
    );
  });
});
