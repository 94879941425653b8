import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import type { HistoryEntity as HistoryEntityName, User } from '@portal/contracts';
import { familyName } from '../families/family.store';
import { HistoryEntity } from './history.entity';

/**
 * The request being served, whose `user` the session guard sets: recordChange reads its actor
 * there, so services record their changes without every route passing the user along.
 */
const requests = new AsyncLocalStorage<{ user?: User | null }>();

/** The methods whose routes may record a change (no GET route does: authorization-matrix.e2e-spec.ts). */
const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Requests served inside the context and not yet closed. */
let inContext = 0;

/**
 * Serves each request that may change something inside its own context (one
 * AsyncLocalStorage.run: no per-route interceptor), and turns the context off whenever none is
 * open. On Node 20 an enabled AsyncLocalStorage runs a hook for every promise the process makes,
 * whoever made it: with it on for every request, the reads cost twice the CPU
 * (bench/api-throughput.ts, 26 Nov: `GET /api/my-family` 46 against 22 µs a request).
 */
export function registerHistoryActor(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!CHANGING_METHODS.has(request.method)) return done();
    inContext += 1;
    // 'close' comes once per response, answered or cut off.
    reply.raw.once('close', () => {
      inContext -= 1;
      if (inContext === 0) requests.disable();
    });
    requests.run(request, done);
  });
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
 * changed nothing leaves no row.
 */
export async function recordChange(
  manager: EntityManager,
  change: Change,
  actor: User | null = requests.getStore()?.user ?? null,
): Promise<void> {
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
        ? await familyName(manager, change.familyId)
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
