import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import {
  In,
  Not,
  type EntityManager,
  type ObjectType,
  type FindOptionsSelect,
  type ObjectLiteral,
  type Repository,
  type SelectQueryBuilder,
} from 'typeorm';
import { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { nameFamiliesWith } from '../history/record';
import { FamilyEntity } from './family.entity';
import { deleteAll } from '../database/delete-all';

/**
 * A family as the store hands it out: the columns other modules read (`hasPaid` and
 * `paymentAmount` are left out: the ledger says what a family paid). To read; only families/
 * writes the table.
 */
export type FamilyRecord = Pick<
  FamilyEntity,
  'id' | 'graduateName' | 'contactName' | 'email' | 'secondEmail' | 'phone' | 'tablesBooked' | 'graduates' | 'noticeEmailsOff'
>;

/** What 'Gestión de Familias' writes of a family. */
export type FamilyColumns = Partial<Omit<FamilyRecord, 'id' | 'noticeEmailsOff'>>;

/** A column a reader may ask for; the id always comes. */
export type FamilyColumn = Exclude<keyof FamilyRecord, 'id'>;

/** What `FamilyStore.lock` finds a family by, read before the transaction. */
export type LockTarget = Pick<FamilyEntity, 'id' | 'email'>;

/** Id and graduate name, what history and labels show of a family. */
export type FamilyName = Pick<FamilyEntity, 'id' | 'graduateName'>;

/**
 * Another table's rows to read beside their families (`FamilyStore.withFamilies`), as their owner
 * describes them: its entity, the column that holds the family's id, the columns to read and the
 * rows to read (column = value). The statement is built and run here; what leaves is data, never
 * a query.
 */
export interface RowsOfFamilies<T extends ObjectLiteral, C extends keyof T & string> {
  entity: ObjectType<T>;
  familyId: keyof T & string;
  columns: readonly C[];
  where: Partial<Record<keyof T & string, number>>;
}

/** One of those rows, its columns as the database returns them, with its family's columns. */
export interface RowWithFamily<C extends string, K extends FamilyColumn> {
  row: Record<C, unknown>;
  family: Pick<FamilyRecord, 'id' | K>;
}

const FAMILY_ALIAS = 'family';
/** The alias of the other table in `withFamilies`. */
const OTHER_ALIAS = 'other';

const selectOf = (columns: readonly FamilyColumn[]): FindOptionsSelect<FamilyEntity> =>
  Object.fromEntries(['id', ...columns].map((column) => [column, true]));

/**
 * The family's id and graduate name in the caller's transaction, for helpers that run inside one
 * and have no injector (history/record.ts, auth/account-change.ts); null when it is gone.
 */
export function familyName(manager: EntityManager, id: number): Promise<FamilyName | null> {
  return manager.findOne(FamilyEntity, { where: { id }, select: { id: true, graduateName: true } });
}

// Every change that names a family by its id is written with its name as it is then.
nameFamiliesWith(familyName);

/** The same, by the family's e-mail (normalised, as families store it). */
export function familyNameByEmail(manager: EntityManager, email: string): Promise<FamilyName | null> {
  return manager.findOne(FamilyEntity, { where: { email }, select: { id: true, graduateName: true } });
}

/** A family column's value from a raw read, as its type: ids and counts as numbers, a boolean from 0 or 1. */
function familyValue(column: keyof FamilyRecord, raw: unknown): unknown {
  if (column === 'noticeEmailsOff') return Boolean(Number(raw));
  if (column === 'id' || column === 'tablesBooked' || column === 'graduates') return Number(raw);
  return raw;
}

/**
 * Families after the last one of the previous page, in the order `byName` sorts (graduate name,
 * then id). Written out rather than as a row-value comparison so that SQLite and MariaDB compare
 * names with the same collation as their ORDER BY.
 */
function afterFamily(
  query: SelectQueryBuilder<FamilyEntity>,
  last: { graduateName: string; id: number },
): SelectQueryBuilder<FamilyEntity> {
  return query.andWhere(
    `(${FAMILY_ALIAS}.graduateName > :lastName OR (${FAMILY_ALIAS}.graduateName = :lastName AND ${FAMILY_ALIAS}.id > :lastId))`,
    { lastName: last.graduateName, lastId: last.id },
  );
}

/**
 * The families table for every other module (database/lock-order.ts step 2 included): reads
 * through the injected repository, or the caller's transaction when it passes its manager;
 * the one write others make (the notice e-mails switch) in the caller's transaction.
 */
@Injectable()
export class FamilyStore {
  constructor(
    private readonly db: Database,
    @InjectRepository(FamilyEntity) private readonly families: Repository<FamilyEntity>,
  ) {}

  /** The closed class's rows, gone when the next class opens (its archive keeps them; class-cycle/opening.service.ts). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(manager, FamilyEntity);
  }

  private repo(manager?: EntityManager): Repository<FamilyEntity> {
    return manager ? manager.withRepository(this.families) : this.families;
  }

  byId(id: number, manager?: EntityManager): Promise<FamilyRecord | null> {
    return this.repo(manager).findOneBy({ id });
  }

  /** Every family's e-mail (normalised, as families store it), in the caller's transaction. */
  async emails(manager: EntityManager): Promise<Set<string>> {
    return new Set((await manager.find(FamilyEntity, { select: { id: true, email: true } })).map((family) => family.email));
  }

  /** Id and graduate name only (a label). */
  name(id: number, manager: EntityManager = this.families.manager): Promise<FamilyName | null> {
    return familyName(manager, id);
  }

  exists(id: number, manager?: EntityManager): Promise<boolean> {
    return this.repo(manager).existsBy({ id });
  }

  /** The family with this e-mail (normalised, as families store it). */
  byEmail(email: string, manager?: EntityManager): Promise<FamilyRecord | null> {
    return this.repo(manager).findOneBy({ email });
  }

  /** The families with these e-mails, with the columns asked for. */
  byEmails<K extends FamilyColumn = never>(
    emails: string[],
    columns: readonly K[] = [],
  ): Promise<Array<Pick<FamilyRecord, 'id' | 'email' | K>>> {
    if (emails.length === 0) return Promise.resolve([]);
    return this.families.find({ select: selectOf(['email', ...columns]), where: { email: In(emails) } });
  }

  /** The families with these ids, with the columns asked for (all when left out). */
  byIds<K extends FamilyColumn = FamilyColumn>(
    ids: number[],
    columns?: readonly K[],
    manager?: EntityManager,
  ): Promise<Array<Pick<FamilyRecord, 'id' | K>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.repo(manager).find({ ...(columns ? { select: selectOf(columns) } : {}), where: { id: In(ids) } });
  }

  /** Every family, by id or by graduate name (then id), with the columns asked for (all when left out). */
  list<K extends FamilyColumn = FamilyColumn>(
    options: { columns?: readonly K[]; by?: 'id' | 'name' } = {},
    manager?: EntityManager,
  ): Promise<Array<Pick<FamilyRecord, 'id' | K>>> {
    const { columns, by = 'id' } = options;
    return this.repo(manager).find({
      ...(columns ? { select: selectOf(columns) } : {}),
      order: by === 'id' ? { id: 'ASC' } : { graduateName: 'ASC', id: 'ASC' },
    });
  }

  /**
   * A keyset page of families by graduate name (then id), after `last` (`afterFamily`), with the
   * columns asked for (all when left out) and the graduate name the next page starts after.
   */
  page<K extends FamilyColumn = FamilyColumn>(
    size: number,
    last?: { graduateName: string; id: number },
    columns?: readonly K[],
  ): Promise<Array<Pick<FamilyRecord, 'id' | 'graduateName' | K>>> {
    let query = this.families.createQueryBuilder(FAMILY_ALIAS);
    if (columns) query = query.select([...new Set(['id', 'graduateName', ...columns])].map((column) => `${FAMILY_ALIAS}.${column}`));
    query = query.orderBy(`${FAMILY_ALIAS}.graduateName`, 'ASC').addOrderBy(`${FAMILY_ALIAS}.id`, 'ASC').limit(size);
    if (last) query = afterFamily(query, last);
    return query.getMany();
  }

  /** The number of families and the tables they booked, in one aggregate query. */
  async totals(manager?: EntityManager): Promise<{ families: number; tablesBooked: number }> {
    const row = await this.repo(manager)
      .createQueryBuilder(FAMILY_ALIAS)
      .select('COUNT(*)', 'families')
      .addSelect(`COALESCE(SUM(${FAMILY_ALIAS}.tablesBooked), 0)`, 'tablesBooked')
      .getRawOne<{ families: number | string | null; tablesBooked: number | string | null }>();
    // MySQL returns SUM() as a DECIMAL string.
    return { families: Number(row?.families ?? 0), tablesBooked: Number(row?.tablesBooked ?? 0) };
  }

  /**
   * Another table's rows with these columns of their families, in one statement, in the order of
   * one of its columns (an event's answers as they came, each with its family's names).
   */
  withFamilies<T extends ObjectLiteral, C extends keyof T & string, K extends FamilyColumn>(
    rows: RowsOfFamilies<T, C>,
    familyColumns: readonly K[],
    orderBy: keyof T & string,
  ): Promise<Array<RowWithFamily<C, K>>> {
    return this.joinedRows(this.joined(rows, familyColumns).orderBy(`${OTHER_ALIAS}.${orderBy}`, 'ASC'), rows.columns, familyColumns);
  }

  /**
   * The same as a keyset page by graduate name (then family id), after `last` (`afterFamily`): a
   * report's page of another table, sorted and cut by the family in one statement.
   */
  pageWithFamilies<T extends ObjectLiteral, C extends keyof T & string, K extends FamilyColumn>(
    rows: RowsOfFamilies<T, C>,
    familyColumns: readonly K[],
    size: number,
    last?: { graduateName: string; id: number },
  ): Promise<Array<RowWithFamily<C, K | 'graduateName'>>> {
    const columns = [...new Set<K | 'graduateName'>(['graduateName', ...familyColumns])];
    let query = this.joined(rows, columns)
      .orderBy(`${FAMILY_ALIAS}.graduateName`, 'ASC')
      .addOrderBy(`${FAMILY_ALIAS}.id`, 'ASC')
      .limit(size);
    if (last) query = afterFamily(query, last);
    return this.joinedRows(query, rows.columns, columns);
  }

  /** The families joined to the other table's rows, each side's columns under its own prefix. */
  private joined<T extends ObjectLiteral>(rows: RowsOfFamilies<T, keyof T & string>, familyColumns: readonly FamilyColumn[]) {
    let query = this.families
      .createQueryBuilder(FAMILY_ALIAS)
      .innerJoin(rows.entity, OTHER_ALIAS, `${OTHER_ALIAS}.${rows.familyId} = ${FAMILY_ALIAS}.id`)
      .select(`${FAMILY_ALIAS}.id`, 'family_id');
    for (const column of familyColumns) query = query.addSelect(`${FAMILY_ALIAS}.${column}`, `family_${column}`);
    for (const column of rows.columns) query = query.addSelect(`${OTHER_ALIAS}.${column}`, `other_${column}`);
    for (const [column, value] of Object.entries(rows.where)) {
      query = query.andWhere(`${OTHER_ALIAS}.${column} = :other_${column}`, { [`other_${column}`]: value });
    }
    return query;
  }

  /** Runs the joined read: each row split into the other table's values and its family, typed. */
  private async joinedRows<C extends string, K extends FamilyColumn>(
    query: SelectQueryBuilder<FamilyEntity>,
    columns: readonly C[],
    familyColumns: readonly K[],
  ): Promise<Array<RowWithFamily<C, K>>> {
    const raw = await query.getRawMany<Record<string, unknown>>();
    return raw.map((found) => ({
      row: Object.fromEntries(columns.map((column) => [column, found[`other_${column}`]])) as Record<C, unknown>,
      family: Object.fromEntries(
        (['id', ...familyColumns] as const).map((column) => [column, familyValue(column, found[`family_${column}`])]),
      ) as Pick<FamilyRecord, 'id' | K>,
    }));
  }

  /**
   * Which family a write will lock, and its e-mail: read on its own, before the write's
   * transaction starts (so that it holds no connection while it waits for another).
   */
  target(id: number): Promise<LockTarget | null> {
    return this.families.findOne({ where: { id }, select: { id: true, email: true } });
  }

  /**
   * Step 2 of database/lock-order.ts, for an admin: the family, locked for writing until the
   * transaction ends, or null; found by its e-mail. On MySQL/MariaDB a transaction's first plain
   * read fixes its snapshot, so a read before the lock would hide what the write the lock waited
   * for committed: a money write passes the `target` it read before its transaction, takes this
   * lock before it reads anything, and then reads what it decides on (docs/payments.md). Given
   * only the id, the e-mail is read in the transaction first (families.service.ts, whose writes
   * hold step 1 already, so no e-mail changes meanwhile).
   */
  async lock(manager: EntityManager, family: number | LockTarget): Promise<FamilyRecord | null> {
    const id = typeof family === 'number' ? family : family.id;
    if (this.db.isSqlite) return manager.findOneBy(FamilyEntity, { id });
    const found =
      typeof family === 'number' ? await manager.findOne(FamilyEntity, { where: { id }, select: { id: true, email: true } }) : family;
    if (!found) return null;
    const locked = await findLocked(this.db, manager, FamilyEntity, { where: { email: found.email } }, 'pessimistic_write');
    // Another family now (its e-mail edited since it was read, a rare race): as if gone.
    return locked?.id === id ? locked : null;
  }

  /** Step 2 of database/lock-order.ts, for a parent: the family of this e-mail, held (shared or for writing) until the transaction ends. */
  lockByEmail(manager: EntityManager, email: string, mode: 'pessimistic_read' | 'pessimistic_write'): Promise<FamilyRecord | null> {
    return findLocked(this.db, manager, FamilyEntity, { where: { email } }, mode);
  }

  /**
   * The same step for the payment answer, the portal's busiest write: the id and the graduate name
   * (for its history row), by hand-written SQL (payments/payment.store.ts says why), its row held
   * for writing on MySQL/MariaDB.
   */
  async lockNameByEmail(manager: EntityManager, email: string): Promise<FamilyName | null> {
    const rows: FamilyName[] = await manager.query(
      `SELECT id, graduateName FROM families WHERE email = ?${this.db.isSqlite ? '' : ' FOR UPDATE'}`,
      [email],
    );
    return rows[0] ?? null;
  }

  /**
   * Turns the family's notice e-mails off or on, only if they are not so already (one conditional
   * statement, so of two requests at once one changes the row): the number of rows changed.
   */
  async setNoticeEmailsOff(manager: EntityManager, id: number, off: boolean): Promise<number> {
    const { affected } = await manager.update(FamilyEntity, { id, noticeEmailsOff: !off }, { noticeEmailsOff: off });
    return affected ?? 0;
  }

  // 'Gestión de Familias' (family-admin/families.service.ts) writes through these, in its transaction.

  /** A new family, read back (what it paid is the ledger's: hasPaid and paymentAmount stay at their defaults). */
  async insert(manager: EntityManager, columns: FamilyColumns): Promise<FamilyRecord> {
    const family = manager.create(FamilyEntity, { tablesBooked: 0, hasPaid: false, paymentAmount: 0, ...columns });
    await manager.insert(FamilyEntity, { ...family });
    return manager.findOneByOrFail(FamilyEntity, { email: family.email });
  }

  /** These columns of the family changed, the row read back. */
  async update(manager: EntityManager, id: number, columns: FamilyColumns): Promise<FamilyRecord> {
    if (Object.keys(columns).length > 0) await manager.update(FamilyEntity, { id }, columns);
    return manager.findOneByOrFail(FamilyEntity, { id });
  }

  /** The family's row deleted (what hangs from it is its owners' to remove first). */
  async remove(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(FamilyEntity, { id });
  }

  /** The tables every family booked, or every family but one. */
  async tablesBooked(manager: EntityManager, exceptFamilyId?: number): Promise<number> {
    const query = manager.createQueryBuilder(FamilyEntity, FAMILY_ALIAS).select(`COALESCE(SUM(${FAMILY_ALIAS}.tablesBooked), 0)`, 'total');
    if (exceptFamilyId !== undefined) query.where(`${FAMILY_ALIAS}.id <> :exceptFamilyId`, { exceptFamilyId });
    const row = await query.getRawOne<{ total: number | string }>();
    return Number(row?.total ?? 0);
  }

  /** Whether another family (or any, without `exceptFamilyId`) has this e-mail. */
  emailTaken(manager: EntityManager, email: string, exceptFamilyId?: number): Promise<boolean> {
    return manager.existsBy(FamilyEntity, exceptFamilyId === undefined ? { email } : { email, id: Not(exceptFamilyId) });
  }
}

/** The families table's owner for every other module: import this, call FamilyStore. */
@Module({
  imports: [TypeOrmModule.forFeature([FamilyEntity])],
  providers: [FamilyStore],
  exports: [FamilyStore],
})
export class FamilyStoreModule {}
