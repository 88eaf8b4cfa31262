import { newMigrationName } from '../../../scripts/new-migration';

const existing = ['20261122000000_create-agenda-jobs', '20261125150400_create-ltl-quote-requests'];

it('names a new migration by the real UTC time of writing', () => {
  expect(newMigrationName('add-widgets', new Date('2026-12-01T09:08:07.654Z'), existing)).toBe(
    '20261201090807_add-widgets',
  );
});

it('comes after the newest migration even when that one is dated later', () => {
  expect(newMigrationName('add-widgets', new Date('2026-11-25T15:04:00Z'), existing)).toBe(
    '20261125150401_add-widgets',
  );
  expect(newMigrationName('add-widgets', new Date('2026-11-25T15:04:00Z'), [...existing, '20261231235959_later'])).toBe(
    '20270101000000_add-widgets',
  );
});

it('refuses a slug that is not kebab-case', () => {
  for (const slug of ['Add widgets', 'add_widgets', '-add', 'add-', ''])
    expect(() => newMigrationName(slug, new Date(), existing)).toThrow(/kebab-case/);
});
