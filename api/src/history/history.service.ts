import type { Readable } from 'node:stream';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { HISTORY_ENTITIES, type HistoryEntry, type HistoryPage } from '@portal/contracts';
import { Database } from '../database/database.service';
import { HistoryEntity } from './history.entity';
import { HISTORY_SHEET } from './history-workbook';
import { streamSheet } from '../spreadsheets/spreadsheet-stream';
import { deleteAll } from '../database/delete-all';
import type { EntityManager } from 'typeorm';

export const HISTORY_LIMIT = { default: 50, max: 200 } as const;

/** The query string of GET /api/history, as sent. */
export interface HistoryQuery {
  format?: string;
  entity?: string;
  familyId?: string;
  actor?: string;
  from?: string;
  to?: string;
  before?: string;
  limit?: string;
}

const MESSAGES = {
  entity: `El tipo de cambio debe ser uno de: ${HISTORY_ENTITIES.join(', ')}.`,
  familyId: 'La familia debe ser un número entero positivo.',
  actor: 'La persona debe ser un número entero positivo.',
  from: 'La fecha «desde» debe tener el formato AAAA-MM-DD.',
  to: 'La fecha «hasta» debe tener el formato AAAA-MM-DD.',
  before: 'El cursor debe ser un número entero positivo.',
  limit: `El límite debe ser un número entero del 1 al ${HISTORY_LIMIT.max}.`,
} as const;

const positive = (value: string) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;

/** The start of a Guatemala calendar day (UTC-6 all year), `days` later; undefined if not a real date. */
function guatemalaDay(value: string, days = 0): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const midnight = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(midnight.getTime()) || midnight.toISOString().slice(0, 10) !== value) return undefined;
  return new Date(midnight.getTime() + 6 * 3_600_000 + days * 86_400_000);
}

function toEntry(row: HistoryEntity): HistoryEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorUserId: row.actorUserId,
    actorName: row.actorName,
    actorRole: row.actorRole,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    familyId: row.familyId,
    familyName: row.familyName,
    label: row.label,
    before: row.before === null ? null : (JSON.parse(row.before) as Record<string, unknown>),
    after: row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>),
  };
}

/** Reads the history; it is written only by recordChange, inside the changes themselves. */
@Injectable()
export class HistoryService {
  private readonly logger = new Logger('History');

  constructor(private readonly db: Database) {}

  /** The closed class's rows, gone when the next class opens (its archive keeps them; class-cycle/opening.service.ts). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(manager, HistoryEntity);
  }

  /** Every row the filters select, newest first, as a workbook written while the pages are read. */
  async workbook(query: HistoryQuery): Promise<Readable> {
    const first = await this.list({ ...query, limit: String(HISTORY_LIMIT.max) });
    const next = (before: number) => this.list({ ...query, before: String(before), limit: String(HISTORY_LIMIT.max) });
    async function* pages() {
      let page = first;
      yield page.items;
      while (page.next !== null) {
        page = await next(page.next);
        yield page.items;
      }
    }
    return streamSheet(HISTORY_SHEET, pages(), (error) => this.logger.error(`The history workbook broke off: ${String(error)}`));
  }

  /** Newest first, a page at a time: `before` is the id the previous page ended at. */
  async list(query: HistoryQuery): Promise<HistoryPage> {
    const errors: Record<string, string[]> = {};
    const given = (value: string | undefined): value is string => value !== undefined && value !== '';
    if (given(query.entity) && !(HISTORY_ENTITIES as readonly string[]).includes(query.entity)) errors.entity = [MESSAGES.entity];
    for (const key of ['familyId', 'actor', 'before'] as const) {
      if (given(query[key]) && !positive(query[key])) errors[key] = [MESSAGES[key]];
    }
    const from = given(query.from) ? guatemalaDay(query.from) : undefined;
    const to = given(query.to) ? guatemalaDay(query.to, 1) : undefined;
    if (given(query.from) && !from) errors.from = [MESSAGES.from];
    if (given(query.to) && !to) errors.to = [MESSAGES.to];
    const limit = given(query.limit) ? Number(query.limit) : HISTORY_LIMIT.default;
    if (given(query.limit) && (!/^\d{1,3}$/.test(query.limit) || limit < 1 || limit > HISTORY_LIMIT.max)) errors.limit = [MESSAGES.limit];
    if (Object.keys(errors).length > 0) throw new BadRequestException({ message: Object.values(errors).flat().join(' '), errors });

    const rows = this.db.manager
      .createQueryBuilder(HistoryEntity, 'history')
      .orderBy('history.id', 'DESC')
      .take(limit + 1);
    if (given(query.entity)) rows.andWhere('history.entity = :entity', { entity: query.entity });
    if (given(query.familyId)) rows.andWhere('history.familyId = :familyId', { familyId: Number(query.familyId) });
    if (given(query.actor)) rows.andWhere('history.actorUserId = :actor', { actor: Number(query.actor) });
    if (from) rows.andWhere('history.at >= :from', { from });
    if (to) rows.andWhere('history.at < :to', { to });
    if (given(query.before)) rows.andWhere('history.id < :before', { before: Number(query.before) });
    const found = await rows.getMany();
    const items = found.slice(0, limit).map(toEntry);
    return { items, next: found.length > limit ? items[items.length - 1]!.id : null };
  }
}
