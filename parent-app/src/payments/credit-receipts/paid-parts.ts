import { PAYMENT_TITLES, type CreditReceipt } from '@portal/contracts';
import { formatQuetzales } from '@portal/format';
import { paymentTexts } from '../payment-texts';

/** What a receipt paid, part by part: 'Primer Pago' or 'Saldo a favor', with its amount. */
export function paidParts(receipt: Pick<CreditReceipt, 'paid'>): Array<{ key: string; what: string; amount: string }> {
  return receipt.paid.map((part) => ({
    key: String(part.paymentNumber ?? 'saldo'),
    what: part.paymentNumber === null ? paymentTexts.creditReceipts.surplus : PAYMENT_TITLES[part.paymentNumber],
    amount: formatQuetzales(part.amount),
  }));
}
