import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Books, ClosingCheck, ClosingItem } from '@portal/contracts';
import { formatDayNumeric, formatQuetzales, todayInGuatemala } from '@portal/format';
import { BankLineStore } from '../bank/bank-line.store';
import { BooksClosing } from '../books/books-closing';
import { BooksReader } from '../books/books-reader';
import { EventStore } from '../events/event.store';
import { OutboxService } from '../mail/outbox.service';
import { ReceiptStore } from '../receipts/receipt.store';

/** Where in the committee's panel each item is done. */
const SECTION: Record<ClosingItem, string> = {
  eventos: 'eventos',
  comprobantes: 'comprobantes',
  banco: 'banco',
  gastos: 'cuentas-comite',
  preguntas: 'cuentas-comite',
  saldos: 'cuentas-comite',
  correos: 'correos',
};

/** Events named in the item's line; the rest are counted. */
const EVENTS_NAMED = 3;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What is still open before a class can close (docs/classes.md): its events still ahead, receipts
 * to decide, bank lines to apply or discard, money out and control changes waiting for a second
 * admin, families' questions, what the bank and the cash box hold against the books, and the
 * e-mails still waiting to go.
 */
@Injectable()
export class ClosingChecklist {
  constructor(
    private readonly events: EventStore,
    private readonly receipts: ReceiptStore,
    private readonly bank: BankLineStore,
    private readonly booksClosing: BooksClosing,
    private readonly books: BooksReader,
    private readonly outbox: OutboxService,
  ) {}

  /** The checklist, each item with what is left; and the books as they stand. */
  async read(manager: EntityManager, now = new Date()): Promise<{ checklist: ClosingCheck[]; books: Books }> {
    const [ahead, receipts, lines, open, books, mails] = await Promise.all([
      this.events.ahead(now, manager),
      this.receipts.countUnderReview(manager),
      this.bank.countUndecided(manager),
      this.booksClosing.openItems(manager),
      this.books.forAdmin(manager),
      this.outbox.countPending(manager),
    ]);
    const waiting = open.pendingExpenses + open.pendingControls;
    const held = books.held;
    const named = ahead
      .slice(0, EVENTS_NAMED)
      .map((event) => `${event.titulo} (${formatDayNumeric(todayInGuatemala(event.fecha))})`)
      .join(', ');
    const checks: Array<[ClosingItem, boolean, string]> = [
      [
        'eventos',
        ahead.length === 0,
        ahead.length === 0
          ? 'Todos los eventos ya pasaron'
          : `${plural(ahead.length, 'evento aún por realizarse', 'eventos aún por realizarse')}: ${named}${ahead.length > EVENTS_NAMED ? '…' : ''}`,
      ],
      [
        'comprobantes',
        receipts === 0,
        receipts === 0 ? 'Todos los comprobantes decididos' : `${plural(receipts, 'comprobante', 'comprobantes')} sin decidir`,
      ],
      [
        'banco',
        lines === 0,
        lines === 0
          ? 'Todas las líneas del banco aplicadas o descartadas'
          : `${plural(lines, 'línea', 'líneas')} del banco sin aplicar ni descartar`,
      ],
      [
        'gastos',
        waiting === 0,
        waiting === 0
          ? 'Nada espera una segunda aprobación'
          : `${plural(waiting, 'gasto o cambio de controles espera', 'gastos o cambios de controles esperan')} una segunda aprobación`,
      ],
      [
        'preguntas',
        open.openQuestions === 0,
        open.openQuestions === 0
          ? 'Todas las preguntas de las familias respondidas'
          : `${plural(open.openQuestions, 'pregunta', 'preguntas')} de familias sin responder`,
      ],
      [
        'saldos',
        held !== null && held.bank !== null && held.difference === 0,
        held === null || held.bank === null
          ? 'Registra el saldo del banco (y el efectivo en caja, si hay)'
          : held.difference === 0
            ? `Saldos registrados: ${formatQuetzales(held.total)}, iguales a las cuentas`
            : `Lo registrado difiere de las cuentas: ${held.difference < 0 ? 'faltan' : 'sobran'} ${formatQuetzales(Math.abs(held.difference))}`,
      ],
      [
        // Sent by the class, or withheld by its closing (skipped with a reason): never moved into the next class.
        'correos',
        mails === 0,
        mails === 0
          ? 'Todos los correos enviados'
          : `${plural(mails, 'correo', 'correos')} por enviar: salen en minutos; si lo omites, no se envían`,
      ],
    ];
    return { checklist: checks.map(([item, done, detail]) => ({ item, done, detail, section: SECTION[item] })), books };
  }
}
