import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PAYMENT_TITLES, type PaymentNumber, type PaymentReminder, type SkippedFamily } from '@portal/contracts';
import { daysBetween, formatDay, todayInGuatemala, toQuetzales } from '@portal/format';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { addressProblem, familyCopy } from '../mail/notice-mail.service';
import { OutboxService, type OutgoingMail } from '../mail/outbox.service';
import { paymentReminderMail } from '../mail/templates';
import { FamilyStore } from '../families/family.store';
import { PaymentStore, type ScheduledPayment } from '../payments/payment.store';
import { paymentReference } from '../families/payment-reference';
import { LedgerService } from '../ledger/ledger.service';
import { SettingsStore, type SettingsColumns } from '../settings/settings.store';
import { ClassStore } from '../classes/class.store';
import { PaymentReminderEntity } from './payment-reminder.entity';
import { deleteAll } from '../database/delete-all';

/** The newest lines of the log the committee sees. */
const SHOWN = 300;
const ROWS_PER_INSERT = 500;

export interface ReminderRun {
  day: string;
  enabled: boolean;
  /** Reminders this run queued (a family and payment another run already covered today is not counted). */
  queued: number;
  skipped: SkippedFamily[];
}

interface Candidate {
  id: number;
  graduateName: string;
  contactName: string;
  email: string;
  /** The family's second contact, in copy (familyCopy). */
  cc: string | null;
  /** What the family still owes of the payment (null while the payment has no amount). */
  owed: number | null;
  /** The other payments past their date the family still owes, oldest first. */
  overdue: Array<{ title: string; balance: number }>;
}

