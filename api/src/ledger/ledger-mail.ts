import { Inject, Injectable } from '@nestjs/common';
import { FAMILY_MESSAGES, PAYMENT_TITLES, type PaymentNumber, type Statement } from '@portal/contracts';
import { formatDayNumeric, formatQuetzales } from '@portal/format';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { FamilyStore } from '../families/family.store';
import { addressProblem } from '../mail/notice-mail.service';
import { OutboxService } from '../mail/outbox.service';
import { moneyMail } from '../mail/templates';
import { SettingsStore } from '../settings/settings.store';
import { LedgerEntryEntity } from './ledger-entry.entity';

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
 * Tells a family what the committee did with its money (a receipt verified or rejected, a credit
 * reversed), through the outbox in the same transaction. A family that turned the notice e-mails
 * off, or has no usable address, gets none.
 */
@Injectable()
export class LedgerMail {
  constructor(
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly families: FamilyStore,
    private readonly settings: SettingsStore,
  ) {}

  verified(
    manager: EntityManager,
    familyId: number,
    input: { entryId: number; paysFor: PaymentNumber[]; amount: number; statement: Statement },
  ) {
    const slip = slipOf(input.paysFor);
    return this.send(manager, familyId, input.entryId, {
      subject: `Comprobante verificado: ${slip.title}`,
      what: `El comité verificó tu comprobante ${slip.of}: recibimos ${formatQuetzales(input.amount)}`,
      balance: balanceSentence(input.statement),
    });
  }

  /** The family reads the committee's message to it, or the neutral default: never the internal reason. */
  rejected(
    manager: EntityManager,
    familyId: number,
    input: { paysFor: PaymentNumber[]; familyMessage: string | null; statement: Statement },
  ) {
    const slip = slipOf(input.paysFor);
    return this.send(manager, familyId, null, {
      subject: `Comprobante rechazado: ${slip.title}`,
      what: `El comité no pudo aceptar tu comprobante ${slip.of}; puedes subir uno nuevo en el portal`,
      message: input.familyMessage ?? FAMILY_MESSAGES.rejection,
      balance: balanceSentence(input.statement),
    });
  }

  deposited(manager: EntityManager, familyId: number, input: { entryId: number; amount: number; day: string; statement: Statement }) {
    return this.send(manager, familyId, input.entryId, {
      subject: 'Depósito recibido',
      what: `El comité encontró tu depósito del ${formatDayNumeric(input.day)} en el estado de cuenta del banco: recibimos ${formatQuetzales(input.amount)}`,
      balance: balanceSentence(input.statement),
    });
  }

  /** Money the committee recorded by hand (cash, a transfer checked by hand): told like a verified receipt. */
  recorded(
    manager: EntityManager,
    familyId: number,
    input: { entryId: number; paymentNumber: PaymentNumber; amount: number; statement: Statement },
  ) {
    const title = PAYMENT_TITLES[input.paymentNumber];
    return this.send(manager, familyId, input.entryId, {
      subject: `Pago registrado: ${title}`,
      what: `El comité registró tu pago del ${title.toLowerCase()}: recibimos ${formatQuetzales(input.amount)}`,
      balance: balanceSentence(input.statement),
    });
  }

  /**
   * A credit reversed: when the family's e-mail about it still waits for its window, that e-mail is
   * withheld and nothing is sent (the family never heard of the mistake); otherwise the family is
   * told, in the committee's words for it (`messageToFamily`), never the internal reason.
   */
  async reversed(
    manager: EntityManager,
    familyId: number,
    input: { entryId: number; amount: number; messageToFamily: string | null; statement: Statement },
  ) {
    if ((await this.outbox.withholdWaiting(manager, input.entryId)) > 0) return;
    return this.send(manager, familyId, input.entryId, {
      subject: 'Corrección en tu cuenta',
      annulled: true,
      what: `El comité corrigió un pago de ${formatQuetzales(input.amount)} registrado en tu cuenta`,
      message: input.messageToFamily,
      balance: balanceSentence(input.statement),
    });
  }

  private async send(
    manager: EntityManager,
    familyId: number,
    ledgerEntryId: number | null,
    content: { subject: string; what: string; message?: string | null; balance: string; annulled?: boolean },
  ) {
    const family = await this.families.byId(familyId, manager);
    if (!family || family.noticeEmailsOff || addressProblem(family.email)) return;
    const settings = await this.settings.columns(['classYear'], manager);
    // Every e-mail about a credit names its receipt (docs/payments.md 'Receipts of credits').
    const number =
      ledgerEntryId === null
        ? null
        : ((await manager.findOne(LedgerEntryEntity, { select: { id: true, creditReceiptNumber: true }, where: { id: ledgerEntryId } }))
            ?.creditReceiptNumber ?? null);
    const receipt =
      number === null
        ? null
        : content.annulled
          ? `El recibo ${number} queda anulado.`
          : `Tu recibo: ${number}. Puedes verlo e imprimirlo en el portal, en Pagos.`;
    const mail = moneyMail({
      subject: content.subject,
      what: content.what,
      message: content.message,
      balance: content.balance,
      receipt,
      contactName: family.contactName,
      graduateName: family.graduateName,
      classYear: settings.classYear,
      portalUrl: `${this.config.publicUrl}/parent/pagos`,
    });
    // Money e-mails wait for the window; a rejection (no money moved) goes at once.
    const sendAt = ledgerEntryId === null ? undefined : new Date(Date.now() + this.config.moneyMailDelayMinutes * 60_000);
    await this.outbox.enqueue(manager, {
      ...mail,
      kind: 'pago',
      to: family.email.trim(),
      ledgerEntryId: ledgerEntryId ?? undefined,
      sendAt,
    });
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
