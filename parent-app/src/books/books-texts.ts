// Every text of 'Cuentas del comité' (what every family sees of the committee's books).
import { formatQuetzales } from '@portal/format';

export const booksTexts = {
  final: {
    title: (className: string) => `La ${className} está cerrada: informe final`,
    closed: (when: string, proposer: string, approver: string) =>
      `El comité la cerró el ${when}: lo propuso ${proposer} y lo aprobó ${approver}.`,
    destinations: {
      familias: 'El saldo se devuelve a las familias, en proporción a lo que pagó cada una',
      colegio: 'El saldo se entregó al colegio',
      siguiente: 'El saldo pasa a la promoción siguiente',
    },
    share: (share: number, paid: number) => `A tu familia le corresponden ${formatQuetzales(share)} (pagaste ${formatQuetzales(paid)}).`,
    readUntil: (day: string) => `Puedes consultar la promoción hasta el ${day}.`,
    download: 'Descargar el informe final (Excel)',
  },
  intro: 'En qué se gastó el dinero de la promoción: cada gasto con su factura, contra el presupuesto que aprobó el comité.',
  received: 'Recibido de todas las familias',
  opening: 'Saldo de la promoción anterior',
  otherIncome: 'Otros ingresos',
  passedOn: 'Saldo entregado al cerrar',
  income: 'Otros ingresos',
  incomeNote: 'Dinero que no son pagos de las familias: rifas, donaciones, patrocinios, intereses del banco.',
  spent: 'Gastado',
  balance: 'Saldo del comité',
  categories: 'Presupuesto y gastos por categoría',
  noBudget: 'El comité aún no ha publicado el presupuesto.',
  budgetFrom: (version: number, approvedOn: string, acta: string) => `Presupuesto versión ${version}, aprobado el ${approvedOn} (${acta}).`,
  of: (spent: number, budgeted: number) =>
    budgeted > 0 ? `${formatQuetzales(spent)} de ${formatQuetzales(budgeted)}` : `${formatQuetzales(spent)} (sin presupuesto)`,
  bar: (category: string, spent: number, budgeted: number) =>
    budgeted > 0
      ? `${category}: gastado ${formatQuetzales(spent)} de ${formatQuetzales(budgeted)} (${Math.round((spent / budgeted) * 100)} %)`
      : `${category}: gastado ${formatQuetzales(spent)}, sin presupuesto`,
  expenses: 'Gastos e ingresos',
  noExpenses: 'El comité aún no ha registrado gastos.',
  new: 'Nuevo',
  kinds: {
    gasto: 'Gasto',
    anticipo: 'Anticipo a proveedor',
    devolucion: 'Devolución del proveedor',
    comision: 'Comisión bancaria',
    ingreso: 'Otro ingreso',
    interes: 'Intereses del banco',
    compromiso: 'Compromiso',
    saldo: 'Saldo de la promoción anterior',
    cierre: 'Saldo pasado al cerrar la promoción',
    // Never listed to families (a transfer moves no total); named for the type's sake.
    traspaso: 'Traspaso entre cuentas',
    // Never listed to families (the advance it pays back is the row they see); named for the type's sake.
    reembolso: 'Reembolso a un miembro',
    reversion: 'Corrección',
  },
  reversed: (message: string) => `Revertido: ${message}`,
  correction: (message: string) => `Corrección de un gasto: ${message}`,
  invoice: 'Ver factura',
  invoiceOf: (supplier: string) => `Factura de ${supplier}`,
  noInvoice: 'Sin factura',
  fel: (series: string | null, number: string | null) => `FEL ${[series, number].filter(Boolean).join(' ')}`,
  approvedBy: (name: string) => `Aprobado por ${name}`,
  recordedBy: (name: string) => `Registrado por ${name}`,
  noSecondApproval: 'Sin segunda aprobación (no pasaba del monto)',
  threshold: (amount: number, required: boolean) =>
    required
      ? `Cada gasto de más de ${formatQuetzales(amount)}, o que con otros pagos al mismo proveedor en 30 días pasa de ese monto, cuenta solo cuando lo aprueba una segunda persona del comité, distinta de quien lo registró.`
      : 'El comité desactivó la segunda aprobación de gastos, con el acuerdo de dos de sus miembros.',
  ask: 'Preguntar',
  question: 'Tu pregunta al comité',
  questionHint: 'El comité responde aquí; la respuesta la ven todas las familias (sin tu nombre).',
  send: 'Enviar pregunta',
  cancel: 'Cancelar',
  sent: 'Pregunta enviada',
  sentText: 'El comité la responderá aquí.',
  failed: 'No se pudo enviar la pregunta',
  yourQuestion: 'Tu pregunta',
  aFamily: 'Una familia preguntó',
  waiting: 'Esperando respuesta del comité.',
  answer: (by: string) => `Respuesta de ${by}`,
  collection: 'Lo que falta por cobrar',
  collectionClosed: 'Lo cobrado',
  noMoreCollection: (className: string) => `La ${className} cerró: ya no se cobra lo que faltó.`,
  collectedOf: (collected: number, expected: number) => `${formatQuetzales(collected)} de ${formatQuetzales(expected)}`,
  collectedBar: (collected: number, expected: number) =>
    `Cobrado: ${formatQuetzales(collected)} de ${formatQuetzales(expected)} (${expected > 0 ? Math.round((collected / expected) * 100) : 0} %)`,
  // While payments have no amount, what they will ask is not counted yet: never 'nothing left'.
  toCollect: (left: number, unpriced: number) => {
    const unknown = unpriced === 1 ? '1 pago aún tiene el monto por definir' : `${unpriced} pagos aún tienen el monto por definir`;
    if (unpriced === 0) return left > 0 ? `Faltan ${formatQuetzales(left)} por cobrar.` : 'No falta nada por cobrar.';
    return left > 0 ? `Faltan ${formatQuetzales(left)} por cobrar; además, ${unknown}.` : `Por ahora no falta nada por cobrar: ${unknown}.`;
  },
  upToDate: (count: number, families: number, unpriced: number) =>
    `${count} de ${families} ${families === 1 ? 'familia está al día' : 'familias están al día'}${unpriced > 0 ? ' por ahora' : ''} con sus pagos.`,
  collectionNote: 'Todas las familias juntas, sin nombres: cada familia ve su propia cuenta en «Pagos».',
  commitments: 'Compromisos del comité',
  commitmentsNote: 'Lo que el comité ya acordó pagar a un proveedor. Cuenta como gasto cuando se paga.',
  committed: (amount: number) => `Comprometido: ${formatQuetzales(amount)} (aún no es gasto)`,
  outstanding: (left: number, amount: number) => `${formatQuetzales(left)} por pagar de ${formatQuetzales(amount)}`,
  due: (day: string) => `Vence el ${day}`,
} as const;
