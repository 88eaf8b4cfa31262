import { up as markPastEvents } from '../../src/db/migrations/20261204194103_edi-auto-send-past-events';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { autoSendEventTypes } from '../../src/domain/edi';
import { newOutboxEvent } from '../../src/domain/shared';
import { createTestDatabase, testDialect } from '../support/database';

it(`counts the events written before partners could subscribe as handled by the EDI sender, and no other (${testDialect})`, async () => {
  const db = await createTestDatabase();
  try {
    const outbox = new OutboxEventRepository(db.knex);
    const at = Date.parse('2026-12-01T00:00:00.000Z');
    const event = (type: string) =>
      newOutboxEvent(
        type,
        { accountId: 'acct_past', livemode: false, subjectType: 'invoice', subjectId: 'inv_past', data: {} },
        at,
      );
    const finalized = event('invoice.finalized');
    const created = event('invoice.created');
    await outbox.append([finalized, created]);
    expect((await outbox.unhandled(autoSendEventTypes, 10)).map((e) => e.id)).toEqual([finalized.id]);
    await markPastEvents(db.knex);
    expect(await outbox.unhandled(autoSendEventTypes, 10)).toEqual([]);
    const rows = await db.knex('outbox_events').whereIn('id', [finalized.id, created.id]).orderBy('type');
    expect(rows.map((row) => [row.type, row.edi_handled_at === null ? null : Number(row.edi_handled_at)])).toEqual([
      ['invoice.created', null],
      ['invoice.finalized', at],
    ]);
  } finally {
    await db.destroy();
  }
});
