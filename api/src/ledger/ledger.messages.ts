import { formatQuetzales } from '@portal/format';

export const LEDGER_MESSAGES = {
  familyNotFound: 'No encontramos esa familia.',
  entryNotFound: 'No encontramos ese movimiento.',
  creditReceiptNotFound: 'No encontramos ese recibo.',
  notACredit: 'Solo se revierte un crédito; una reversión no se revierte: registra el pago de nuevo.',
  alreadyReversed: (by: string) => `${by} ya revirtió este crédito. Si el dinero sí llegó, regístralo de nuevo.`,
  depositTaken: (graduateName: string, source: string) =>
    `Ese depósito (mismo número de documento, monto y fecha) ya está acreditado a la familia de ${graduateName} por ${source}. ` +
    'Si era de otra familia, revierte ese crédito primero.',
  creditGone: 'El crédito de ese depósito acaba de revertirse o de unirse a otro comprobante o línea. Vuelve a cargar y decide de nuevo.',
  familyHasMoney: (amount: number) =>
    `Esta familia tiene ${formatQuetzales(amount)} recibidos en su cuenta. Revierte sus créditos (con el motivo) antes de eliminarla.`,
} as const;

/** How each source is named in messages and e-mails. */
export const SOURCE_NAMES = {
  comprobante: (receiptId: number | null) => (receiptId === null ? 'un comprobante verificado' : `el comprobante verificado #${receiptId}`),
  banco: (bankLineId: number | null) => (bankLineId === null ? 'una línea del banco' : `la línea del banco #${bankLineId}`),
  efectivo: () => 'un pago registrado por el comité',
} as const;
