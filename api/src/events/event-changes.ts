import type { QueryDeepPartialEntity } from 'typeorm';
import type { EventEntity } from './event.entity';

/** Deleted events stay in subscribed calendars as cancelled this long, then are forgotten. */
export const DELETED_EVENTS_KEPT_DAYS = 90;

/**
 * The columns every change of an event also writes (the events section, the settings' key
 * events): SEQUENCE goes up, so subscribed calendars replace their copy.
 */
export function eventChanged(now = new Date()): QueryDeepPartialEntity<EventEntity> {
  return { sequence: () => 'sequence + 1', updatedAt: now };
}
