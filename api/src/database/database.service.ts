import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';

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

  /**
   * A hand-written SELECT whose rows come back as entity values, converted by the driver exactly
   * as TypeORM's finds convert them (booleans, dates). Only for the hottest reads: building the
   * query and transforming the result cost TypeORM several times the query itself (see
   * docs/performance.md). Columns are matched by their database names; others are left out.
   */
  async select<T extends ObjectLiteral>(
    entity: EntityTarget<T>,
    sql: string,
    parameters: unknown[] = [],
    manager: EntityManager = this.manager,
  ): Promise<T[]> {
    const { columns } = this.dataSource.getMetadata(entity);
    const { driver } = this.dataSource;
    const rows: Array<Record<string, unknown>> = await manager.query(sql, parameters);
    return rows.map((row) => {
      const value: Record<string, unknown> = {};
      for (const column of columns) {
        if (column.databaseName in row) value[column.propertyName] = driver.prepareHydratedValue(row[column.databaseName], column);
      }
      return value as T;
    });
  }

  /**
   * One data-changing statement, on its own: a single statement is atomic, so it needs no
   * transaction of its own (BEGIN and COMMIT cost more than a small upsert). On SQLite it still
   * waits its turn behind the queued transactions, which share its connection. Resolves to the
   * number of rows the statement changed.
   */
  execute(sql: string, parameters: unknown[]): Promise<number> {
    const run = async () => {
      const runner = this.dataSource.createQueryRunner();
      try {
        return (await runner.query(sql, parameters, true)).affected ?? 0;
      } finally {
        await runner.release();
      }
    };
    if (!this.serialized) return run();
    const result = this.queue.then(run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (!this.serialized) return this.dataSource.transaction(work);
    const result = this.queue.then(() => this.dataSource.transaction(work));
    this.queue = result.catch(() => undefined);
    return result;
  }
}
