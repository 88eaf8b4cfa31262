import type { AgendaBackend } from 'agenda';
import type { Database } from '../db/knex';
import { KnexJobRepository } from './knex-job-repository';

/** Agenda's storage on our knex instance. The knex pool belongs to the caller: agenda.stop() leaves it open. */
export class KnexAgendaBackend implements AgendaBackend {
  readonly name: string;
  readonly repository: KnexJobRepository;
  readonly ownsConnection = false;

  constructor(db: Database) {
    this.name = `knex (${db.dialect})`;
    this.repository = new KnexJobRepository(db.knex);
  }

  connect(): Promise<void> {
    return this.repository.connect();
  }

  async disconnect(): Promise<void> {
    // Nothing to release: whoever opened the database closes it.
  }
}
