import { Injectable } from '@nestjs/common';
import type { Stats } from '@portal/contracts';
import { Database } from '../database/database.service';
import { FamilyEntity } from '../families/family.entity';
import { keyEventIds } from '../rsvps/attendance';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { guatemalaToday, paidFamily } from '../receipts/paid-rule';

type StatsRow = Record<'totalFamilies' | 'paymentsReceived' | 'tablesBooked', number | string | null>;

@Injectable()
export class StatsService {
  constructor(private readonly db: Database) {}

  /** The dashboard figures in one aggregate query: families are counted, never loaded. */
  async get(): Promise<Stats> {
    const row = await this.db.manager
      .createQueryBuilder(FamilyEntity, 'family')
      .select('COUNT(*)', 'totalFamilies')
      // Verified payments, not declared ones (decisions item 18; receipts/paid-rule.ts).
      .addSelect(`COALESCE(SUM(CASE WHEN ${paidFamily('family')} THEN 1 ELSE 0 END), 0)`, 'paymentsReceived')
      .setParameter('today', guatemalaToday())
      .addSelect('COALESCE(SUM(family.tablesBooked), 0)', 'tablesBooked')
      .getRawOne<StatsRow>();
    // The confirmations are the attending answers to the two key events (decisions item 16).
    const ids = await keyEventIds(this.db.manager);
    const eventIds = [ids.awards ?? 0, ids.brunch ?? 0];
    const answers = await this.db.manager
      .createQueryBuilder(EventRsvpEntity, 'rsvp')
      .select('rsvp.eventId', 'eventId')
      .addSelect('COUNT(*)', 'families')
      .addSelect('COALESCE(SUM(COALESCE(rsvp.guests, 1)), 0)', 'people')
      .where('rsvp.eventId IN (:...eventIds) AND rsvp.attending = 1', { eventIds })
      .groupBy('rsvp.eventId')
      .getRawMany<{ eventId: number | string; families: number | string; people: number | string }>();
    const of = (id: number | null) => answers.find((answer) => id !== null && Number(answer.eventId) === id);
    // MySQL returns SUM() as a DECIMAL string.
    return {
      totalFamilies: Number(row?.totalFamilies ?? 0),
      paymentsReceived: Number(row?.paymentsReceived ?? 0),
      tablesBooked: Number(row?.tablesBooked ?? 0),
      awardsRsvpCount: Number(of(ids.awards)?.families ?? 0),
      brunchRsvpCount: Number(of(ids.brunch)?.families ?? 0),
      awardsGuestsCount: Number(of(ids.awards)?.people ?? 0),
      brunchGuestsCount: Number(of(ids.brunch)?.people ?? 0),
    };
  }
}
