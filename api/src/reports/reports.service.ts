import { Injectable, Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import {
  PAYMENT_NUMBERS,
  type EventRsvpsReportEntry,
  type PaymentAnswersReportRow,
  type PaymentNumber,
  type PaymentStatus,
  type Statement,
} from '@portal/contracts';
import { todayInGuatemala, formatPaymentState } from '@portal/format';
import { Database } from '../database/database.service';
import { EventStore } from '../events/event.store';
import { FamilyStore, type FamilyColumn, type FamilyRecord } from '../families/family.store';
import { PaymentStore } from '../payments/payment.store';
import { RsvpStore } from '../rsvps/rsvp.store';
import { REPORT_TEXTS } from './reports.messages';
import { StatementsService } from '../ledger/statements.service';
import { sheetOf, streamSheet, streamWorkbook, type SheetLayout } from '../spreadsheets/spreadsheet-stream';
import { MOVEMENTS_SHEET, MovementsSheet } from './movements-sheet';

type Rsvp = EventRsvpsReportEntry['rsvps'][number];
interface RsvpReportRow extends Rsvp {
  eventId: number;
}
interface EventHeading {
  id: number;
  title: string;
  date: Date;
}

/** The Guatemala calendar day of an instant, at UTC midnight: the date a spreadsheet cell holds. */
function guatemalaDay(at: Date): Date {
  return new Date(`${todayInGuatemala(at)}T00:00:00.000Z`);
}

const PAYMENT_TEXT: Record<PaymentStatus, string> = {
  ya_pague: REPORT_TEXTS.payments.paid,
  no_asistire: REPORT_TEXTS.payments.notAttending,
};

const PAYMENTS_SHEET: SheetLayout<PaymentAnswersReportRow> = {
  name: REPORT_TEXTS.payments.sheet,
  columns: [
    { header: REPORT_TEXTS.payments.graduate, width: 32 },
    { header: REPORT_TEXTS.payments.contact, width: 32 },
    { header: REPORT_TEXTS.payments.email, width: 34 },
    { header: REPORT_TEXTS.payments.phone, width: 18 },
    ...PAYMENT_NUMBERS.map((n) => ({ header: REPORT_TEXTS.payments.payment(n), width: 13 })),
  ],
  cells: (row) => [
    row.graduateName,
    row.contactName,
    row.email,
    row.phone,
    ...PAYMENT_NUMBERS.map((n) => {
      const status = row.confirmations[n];
      return status ? PAYMENT_TEXT[status] : REPORT_TEXTS.payments.pending;
    }),
  ],
};

/** 'Estado de cuenta': per family, from the ledger: what it owes, what it paid, the balance, and each payment's state. */
const STATEMENT_SHEET: SheetLayout<Statement> = {
  name: REPORT_TEXTS.statement.sheet,
  columns: [
    { header: REPORT_TEXTS.payments.graduate, width: 32 },
    { header: REPORT_TEXTS.payments.contact, width: 32 },
    { header: REPORT_TEXTS.statement.reference, width: 13 },
    { header: REPORT_TEXTS.statement.graduates, width: 11 },
    { header: REPORT_TEXTS.statement.expected, width: 13 },
    { header: REPORT_TEXTS.statement.received, width: 13 },
    { header: REPORT_TEXTS.statement.balance, width: 13 },
    ...PAYMENT_NUMBERS.map((n) => ({ header: REPORT_TEXTS.payments.payment(n), width: 13 })),
  ],
  cells: (row) => [
    row.graduateName,
    row.contactName,
    row.paymentReference,
    row.graduates,
    { quetzales: row.totals.expected },
    { quetzales: row.totals.received },
    { quetzales: row.totals.balance },
    ...row.lines.map((line) => formatPaymentState(line)),
  ],
};

/** 'Cómo leer': which sheet is the families' word and which the money, and what each column of 'Estado de cuenta' holds. */
const HOW_TO_READ_SHEET: SheetLayout<readonly [string, string]> = {
  name: REPORT_TEXTS.howToRead.sheet,
  columns: [
    { header: REPORT_TEXTS.howToRead.what, width: 34 },
    { header: REPORT_TEXTS.howToRead.says, width: 110 },
  ],
  cells: (row) => [...row],
};

async function* onePage<Row>(rows: Row[]): AsyncGenerator<Row[]> {
  yield rows;
}

@Injectable()
export class ReportsService {
  private readonly logger = new Logger('Reports');

  /**
   * Rows read per query. Reports are read in keyset pages rather than one result: memory stays
   * flat whatever the class size, and with SQLite's single shared connection other requests run
   * between pages instead of waiting for the whole report. Tests shrink it to cross page edges.
   */
  pageSize = 2000;

  constructor(
    private readonly db: Database,
    private readonly statements: StatementsService,
    private readonly families: FamilyStore,
    private readonly payments: PaymentStore,
    private readonly eventStore: EventStore,
    private readonly rsvps: RsvpStore,
    private readonly movements: MovementsSheet,
  ) {}

  // ---- Payment answers ------------------------------------------------------------------------

  async paymentAnswers(): Promise<PaymentAnswersReportRow[]> {
    const rows: PaymentAnswersReportRow[] = [];
    for await (const page of this.paymentPages()) rows.push(...page);
    return rows;
  }

  /** The spec's payments sheet exactly as it was, then 'Estado de cuenta', 'Movimientos' and 'Cómo leer'. */
  async paymentAnswersXlsx(): Promise<Readable> {
    return streamWorkbook(
      [
        sheetOf(PAYMENTS_SHEET, await this.startedEarly(this.paymentPages())),
        sheetOf(STATEMENT_SHEET, this.statementPages()),
        sheetOf(MOVEMENTS_SHEET, this.movementPages()),
        sheetOf(HOW_TO_READ_SHEET, onePage([...REPORT_TEXTS.howToRead.rows])),
      ],
      this.logFailure,
    );
  }

  /**
   * Families by graduate name (then id), a keyset page at a time: only `columns` when given. Both
   * sheets of the payments workbook read their families through it.
   */
  private async *familyPages<K extends FamilyColumn = FamilyColumn>(
    columns?: readonly K[],
  ): AsyncGenerator<Array<Pick<FamilyRecord, 'id' | 'graduateName' | K>>> {
    let last: { graduateName: string; id: number } | undefined;
    for (;;) {
      const families = await this.families.page(this.pageSize, last, columns);
      if (families.length === 0) return;
      yield families;
      if (families.length < this.pageSize) return;
      last = families[families.length - 1];
    }
  }

  /** Statements of the families by graduate name, a page at a time (four queries a page). */
  private async *movementPages(): AsyncGenerator<Awaited<ReturnType<MovementsSheet['rows']>>> {
    yield await this.movements.rows(this.db.manager);
  }

  private async *statementPages(): AsyncGenerator<Statement[]> {
    for await (const families of this.familyPages()) yield this.statements.build(this.db.manager, families);
  }

  /** Families by graduate name, each with its answers: two queries per page, whatever the page holds. */
  private async *paymentPages(): AsyncGenerator<PaymentAnswersReportRow[]> {
    for await (const families of this.familyPages(['contactName', 'email', 'phone'])) {
      const answers = await this.payments.answersOf(families.map((family) => family.id));
      const byFamily = new Map<number, Partial<Record<PaymentNumber, PaymentStatus>>>();
      for (const answer of answers) {
        const statuses = byFamily.get(answer.familyId) ?? {};
        statuses[answer.paymentNumber] = answer.status;
        byFamily.set(answer.familyId, statuses);
      }
      yield families.map((family) => ({
        graduateName: family.graduateName,
        contactName: family.contactName,
        email: family.email,
        phone: family.phone,
        confirmations: byFamily.get(family.id) ?? {},
      }));
    }
  }

  // ---- Event RSVPs ----------------------------------------------------------------------------

  /** Every event by date, with its answers (an event nobody answered has an empty list). */
  async eventRsvps(): Promise<EventRsvpsReportEntry[]> {
    const events = await this.events();
    const entries = new Map<number, EventRsvpsReportEntry>(
      events.map((event) => [event.id, { eventTitle: event.title, eventDate: event.date.toISOString(), rsvps: [] }]),
    );
    for await (const page of this.rsvpPages(events)) {
      for (const { eventId, ...rsvp } of page) entries.get(eventId)?.rsvps.push(rsvp);
    }
    return [...entries.values()];
  }

  async eventRsvpsXlsx(): Promise<Readable> {
    const headings = await this.events();
    // Each event's title and day, formatted once (not once per answer).
    const events = new Map(headings.map((event) => [event.id, { title: event.title, day: guatemalaDay(event.date) }]));
    const layout: SheetLayout<RsvpReportRow> = {
      name: REPORT_TEXTS.rsvps.sheet,
      columns: [
        { header: REPORT_TEXTS.rsvps.event, width: 36 },
        { header: REPORT_TEXTS.rsvps.eventDate, width: 17 },
        { header: REPORT_TEXTS.rsvps.graduate, width: 32 },
        { header: REPORT_TEXTS.rsvps.contact, width: 32 },
        { header: REPORT_TEXTS.rsvps.email, width: 34 },
        { header: REPORT_TEXTS.rsvps.phone, width: 18 },
        { header: REPORT_TEXTS.rsvps.attendance, width: 13 },
        // After the spec's columns, which stay as they are.
        { header: REPORT_TEXTS.rsvps.guests, width: 10 },
      ],
      cells: (row) => {
        const event = events.get(row.eventId)!;
        return [
          event.title,
          // The event's day as the school sees it: an evening event is stored on the next UTC day.
          event.day,
          row.graduateName,
          row.contactName,
          row.email,
          row.phone,
          row.attending ? REPORT_TEXTS.rsvps.yes : REPORT_TEXTS.rsvps.no,
          row.guests === null ? null : Number(row.guests),
        ];
      },
    };
    return streamSheet(layout, await this.startedEarly(this.rsvpPages(headings)), this.logFailure);
  }

  private async events(): Promise<EventHeading[]> {
    const events = await this.eventStore.list(['titulo', 'fecha']);
    return events.map((event) => ({ id: event.id, title: event.titulo, date: event.fecha }));
  }

  /**
   * Answers in report order (event date, then graduate name), read an event at a time: each page
   * only sorts that event's answers, where one keyset across all events would sort them all.
   */
  private async *rsvpPages(events: EventHeading[]): AsyncGenerator<RsvpReportRow[]> {
    for (const event of events) {
      let last: { graduateName: string; id: number } | undefined;
      for (;;) {
        // One statement across both tables: the page is sorted and cut by the family's name.
        const answers = await this.rsvps.pageOfEvent(event.id, ['contactName', 'email', 'phone'], this.pageSize, last);
        if (answers.length > 0) {
          yield answers.map(({ attending, guests, family }) => ({
            eventId: event.id,
            graduateName: family.graduateName,
            contactName: family.contactName,
            email: family.email,
            phone: family.phone,
            attending,
            guests: attending ? (guests ?? 1) : null,
          }));
        }
        if (answers.length < this.pageSize) break;
        last = answers[answers.length - 1]!.family;
      }
    }
  }

  // ---- Shared ---------------------------------------------------------------------------------

  /**
   * Reads the first page before a byte is sent, so a database failure at the start is still the
   * API's usual JSON error; later pages are read while the spreadsheet streams.
   */
  private async startedEarly<T>(pages: AsyncGenerator<T[]>): Promise<AsyncGenerator<T[]>> {
    const first = await pages.next();
    return (async function* () {
      if (first.done) return;
      yield first.value;
      yield* pages;
    })();
  }

  private readonly logFailure = (error: unknown) => {
    this.logger.error(`Spreadsheet export broke off: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };
}
