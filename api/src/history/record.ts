import type { EntityManager } from 'typeorm';
import type { HistoryEntity as HistoryEntityName, User } from '@portal/contracts';
import { HistoryEntity } from './history.entity';

/** A family's id and graduate name in the caller's transaction; null once it is gone. */
export type FamilyNameReader = (manager: EntityManager, id: number) => Promise<{ graduateName: string } | null>;

let readFamilyName: FamilyNameReader | null = null;

/**
 * How a change names the family it names by id: given once by the families' store, which owns that
 * table (families/family.store.ts), so the history reads no table but its own.
 */
export function nameFamiliesWith(reader: FamilyNameReader): void {
  readFamilyName = reader;
}

export interface Change {
  /** `entity.verb`, e.g. 'family.update'. */
  action: string;
  entity: HistoryEntityName;
  entityId?: number | null;
  familyId?: number | null;
  /** The family's graduate name, when the caller has read it already (else it is read here). */
  familyName?: string;
  /** A short name for what changed, as it is now (a graduate, an event's title). */
  label?: string | null;
  /** What it was (null on create) and what it is (null on delete), as the API shows it. */
  before?: object | null;
  after?: object | null;
}

/** Keys never stored, at any depth: secrets, and the bytes of files. */
const SECRET = /password|token|secret|session|cookie/i;
const BULKY = new Set(['data', 'thumbnail', 'bytes', 'url', 'link']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON copy without the keys above (Dates as ISO strings, Buffers dropped). */
export function redact(value: unknown): Json {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object') {
    const result: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) {
      if (SECRET.test(key) || BULKY.has(key) || item instanceof Uint8Array || item === undefined) continue;
      result[key] = redact(item);
    }
    return result;
  }
  if (typeof value === 'bigint') return value.toString();
  return value as Json;
}

/** The fields that differ, each side on its own; null when nothing does. */
export function diff(before: Record<string, Json>, after: Record<string, Json>): [Record<string, Json>, Record<string, Json>] | null {
  const was: Record<string, Json> = {};
  const is: Record<string, Json> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return Object.keys(is).length === 0 ? null : [was, is];
}

/** Nested objects as dotted keys ('awards.date'), so a diff names the very field that changed. */
function flatten(value: Record<string, Json>, prefix = '', into: Record<string, Json> = {}): Record<string, Json> {
  for (const [key, item] of Object.entries(value)) {
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) flatten(item, `${prefix}${key}.`, into);
    else into[`${prefix}${key}`] = item;
  }
  return into;
}

const asObject = (value: object | null | undefined): Record<string, Json> | null =>
  value ? flatten(redact(value) as Record<string, Json>) : null;

/**
 * Appends the change to the history with the transaction's own manager, so the row commits or
 * rolls back with the change. Only changed fields are kept when both sides exist; a change that
 * changed nothing leaves no row. The actor is who asked for the change: the route's signed-in user,
 * or the account a link names; null ('Sistema') is no one signed in.
 *
 * Passed by each route rather than read from a request context: on Node 20 an AsyncLocalStorage
 * runs a hook for every promise while a context is open, 50 µs of each write's 185 µs
 * (bench/api-throughput.ts, `PUT /api/my-payment-confirmations/3` on SQLite).
 */
function familyNameOf(manager: EntityManager, id: number) {
  if (!readFamilyName) throw new Error('history/record.ts: no reader of family names (families/family.store.ts gives it)');
  return readFamilyName(manager, id);
}

export async function recordChange(manager: EntityManager, actor: User | null, change: Change): Promise<void> {
  let before = asObject(change.before);
  let after = asObject(change.after);
  if (before && after) {
    const changed = diff(before, after);
    if (!changed) return;
    [before, after] = changed;
  }
  const family =
    change.familyName !== undefined
      ? { graduateName: change.familyName }
      : change.familyId
        ? await familyNameOf(manager, change.familyId)
        : null;
  await manager.insert(HistoryEntity, {
    at: new Date(),
    actorUserId: actor?.id ?? null,
    actorName: (actor?.name ?? 'Sistema').slice(0, 120),
    actorRole: actor?.role ?? 'system',
    action: change.action,
    entity: change.entity,
    entityId: change.entityId ?? null,
    familyId: change.familyId ?? null,
    familyName: family?.graduateName.slice(0, 200) ?? null,
    label: change.label?.slice(0, 200) ?? null,
    before: before && JSON.stringify(before),
    after: after && JSON.stringify(after),
  });
}
