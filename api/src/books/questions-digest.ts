import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { In, IsNull } from 'typeorm';
import { formatDayNumeric, formatQuetzales, todayInGuatemala, toQuetzales } from '@portal/format';
import { APP_CONFIG } from '../app.config';
import { DAILY_RUN_TIME, DAILY_RUN_ZONE, isAfterRunHour } from '../common/daily-run';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { addressProblem } from '../mail/notice-mail.service';
import { OutboxService } from '../mail/outbox.service';
import { unansweredQuestionsMail } from '../mail/templates';
import { SettingsStore } from '../settings/settings.store';
import { UsersService } from '../users/users.service';
import { ExpenseEntity, ExpenseQuestionEntity, QuestionDigestEntity } from './expense.entity';

const JOB = 'books-questions-digest';

export interface DigestRun {
  day: string;
  /** E-mails this run queued (0 when another run already covered the day, or nothing is unanswered). */
  queued: number;
}

/**
 * The committee's daily digest of the families' unanswered questions, to every enabled admin with
 * an e-mail. The day's row (primary key: the Guatemala day) and the e-mails are written in one
 * transaction; a second run that day, here or in another instance, inserts nothing and sends nothing.
 */
@Injectable()
export class QuestionsDigest {
  constructor(
    private readonly db: Database,
    private readonly outbox: OutboxService,
    private readonly users: UsersService,
    private readonly settings: SettingsStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(now = new Date()): Promise<DigestRun> {
    const day = todayInGuatemala(now);
    // Nothing unanswered: the day stays open for a later run.
    if ((await this.db.manager.countBy(ExpenseQuestionEntity, { answer: IsNull() })) === 0) return { day, queued: 0 };
    return this.db.write(async (manager) => {
      const runId = randomUUID();
      // The day's row first (a write before any read: two instances on SQLite queue instead of failing).
      await manager
        .createQueryBuilder()
        .insert()
        .into(QuestionDigestEntity)
        .values({ day, runId, questions: 0, createdAt: now })
        .orIgnore()
        .updateEntity(false)
        .execute();
      if (!(await manager.findOneBy(QuestionDigestEntity, { day, runId }))) return { day, queued: 0 };
      const open = await manager.find(ExpenseQuestionEntity, { where: { answer: IsNull() }, order: { id: 'ASC' } });
      await manager.update(QuestionDigestEntity, { day }, { questions: open.length });
      if (open.length === 0) return { day, queued: 0 };
      const expenses = new Map(
        (await manager.findBy(ExpenseEntity, { id: In([...new Set(open.map((row) => row.expenseId))]) })).map((row) => [row.id, row]),
      );
      const questions = open.map((row) => {
        const expense = expenses.get(row.expenseId);
        return {
          expense: expense
            ? `Gasto #${expense.id} · ${expense.category} · ${formatQuetzales(toQuetzales(Math.abs(expense.amount)))}`
            : 'Gasto',
          question: row.question,
          askedOn: formatDayNumeric(todayInGuatemala(row.askedAt)),
        };
      });
      const { classYear } = await this.settings.columns(['classYear'], manager);
      const admins = (await this.users.adminsWithEmail(manager)).filter((admin) => !addressProblem(admin.email));
      const portalUrl = `${this.config.publicUrl}/admin/cuentas-comite`;
      await this.outbox.enqueueMany(
        manager,
        admins.map((admin) => ({
          ...unansweredQuestionsMail({ name: admin.name, classYear, questions, portalUrl }),
          kind: 'cuentas-preguntas',
          to: admin.email.trim(),
        })),
      );
      return { day, queued: admins.length };
    });
  }
}

/** Runs the digest at 08:00 Guatemala time in every instance, and at start when past 08:00 (as the reminders). */
@Injectable()
export class QuestionsDigestScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Books');
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly digest: QuestionsDigest,
    private readonly registry: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.remindersScheduled) return;
    if (isAfterRunHour(new Date())) this.start();
    this.registry.addCronJob(
      JOB,
      CronJob.from({ cronTime: DAILY_RUN_TIME, timeZone: DAILY_RUN_ZONE, onTick: () => this.start(), start: true }),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.registry.doesExist('cron', JOB)) this.registry.deleteCronJob(JOB);
    await this.running;
  }

  private start(): void {
    this.running = this.digest
      .run(new Date())
      .then((run) => this.logger.log(`Preguntas sin responder del ${run.day}: ${run.queued} correos en cola.`))
      .catch((error: unknown) => this.logger.warn(`Questions digest not run: ${String(error)}`));
  }
}
