import { Inject, Injectable } from '@nestjs/common';
import { FAMILY_MESSAGES, PAYMENT_TITLES, type PaymentNumber, type Statement } from '@portal/contracts';
import { formatDayNumeric, formatPaymentState, formatQuetzales, toCentavos, toQuetzales } from '@portal/format';
import { In, type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { FamilyStore } from '../families/family.store';
import { MailWorker } from '../mail/mail-worker';
import { addressProblem, familyCopy } from '../mail/notice-mail.service';
import { OutboxService } from '../mail/outbox.service';
import { moneyMail } from '../mail/templates';
import { SettingsStore } from '../settings/settings.store';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { StatementBuilder } from './statement-builder';

/** The outbox's kind of the e-mails about a family's money. */
const KIND = 'pago';

/** '4 pagos aún tienen el monto por definir': the payments of the family without an amount yet. */
export function unpricedSentence(count: number): string {
  return count === 1 ? '1 pago aún tiene el monto por definir' : `${count} pagos aún tienen el monto por definir`;
}

/**
 * The family's balance after the change, in one sentence. While a payment has no amount the family
 * is up to date only for now (decisions item 25): the sentence says how many are still to be set.
 */
export function balanceSentence(statement: Pick<Statement, 'totals' | 'lines'>): string {
  const { dueBalance, credit, balance } = statement.totals;
  const unpriced = statement.lines.filter((line) => line.expected === null).length;
  const unknown = unpriced > 0 ? ` ${unpricedSentence(unpriced).replace(/^./, (first) => first.toUpperCase())}.` : '';
  if (dueBalance > 0) return `Saldo pendiente a la fecha: ${formatQuetzales(dueBalance)}.${unknown}`;
  if (credit > 0) return `Saldo a favor: ${formatQuetzales(credit)}.${unknown}`;
  if (unpriced > 0) {
    return balance > 0
      ? `Estás al día por ahora; por pagar en los próximos pagos: ${formatQuetzales(balance)}, y ${unpricedSentence(unpriced)}.`
      : `Estás al día por ahora; ${unpricedSentence(unpriced)}.`;
  }
  if (balance > 0) return `Estás al día con tus pagos; por pagar en los próximos pagos: ${formatQuetzales(balance)}.`;
  return 'Estás al día con tus pagos.';
}

/**
 * Where each payment stands and what was received, in the words of 'Pagos': 'Tus pagos: Primer
 * Pago, Pagado; Segundo Pago, Parcial (Q450 de Q3,400); Tercer Pago, Monto por definir. Recibido en
 * total: Q3,400.'
 */
export function paymentsSentence(statement: Pick<Statement, 'totals' | 'lines'>): string {
  const states = statement.lines.map((line) => `${line.title}, ${line.expected === null ? 'Monto por definir' : formatPaymentState(line)}`);
  return `Tus pagos: ${states.join('; ')}. Recibido en total: ${formatQuetzales(statement.totals.received)}.`;
}

/** A money event a family's e-mail tells; amounts in centavos. */
type MoneyEvent =
  | { kind: 'verificado'; entryId: number; paysFor: PaymentNumber[]; amount: number }
  | { kind: 'deposito'; entryId: number; day: string; amount: number }
  | { kind: 'registrado'; entryId: number; paymentNumber: PaymentNumber; amount: number }
  | { kind: 'reversion'; entryId: number; amount: number; messageToFamily: string | null }
  | { kind: 'rechazo'; entryId?: undefined; paysFor: PaymentNumber[]; familyMessage: string | null };

/** One event in words: the subject it has alone, what happened, and the committee's message to the family. */
function eventText(event: MoneyEvent): { subject: string; what: string; message?: string | null } {
  const amount = (centavos: number) => formatQuetzales(toQuetzales(centavos));
  switch (event.kind) {
    case 'verificado': {
      const slip = slipOf(event.paysFor);
      return {
        subject: `Comprobante verificado: ${slip.title}`,
        what: `El comité verificó tu comprobante ${slip.of}: recibimos ${amount(event.amount)}`,
      };
    }
    case 'deposito':
      return {
        subject: 'Depósito recibido',
        what: `El comité encontró tu depósito del ${formatDayNumeric(event.day)} en el estado de cuenta del banco: recibimos ${amount(event.amount)}`,
      };
    case 'registrado': {
      const title = PAYMENT_TITLES[event.paymentNumber];
      return {
        subject: `Pago registrado: ${title}`,
        what: `El comité registró tu pago del ${title.toLowerCase()}: recibimos ${amount(event.amount)}`,
      };
    }
    case 'rechazo': {
      const slip = slipOf(event.paysFor);
      return {
        subject: `Comprobante rechazado: ${slip.title}`,
        what: `El comité no pudo aceptar tu comprobante ${slip.of}; puedes subir uno nuevo en el portal`,
        message: event.familyMessage ?? FAMILY_MESSAGES.rejection,
      };
    }
    case 'reversion':
      return {
        subject: 'Corrección en tu cuenta',
        what: `El comité corrigió un pago de ${amount(event.amount)} registrado en tu cuenta`,
        message: event.messageToFamily,
      };
  }
}

/**
 * Tells a family what the committee did with its money (a receipt verified or rejected, a deposit
 * found, money recorded by hand, a credit reversed). A money event joins the family's e-mail whose
 * window (MONEY_MAIL_DELAY_MINUTES) is open, or opens one, in the change's transaction; the mail
 * worker writes the e-mail when it sends it, from the events and the family's statement of that
 * moment, so every event of a window is one e-mail with one balance. A family that turned the
 * notice e-mails off, or has no usable address, gets none.
 */
@Injectable()
export class LedgerMail {
  constructor(
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly families: FamilyStore,
    private readonly settings: SettingsStore,
    private readonly statements: StatementBuilder,
    worker: MailWorker,
  ) {
    worker.composeWith(KIND, (manager, message) => this.compose(manager, message.familyId, message.events as MoneyEvent[]));
  }

  verified(
    manager: EntityManager,
    familyId: number,
    input: { entryId: number; paysFor: PaymentNumber[]; amount: number; statement: Statement },
  ) {
    const event: MoneyEvent = { kind: 'verificado', entryId: input.entryId, paysFor: input.paysFor, amount: toCentavos(input.amount) };
    return this.tell(manager, familyId, input.statement, (events) => [...events, event]);
  }

  /**
   * A rejection moves no money: it is not held for the window but goes at once, on its own, written
   * when sent like the others. The family reads the committee's message to it, or the neutral
   * default: never the internal reason.
   */
  rejected(
    manager: EntityManager,
    familyId: number,
    input: { paysFor: PaymentNumber[]; familyMessage: string | null; statement: Statement },
  ) {
    const event: MoneyEvent = { kind: 'rechazo', paysFor: input.paysFor, familyMessage: input.familyMessage };
    return this.tell(manager, familyId, input.statement, () => [event], { atOnce: true });
  }

  deposited(manager: EntityManager, familyId: number, input: { entryId: number; amount: number; day: string; statement: Statement }) {
    const event: MoneyEvent = { kind: 'deposito', entryId: input.entryId, day: input.day, amount: toCentavos(input.amount) };
    return this.tell(manager, familyId, input.statement, (events) => [...events, event]);
  }

  /** Money the committee recorded by hand (cash, a transfer checked by hand): told like a verified receipt. */
  recorded(
    manager: EntityManager,
    familyId: number,
    input: { entryId: number; paymentNumber: PaymentNumber; amount: number; statement: Statement },
  ) {
    const event: MoneyEvent = {
      kind: 'registrado',
      entryId: input.entryId,
      paymentNumber: input.paymentNumber,
      amount: toCentavos(input.amount),
    };
    return this.tell(manager, familyId, input.statement, (events) => [...events, event]);
  }

  /**
   * A credit reversed: when the family's open window holds the credit, the credit leaves it and the
   * reversal is not told (the family never heard of the mistake; a window left with nothing is
   * withheld); otherwise the reversal joins the window, in the committee's words for the family
   * (`messageToFamily`), never the internal reason.
   */
  reversed(
    manager: EntityManager,
    familyId: number,
    input: { entryId: number; amount: number; messageToFamily: string | null; statement: Statement },
  ) {
    const event: MoneyEvent = {
      kind: 'reversion',
      entryId: input.entryId,
      amount: toCentavos(input.amount),
      messageToFamily: input.messageToFamily,
    };
    const told = (events: MoneyEvent[]) => events.some((one) => one.kind !== 'reversion' && one.entryId === input.entryId);
    return this.tell(manager, familyId, input.statement, (events) =>
      told(events) ? events.filter((one) => one.entryId !== input.entryId) : [...events, event],
    );
  }

  /**
   * The family's open window gets `change` of its events (a new window, none, when a worker claimed
   * it meanwhile), and the text they make with `statement` for 'Correos' until it is sent.
   */
  private async tell(
    manager: EntityManager,
    familyId: number,
    statement: Statement,
    change: (events: MoneyEvent[]) => MoneyEvent[],
    { atOnce = false } = {},
  ) {
    if (!(await this.addressee(manager, familyId))) return;
    const now = new Date();
    const open = atOnce ? null : await this.outbox.openWindow(manager, KIND, familyId, now);
    if (open) {
      const events = change(open.events as MoneyEvent[]);
      if (
        events.length === 0
          ? await this.outbox.withholdWindow(manager, open.id, now)
          : await this.rewrite(manager, familyId, statement, events, open.id, now)
      )
        return;
    }
    const events = change([]);
    if (events.length === 0) return;
    const mail = await this.compose(manager, familyId, events, statement);
    if (!mail) return;
    await this.outbox.enqueue(
      manager,
      {
        ...mail,
        kind: KIND,
        familyId,
        events,
        sendAt: atOnce ? now : new Date(now.getTime() + this.config.moneyMailDelayMinutes * 60_000),
      },
      now,
    );
  }

  private async rewrite(manager: EntityManager, familyId: number, statement: Statement, events: MoneyEvent[], id: number, now: Date) {
    const mail = await this.compose(manager, familyId, events, statement);
    return mail !== null && this.outbox.rewriteWindow(manager, id, { ...mail, kind: KIND, familyId, events }, now);
  }

  /** The family, when it gets money e-mails. */
  private async addressee(manager: EntityManager, familyId: number) {
    const family = await this.families.byId(familyId, manager);
    return !family || family.noticeEmailsOff || addressProblem(family.email) ? null : family;
  }

  /**
   * The family's e-mail of `events`, with its statement now (or `statement`, read in the same
   * transaction): each event with its receipt, then the balance. Only this family's credits are read.
   */
  private async compose(manager: EntityManager, familyId: number, events: MoneyEvent[], statement?: Statement) {
    const family = await this.addressee(manager, familyId);
    if (!family || events.length === 0) return null;
    const entryIds = events.flatMap((event) => event.entryId ?? []);
    const [{ classYear }, credits, current] = await Promise.all([
      this.settings.columns(['classYear'], manager),
      entryIds.length === 0
        ? []
        : manager.find(LedgerEntryEntity, { select: { id: true, creditReceiptNumber: true }, where: { familyId, id: In(entryIds) } }),
      statement ?? this.statements.statement(familyId, manager),
    ]);
    const numberOf = new Map(credits.map((credit) => [credit.id, credit.creditReceiptNumber]));
    const alone = events.length === 1;
    const told = events.map((event) => {
      const text = eventText(event);
      // Every e-mail about a credit names its receipt (docs/payments.md 'Receipts of credits').
      const number = event.entryId === undefined ? null : (numberOf.get(event.entryId) ?? null);
      const receipt =
        number === null
          ? null
          : event.kind === 'reversion'
            ? `El recibo ${number} queda anulado.`
            : alone
              ? `Tu recibo: ${number}. Puedes verlo e imprimirlo en el portal, en Pagos.`
              : `Tu recibo: ${number}.`;
      return { ...text, receipt };
    });
    const mail = moneyMail({
      subject: alone ? told[0]!.subject : 'Movimientos en tu cuenta',
      events: told,
      payments: paymentsSentence(current),
      balance: balanceSentence(current),
      contactName: family.contactName,
      graduateName: family.graduateName,
      classYear,
      portalUrl: `${this.config.publicUrl}/parent/pagos`,
    });
    return { ...mail, to: family.email.trim(), cc: familyCopy(family) };
  }
}

/** What a slip pays, as a subject ('Primer Pago y Segundo Pago') and after 'tu comprobante' ('del primer pago y del segundo pago'). */
function slipOf(paysFor: PaymentNumber[]): { title: string; of: string } {
  if (paysFor.length === 0) return { title: 'Saldo a favor', of: 'para tu saldo a favor' };
  const list = (parts: string[]) => (parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)!}`);
  return {
    title: list(paysFor.map((paymentNumber) => PAYMENT_TITLES[paymentNumber])),
    of: list(paysFor.map((paymentNumber) => `del ${PAYMENT_TITLES[paymentNumber].toLowerCase()}`)),
  };
}
