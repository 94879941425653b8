import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Runs every write in a transaction. With SQLite, TypeORM shares one connection between all
 * requests, so two open transactions would interleave on it: writes are queued one after the
 * other. MySQL/MariaDB gives each transaction its own pooled connection and row locks.
 */
@Injectable()
export class Database {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly serialized: boolean;

  constructor(readonly dataSource: DataSource) {
    this.serialized = dataSource.options.type === 'better-sqlite3';
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  get isSqlite(): boolean {
    return this.serialized;
  }

  write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (!this.serialized) return this.dataSource.transaction(work);
    const result = this.queue.then(() => this.dataSource.transaction(work));
    this.queue = result.catch(() => undefined);
    return result;
  }
}
