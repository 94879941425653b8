import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ConfirmedEvent, OpenClassRequest, SchoolClass, User } from '@portal/contracts';
import { forNextClass, toDateTimeLocal, toQuetzales } from '@portal/format';
import { APP_CONFIG } from '../app.config';
import { SessionsService } from '../auth/sessions.service';
import { BooksClosing } from '../books/books-closing';
import { MoneyAccountsService } from '../books/money-accounts.service';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { EventStore } from '../events/event.store';
import { FamilyStore } from '../families/family.store';
import { recordChange } from '../history/record';
import { OutboxService } from '../mail/outbox.service';
import { PaymentStore } from '../payments/payment.store';
import { SettingsStore, type KeyEventMove } from '../settings/settings.store';
import { UsersService } from '../users/users.service';
import { copyToArchive } from './archive-copy';
import { ClassStore, toSchoolClass } from '../classes/class.store';
import { CALENDAR_MESSAGES, calendarProblem } from './opening-calendar';
import { BankLineStore } from '../bank/bank-line.store';
import { GalaStore } from '../gala/gala.store';
import { HistoryService } from '../history/history.service';
import { LedgerService } from '../ledger/ledger.service';
import { NoticeStore } from '../notices/notice.store';
import { ReceiptStore } from '../receipts/receipt.store';
import { RemindersService } from '../reminders/reminders.service';
import { RsvpStore } from '../rsvps/rsvp.store';

export const OPENING_MESSAGES = {
  notClosed: (name: string) => `Primero cierra la ${name}: la nueva promoción se abre cuando la anterior está cerrada.`,
  year: (year: number) => `El año de la nueva promoción debe ser posterior a ${year}.`,
  notAdmins: 'Elige, para el nuevo comité, solo cuentas de administrador activas.',
  openedMeanwhile: 'Otra persona abrió la nueva promoción mientras tanto. Recarga la página.',
} as const;

/**
 * 'Nueva promoción' (docs/classes.md): once the current class is closed, its data is copied into an
 * archive (archive-copy.ts) and the next class opens in the same database with the closed class's
 * settings, the payments and events at the dates its committee confirmed (none already past), its
 * budget's categories, its accounts as the committee renamed and added them and, when the closing
 * passed it on, its balance as the opening balance.
 */