const toReminder = (row: PaymentReminderEntity): PaymentReminder => ({
  id: row.id,
  familyId: row.familyId,
  graduateName: row.graduateName,
  paymentNumber: row.paymentNumber,
  day: row.day,
  dueDate: row.dueDate,
  recipient: row.recipient,
  status: row.status,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Payment reminders (docs/messaging.md): on a Guatemala day, every family whose payment N is not
 * verified gets one e-mail `daysBefore` days before the payment's date and one on the day. The
 * log row (UNIQUE family, payment, day) and the e-mail are written in one transaction.
 */
@Injectable()
export class RemindersService {
  constructor(
    private readonly db: Database,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: LedgerService,
    private readonly families: FamilyStore,
    private readonly payments: PaymentStore,
    private readonly settingsStore: SettingsStore,
    private readonly classes: ClassStore,
  ) {}

  /** The closed class's rows, gone when the next class opens (its archive keeps them; class-cycle/opening.service.ts). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(manager, PaymentReminderEntity);
  }

  async list(): Promise<PaymentReminder[]> {
    const rows = await this.db.manager.find(PaymentReminderEntity, { order: { id: 'DESC' }, take: SHOWN });
    return rows.map(toReminder);
  }

  /**
   * Decides and queues the reminders of `now`'s Guatemala day (the clock is a parameter, so tests
   * pick the day); running it again that day, here or in another instance, adds nothing.
   */
  async run(now = new Date()): Promise<ReminderRun> {
    const day = todayInGuatemala(now);
    const settings = await this.settingsStore.columns([
      'classYear',
      'remindersEnabled',
      'reminderDaysBefore',
      'bankName',
      'bankAccountNumber',
      'bankAccountHolder',
    ]);
    // A closed class asks nobody for money (docs/classes.md).
    if (!settings.remindersEnabled || (await this.classes.current()).state === 'cerrada')
      return { day, enabled: false, queued: 0, skipped: [] };
    const payments = (await this.payments.payments()).filter((payment) => {
      const left = daysBetween(day, payment.date);
      return left === 0 || left === settings.reminderDaysBefore;
    });
    let queued = 0;
    const skipped: ReminderRun['skipped'] = [];
    for (const payment of payments) {
      const result = await this.remind(payment, day, settings);
      queued += result.queued;
      skipped.push(...result.skipped);
    }
    return { day, enabled: true, queued, skipped };
  }

  /**
   * The families to remind of payment `paymentNumber` on `day`: the payment not paid in the
   * family's ledger (payments/allocation.ts: money recorded for this payment pays it first; a family
   * that paid half still gets the reminder, with what it still owes), and no reminder for it that
   * day yet; with what else it owes past its date.
   */
  private async candidates(manager: EntityManager, paymentNumber: number, day: string): Promise<Candidate[]> {
    const families = await this.families.list({ columns: ['graduateName', 'contactName', 'email', 'secondEmail', 'graduates'] }, manager);
    const sent = new Set(
      (await manager.find(PaymentReminderEntity, { where: { paymentNumber, day }, select: { id: true, familyId: true } })).map(
        (row) => row.familyId,
      ),
    );
    const accounts = await this.ledger.accounts(manager, families, day);
    const candidates: Candidate[] = [];
    for (const family of families) {
      const line = accounts.get(family.id)?.lines.find((item) => item.paymentNumber === paymentNumber);
      if (!line || line.state === 'pagado' || sent.has(family.id)) continue;
      const overdue = accounts
        .get(family.id)!
        .lines.filter((item) => item.paymentNumber !== paymentNumber && item.due && (item.balance ?? 0) > 0)
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
        .map((item) => ({ title: PAYMENT_TITLES[item.paymentNumber], balance: toQuetzales(item.balance!) }));
      candidates.push({
        id: family.id,
        graduateName: family.graduateName,
        contactName: family.contactName,
        email: family.email,
        cc: familyCopy(family),
        owed: line.balance === null ? null : toQuetzales(line.balance),
        overdue,
      });
    }
    return candidates;
  }

  private remind(
    payment: ScheduledPayment,
    day: string,
    settings: Pick<SettingsColumns, 'classYear' | 'bankName' | 'bankAccountNumber' | 'bankAccountHolder'>,
  ): Promise<Omit<ReminderRun, 'day' | 'enabled'>> {
    const { classYear } = settings;
    return this.db.write(async (manager) => {
      const runId = randomUUID();
      const candidates = await this.candidates(manager, payment.id, day);
      if (candidates.length === 0) return { queued: 0, skipped: [] };
      const rows = candidates.map((family) => {
        const problem = addressProblem(family.email);
        return {
          familyId: family.id,
          paymentNumber: payment.id,
          day,
          dueDate: payment.date,
          graduateName: family.graduateName,
          recipient: family.email,
          status: problem ? ('omitido' as const) : ('enviado' as const),
          reason: problem,
          runId,
          createdAt: new Date(),
        };
      });
      // INSERT OR IGNORE (SQLite) / INSERT IGNORE (MariaDB): a row another instance wrote first
      // stays as it is, and this run sends nothing for it.
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(PaymentReminderEntity)
          .values(rows.slice(start, start + ROWS_PER_INSERT))
          .orIgnore()
          .updateEntity(false)
          .execute();
      }
      const mine = new Set(
        (await manager.find(PaymentReminderEntity, { where: { runId }, select: { id: true, familyId: true } })).map((row) => row.familyId),
      );
      const byId = new Map(candidates.map((family) => [family.id, family]));
      const daysLeft = daysBetween(day, payment.date);
      const dueDate = lowerFirst(formatDay(payment.date));
      const title = PAYMENT_TITLES[payment.id as PaymentNumber];
      const messages: OutgoingMail[] = [];
      const skipped: SkippedFamily[] = [];
      for (const row of rows) {
        if (!mine.has(row.familyId)) continue;
        const family = byId.get(row.familyId)!;
        if (row.reason) {
          skipped.push({ familyId: family.id, graduateName: family.graduateName, email: family.email, reason: row.reason });
          continue;
        }
        const mail = paymentReminderMail({
          contactName: family.contactName,
          graduateName: family.graduateName,
          classYear,
          paymentTitle: title,
          description: payment.description,
          dueDate,
          daysLeft,
          owed: family.owed,
          overdue: family.overdue,
          reference: paymentReference(classYear, family.id),
          bank: settings.bankAccountNumber
            ? { name: settings.bankName, number: settings.bankAccountNumber, holder: settings.bankAccountHolder }
            : null,
          portalUrl: `${this.config.publicUrl}/parent/pagos`,
        });
        messages.push({ ...mail, kind: 'recordatorio', to: family.email.trim(), cc: family.cc });
      }
      await this.outbox.enqueueMany(manager, messages);
      return { queued: messages.length, skipped };
    });
  }
}
