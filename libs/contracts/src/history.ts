// The history ('Historial'): the audit trail of every change.
import { type Role } from './auth';

/** What a history row is about. */
export const HISTORY_ENTITIES = [
  'family',
  'event',
  'notice',
  'payment-date',
  'settings',
  'payment-proof',
  'payment-override',
  'rsvp',
  'payment-confirmation',
  'account',
  'gala',
  'bank-line',
  'ledger',
  'email',
  'books',
  'class',
] as const;

export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

/** One recorded change: who made it, when, and the fields it changed (before and after). */
export interface HistoryEntry {
  id: number;
  /** ISO instant. */
  at: string;
  actorUserId: number | null;
  /** The name the actor had then ('Sistema' when no one signed in made it). */
  actorName: string;
  actorRole: Role | 'system';
  /** `entity.verb`, e.g. 'family.update', 'payment-proof.verify'. */
  action: string;
  entity: HistoryEntity;
  entityId: number | null;
  familyId: number | null;
  /** The family's graduate as it was then (money rows always name their family). */
  familyName: string | null;
  /** A short name for what changed, as it was then (a graduate, an event's title). */
  label: string | null;
  /** Only the changed fields when both exist; null on create (before) and delete (after). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** A page of history, newest first; `next` is the `before` cursor of the following page. */
export interface HistoryPage {
  items: HistoryEntry[];
  next: number | null;
}