@Injectable()
export class OpeningService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: Database,
    private readonly classes: ClassStore,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    private readonly families: FamilyStore,
    private readonly settings: SettingsStore,
    private readonly payments: PaymentStore,
    private readonly events: EventStore,
    private readonly books: BooksClosing,
    private readonly moneyAccounts: MoneyAccountsService,
    private readonly outbox: OutboxService,
    private readonly rsvps: RsvpStore,
    private readonly notices: NoticeStore,
    private readonly reminders: RemindersService,
    private readonly receipts: ReceiptStore,
    private readonly ledger: LedgerService,
    private readonly bankLines: BankLineStore,
    private readonly gala: GalaStore,
    private readonly history: HistoryService,
  ) {}

  /** `now`: what no confirmed date may precede (the clock is a parameter: the demo's 2026 opened in 2025). */
  async open(user: User, input: OpenClassRequest, now = new Date()): Promise<SchoolClass> {
    const closed = await this.classes.latest();
    if (closed.state !== 'cerrada') throw new ConflictException(OPENING_MESSAGES.notClosed(closed.name));
    if (input.year <= closed.year) throw new BadRequestException(OPENING_MESSAGES.year(closed.year));
    const name = input.name.trim();
    if (input.confirmName.trim() !== name) throw new BadRequestException(CALENDAR_MESSAGES.confirmName(name));
    const committee = [...new Set([user.id, ...input.adminIds])];
    if (!(await this.users.allEnabledAdmins(committee))) throw new BadRequestException(OPENING_MESSAGES.notAdmins);
    // Read before anything is written: a closed class's events no longer change (ClosedClassGuard).
    const problem = calendarProblem(input.payments, input.events, await this.events.list(['titulo']), now);
    if (problem) throw new BadRequestException(problem);
    // The closed class's accounts no longer change either: what would be refused inside is refused now.
    if (input.accounts) await this.moneyAccounts.refuseAtOpening(this.db.manager, input.accounts);

    const { hash: file } = await copyToArchive(this.db.dataSource, this.config.filesDir);

    const opened = await this.db.writeAnyClass(async (manager) => {
      // Conditional, first: of two openings at once, one archives the class; the other waits for
      // its row, then finds it archived.
      const claimed = await this.classes.claimArchive(manager, closed.id, file);
      if (!claimed || (await this.classes.latest(manager)).id !== closed.id) {
        throw new ConflictException(OPENING_MESSAGES.openedMeanwhile);
      }
      const readers = await this.users.classReaders(manager, await this.families.emails(manager));
      await this.classes.addReaders(
        manager,
        readers.map((reader) => ({ classId: closed.id, ...reader })),
      );
      // What the closing passed to this class, account by account (nothing when it went elsewhere).
      const passing = await this.classes.passingClosing(manager, closed.id);
      const passedOn = passing ? await this.books.passedOn(manager) : [];
      const balance = passedOn.reduce((sum, share) => sum + share.amount, 0);
      const categories = await this.books.budgetCategories(manager);

      // The class's tables as a whole, as the archive holds them.
      // Each owner ends the closed class's rows, children before their parents (the archive keeps
      // them). Settings, the payment schedule, the events, the budget's categories and the e-mails
      // still waiting are carried over instead, each by its owner; accounts, sign-in state, bank
      // layouts and calendar feeds belong to the deployment.
      await this.rsvps.endClass(manager);
      await this.events.endClass(manager);
      await this.notices.endClass(manager);
      await this.payments.endClass(manager);
      await this.reminders.endClass(manager);
      await this.receipts.endClass(manager);
      await this.ledger.endClass(manager);
      await this.bankLines.endClass(manager);
      await this.gala.endClass(manager);
      await this.books.endClass(manager);
      await this.history.endClass(manager);
      await this.families.endClass(manager);
      await this.settings.startClass(manager, input.year, await this.keyEventMoves(manager, input.events));
      // The account families are shown stays (where money goes changes only under four eyes); its holder's words name the new class.
      const bank = await this.settings.columns(['bankName', 'bankAccountNumber', 'bankAccountHolder'], manager);
      const holder = forNextClass(bank.bankAccountHolder, closed, { name, year: input.year });
      if (holder !== bank.bankAccountHolder)
        await this.settings.setBankAccount(manager, {
          bankName: bank.bankName,
          accountNumber: bank.bankAccountNumber,
          accountHolder: holder,
        });
      await this.payments.startClass(manager, input.payments);
      await this.events.startClass(manager, input.events, now);
      await this.books.startClass(manager, user, { name: closed.name, categories, passedOn });
      await this.outbox.startClass(manager);
      const formerAdmins = await this.users.startClass(manager, committee);

      const row = await this.classes.open(manager, { year: input.year, name });
      await recordChange(manager, user, {
        action: 'class.open',
        entity: 'class',
        entityId: row.id,
        label: row.name,
        after: {
          year: row.year,
          archived: closed.name,
          openingBalance: toQuetzales(balance),
          formerAdmins: formerAdmins.length,
          accountHolder: holder,
        },
      });
      // The accounts as the committee renamed and added them, each with its line after the opening's.
      for (const { id, name: accountName } of input.accounts?.renamed ?? [])
        await this.moneyAccounts.change(manager, user, id, { name: accountName });
      for (const account of input.accounts?.added ?? []) await this.moneyAccounts.add(manager, user, account);
      for (const id of formerAdmins) await this.sessions.endAllFor(id, { manager });
      return row;
    });
    return toSchoolClass(opened);
  }

  /** The awards ceremony and the brunch as confirmed, for the settings' copy of their days and times. */
  private async keyEventMoves(
    manager: EntityManager,
    events: readonly ConfirmedEvent[],
  ): Promise<{ awards?: KeyEventMove; brunch?: KeyEventMove }> {
    const ids = await this.settings.keyEventIds(manager);
    const move = async (id: number | null): Promise<KeyEventMove | undefined> => {
      const confirmed = events.find((one) => one.id === id);
      const before = id === null ? null : await this.events.byId(id, manager);
      if (!confirmed || !before) return undefined;
      const [date, startTime] = toDateTimeLocal(confirmed.fecha).split('T') as [string, string];
      return { date, startTime, previousStartTime: toDateTimeLocal(before.fecha).slice(11) };
    };
    return { awards: await move(ids.awards), brunch: await move(ids.brunch) };
  }
}
