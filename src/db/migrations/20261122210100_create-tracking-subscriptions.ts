import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'tracking_subscriptions', (t) => {
    t.string('id', 40).primary(); // trk_
    t.string('account_id', 40).notNullable();
    t.boolean('livemode').notNullable();
    t.string('reference_type', 20).notNullable(); // container | bill_of_lading | booking
    t.string('reference', 40).notNullable();
    t.string('carrier_scac', 4).notNullable();
    t.string('carrier_source', 20).notNullable(); // given | owner_prefix | reference_prefix
    t.string('status', 20).notNullable(); // active | stopped | completed | failed
    // account|mode|type|reference while active, NULL otherwise: one active subscription per
    // reference, without a partial index (which MySQL lacks).
    t.string('active_key', 191).nullable().unique();
    t.string('failure_reason', 200).nullable();
    t.string('credit_entry_id', 40).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.bigInteger('stopped_at').nullable();
    t.bigInteger('last_attempt_at').nullable();
    t.bigInteger('last_success_at').nullable();
    t.text('last_error').nullable();
    t.index(['account_id', 'livemode', 'created_at', 'id'], 'tracking_subscriptions_account_list');
    t.index(['status', 'last_attempt_at'], 'tracking_subscriptions_due');
  });

  await createTable(knex, 'tracking_containers', (t) => {
    t.string('id', 40).primary(); // cnt_
    t.string('subscription_id', 40)
      .notNullable()
      .references('id')
      .inTable('tracking_subscriptions')
      .onDelete('CASCADE');
    t.string('container_number', 11).notNullable();
    t.string('iso_equipment_code', 4).nullable();
    t.string('status', 30).notNullable();
    t.string('carrier_scac', 4).notNullable();
    t.string('origin_locode', 5).nullable();
    t.string('destination_locode', 5).nullable();
    t.text('transshipment_locodes').notNullable(); // JSON array, in route order
    t.string('vessel_name', 100).nullable();
    t.string('vessel_imo', 7).nullable();
    t.string('vessel_mmsi', 9).nullable();
    t.string('voyage', 50).nullable();
    t.double('position_lat').nullable();
    t.double('position_lon').nullable();
    t.double('position_sog').nullable();
    t.double('position_cog').nullable();
    t.bigInteger('position_time').nullable();
    t.string('position_source', 40).nullable();
    t.bigInteger('carrier_eta').nullable();
    t.bigInteger('predicted_eta').nullable();
    t.text('predicted_eta_basis').nullable(); // JSON
    t.bigInteger('arrived_at').nullable();
    t.bigInteger('carrier_data_at').nullable(); // last successful carrier refresh
    t.bigInteger('position_data_at').nullable(); // last successful position refresh
    t.boolean('stale').notNullable().defaultTo(false);
    t.string('stale_reason', 200).nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['subscription_id', 'container_number'], { indexName: 'tracking_containers_subscription_number' });
    t.index(['vessel_imo'], 'tracking_containers_vessel_imo');
  });

  await createTable(knex, 'tracking_events', (t) => {
    t.increments('id').primary();
    t.string('container_id', 40).notNullable().references('id').inTable('tracking_containers').onDelete('CASCADE');
    t.string('event_key', 64).notNullable(); // natural key (sha256 hex), see eventNaturalKey
    t.string('provider_event_id', 100).nullable();
    t.string('event_type', 10).notNullable();
    t.string('code', 4).notNullable();
    t.string('classifier', 3).notNullable();
    t.bigInteger('event_time').notNullable();
    t.string('locode', 5).nullable();
    t.boolean('superseded').notNullable().defaultTo(false); // a plan or estimate settled by an actual
    t.boolean('retracted').notNullable().defaultTo(false);
    t.text('payload').notNullable(); // the canonical TimelineEvent as JSON
    t.bigInteger('first_seen_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['container_id', 'event_key'], { indexName: 'tracking_events_container_key' });
    t.index(['container_id', 'event_time'], 'tracking_events_container_time');
    t.index(['provider_event_id'], 'tracking_events_provider_event');
  });

  await createTable(knex, 'tracking_provider_health', (t) => {
    t.string('provider', 64).primary();
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.bigInteger('backoff_until').nullable();
    t.bigInteger('last_failure_at').nullable();
    t.bigInteger('last_success_at').nullable();
    t.text('last_error').nullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'tracking_provider_health');
  await dropTable(knex, 'tracking_events');
  await dropTable(knex, 'tracking_containers');
  await dropTable(knex, 'tracking_subscriptions');
}
