import { Injectable } from '@nestjs/common';
import type { Stats } from '@portal/contracts';
import { Database } from '../database/database.service';
import { FamilyEntity } from '../families/family.entity';
import { guatemalaToday, paidFamily } from '../receipts/paid-rule';

type StatsRow = Record<keyof Stats, number | string | null>;

const countTrue = (column: string) => `COALESCE(SUM(CASE WHEN ${column} = 1 THEN 1 ELSE 0 END), 0)`;

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
      .addSelect(countTrue('family.awardsRsvp'), 'awardsRsvpCount')
      .addSelect(countTrue('family.brunchRsvp'), 'brunchRsvpCount')
      .getRawOne<StatsRow>();
    // MySQL returns SUM() as a DECIMAL string.
    return {
      totalFamilies: Number(row?.totalFamilies ?? 0),
      paymentsReceived: Number(row?.paymentsReceived ?? 0),
      tablesBooked: Number(row?.tablesBooked ?? 0),
      awardsRsvpCount: Number(row?.awardsRsvpCount ?? 0),
      brunchRsvpCount: Number(row?.brunchRsvpCount ?? 0),
    };
  }
}
