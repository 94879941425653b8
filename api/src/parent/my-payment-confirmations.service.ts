import { Injectable } from '@nestjs/common';
import { type PaymentConfirmation, type PaymentNumber, type PaymentStatus, type User } from '@portal/contracts';
import { QueryFailedError } from 'typeorm';
import { Database } from '../database/database.service';
import { PaymentConfirmationEntity } from '../payments/payment-confirmation.entity';
import { familyEmail, MyFamilyService } from './my-family.service';

@Injectable()
export class MyPaymentConfirmationsService {
  constructor(
    private readonly db: Database,
    private readonly families: MyFamilyService,
  ) {}

  /**
   * The payments the family has answered, by number. An unanswered payment is left out rather than
   * read as 'no_asistire': unanswered is not 'No' (decisions item 17), as in the committee's export.
   */
  async list(user: User): Promise<PaymentConfirmation[]> {
    const family = await this.families.familyOf(user);
    const rows = await this.db.manager.find(PaymentConfirmationEntity, { where: { familyId: family.id }, order: { paymentNumber: 'ASC' } });
    return rows.map(({ paymentNumber, status }) => ({ paymentNumber, status }));
  }

  /**
   * One row per family and payment, written by a single statement that finds the family by the
   * session's e-mail and inserts or replaces the answer: atomic without a transaction, safe when
   * toggled quickly, and the family cannot vanish between a read and the write. The SELECT locks
   * the family (its e-mail entry, then its row) before the answer is written, the order of
   * database/lock-order.ts.
   */
  async set(user: User, paymentNumber: PaymentNumber, status: PaymentStatus): Promise<PaymentConfirmation> {
    const email = familyEmail(user);
    let changed = 0;
    try {
      if (email) changed = await this.db.execute(this.db.isSqlite ? UPSERT_SQLITE : UPSERT_MYSQL, [paymentNumber, status, email]);
    } catch (error) {
      // MySQL/MariaDB: the family was deleted while the statement ran.
      if (!isMissingParent(error)) throw error;
    }
    // Nothing changed: either no family (404), or MySQL counted an answer that was already so.
    if (changed === 0) await this.families.familyOf(user);
    return { paymentNumber, status };
  }
}

const UPSERT = 'INSERT INTO payment_confirmations (familyId, paymentNumber, status) SELECT id, ?, ? FROM families WHERE email = ?';
const UPSERT_SQLITE = `${UPSERT} ON CONFLICT (familyId, paymentNumber) DO UPDATE SET status = excluded.status`;
const UPSERT_MYSQL = `${UPSERT} ON DUPLICATE KEY UPDATE status = VALUES(status)`;

/** MySQL/MariaDB's "foreign key: no parent row" (ER_NO_REFERENCED_ROW_2). */
function isMissingParent(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { errno?: number } | undefined)?.errno === 1452;
}
