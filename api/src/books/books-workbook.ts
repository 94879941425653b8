import type { Readable } from 'node:stream';
import type { Books, Expense, FamilyExpense, FamilyReport, Holding } from '@portal/contracts';
import { toCentavos, toQuetzales } from '@portal/format';
import { sheetOf, streamWorkbook, type Cell, type SheetLayout } from '../spreadsheets/spreadsheet-stream';

/** A calendar day as a spreadsheet date (UTC midnight: spreadsheet dates have no time zone). */
const day = (value: string) => new Date(`${value}T00:00:00Z`);
const KIND = {
  gasto: 'Gasto',
  anticipo: 'Anticipo',
  devolucion: 'Devolución del proveedor',
  comision: 'Comisión bancaria',
  ingreso: 'Otro ingreso',
  interes: 'Intereses del banco',
  compromiso: 'Compromiso',
  saldo: 'Saldo de la promoción anterior',
  cierre: 'Saldo pasado al cerrar',
  traspaso: 'Traspaso entre cuentas',
  reembolso: 'Reembolso a un miembro',
  reversion: 'Reversión',
} as const;
/** a - b of two amounts in quetzales, in centavos so no float drift reaches the sheet. */
const minus = (a: number, b: number) => toQuetzales(toCentavos(a) - toCentavos(b));
const METHOD = { transferencia: 'Transferencia', cheque: 'Cheque', efectivo: 'Efectivo', miembro: 'Pagado por un miembro' } as const;

export const BOOKS_REPORT = {
  title: 'Informe de rendición de cuentas',
  filePrefix: 'informe-rendicion-de-cuentas',
} as const;

type SummaryRow = [string, Cell];

const SUMMARY: SheetLayout<SummaryRow> = {
  name: 'Resumen',
  columns: [
    { header: 'Concepto', width: 44 },
    { header: 'Monto', width: 16 },
  ],
  cells: (row) => row,
};

const BUDGET: SheetLayout<Books['categories'][number]> = {
  name: 'Presupuesto vs. real',
  columns: [
    { header: 'Categoría', width: 28 },
    { header: 'Presupuesto', width: 14 },
    { header: 'Gastado', width: 14 },
    { header: 'Disponible', width: 14 },
  ],
  cells: (row) => [row.category, { quetzales: row.budgeted }, { quetzales: row.spent }, { quetzales: minus(row.budgeted, row.spent) }],
};

const expensesSheet = (invoiceUrl: (id: number) => string): SheetLayout<Expense> => ({
  name: 'Gastos',
  columns: [
    { header: 'No.', width: 6 },
    { header: 'Fecha', width: 12 },
    { header: 'Tipo', width: 16 },
    { header: 'Categoría', width: 20 },
    { header: 'Proveedor', width: 24 },
    { header: 'Concepto', width: 30 },
    { header: 'Monto', width: 12 },
    { header: 'Forma de pago', width: 14 },
    { header: 'NIT', width: 12 },
    { header: 'Serie FEL', width: 12 },
    { header: 'Número FEL', width: 14 },
    { header: 'Autorización FEL', width: 38 },
    { header: 'Estado', width: 24 },
    { header: 'Registrado por', width: 20 },
    { header: 'Aprobado por', width: 20 },
    { header: 'Factura', width: 50 },
    { header: 'Motivo de la reversión', width: 30 },
  ],
  cells: (row) => [
    row.id,
    day(row.date),
    KIND[row.kind],
    row.category,
    row.supplier,
    row.concept,
    { quetzales: row.amount },
    METHOD[row.method],
    row.nit ?? '',
    row.felSeries ?? '',
    row.felNumber ?? '',
    row.felUuid ?? '',
    row.reversal ? `Revertido (#${row.reversal.id})` : row.state === 'aprobado' ? 'Aprobado' : 'Pendiente de aprobación',
    row.createdBy,
    row.approvedBy ?? '',
    row.hasInvoice ? invoiceUrl(row.id) : '',
    row.reason ?? row.reversal?.reason ?? '',
  ],
});

const BY_MONTH: SheetLayout<Books['receivedByMonth'][number]> = {
  name: 'Ingresos por mes',
  columns: [
    { header: 'Mes', width: 12 },
    { header: 'Recibido de las familias', width: 24 },
  ],
  cells: (row) => [row.month, { quetzales: row.amount }],
};

const HOLDINGS: SheetLayout<Holding> = {
  name: 'Saldos registrados',
  columns: [
    { header: 'Fecha', width: 12 },
    { header: 'Dónde', width: 10 },
    { header: 'Monto', width: 14 },
    { header: 'Saldo según el portal entonces', width: 28 },
    { header: 'Diferencia entonces', width: 20 },
    { header: 'Nota', width: 30 },
    { header: 'Registrado por', width: 20 },
  ],
  cells: (row) => [
    day(row.asOf),
    row.kind === 'banco' ? 'Banco' : 'Caja',
    { quetzales: row.amount },
    { quetzales: row.expectedThen },
    { quetzales: row.differenceThen },
    row.note,
    row.createdBy,
  ],
};

type BudgetLineRow = { version: number; approvedOn: string; acta: string; category: string; amount: number };
const VERSIONS: SheetLayout<BudgetLineRow> = {
  name: 'Versiones del presupuesto',
  columns: [
    { header: 'Versión', width: 9 },
    { header: 'Aprobado el', width: 12 },
    { header: 'Acta', width: 30 },
    { header: 'Categoría', width: 24 },
    { header: 'Monto', width: 14 },
  ],
  cells: (row) => [row.version, day(row.approvedOn), row.acta, row.category, { quetzales: row.amount }],
};

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}

/**
 * Money in, money out and the balance, as every summary says them: other income on its own line
 * when there is some (a report frozen before it existed has none).
 */
function balanceRows(totals: Books['totals']): SummaryRow[] {
  const other = totals.otherIncome ?? 0;
  const passedOn = totals.passedOn ?? 0;
  // Spent but still in the accounts until the member is paid back.
  const owed = totals.owedToMembers ?? 0;
  const parts = [...(totals.opening > 0 ? ['anterior'] : []), 'recibido', ...(other !== 0 ? ['otros ingresos'] : [])];
  const balance = [
    `Saldo (${parts.join(' + ')} - gastado${owed > 0 ? ' + por reembolsar' : ''})`,
    { quetzales: toQuetzales(toCentavos(totals.balance) + toCentavos(passedOn)) },
  ];
  return [
    ...(totals.opening > 0 ? [['Saldo de la promoción anterior', { quetzales: totals.opening }] as SummaryRow] : []),
    ['Recibido de las familias', { quetzales: totals.received }],
    ...(other !== 0 ? [['Otros ingresos (rifas, donaciones, intereses)', { quetzales: other }] as SummaryRow] : []),
    ['Gastado (aprobado)', { quetzales: totals.spent }],
    ...(owed > 0 ? [['Por reembolsar a miembros del comité', { quetzales: owed }] as SummaryRow] : []),
    // The balance at the closing is what it passed on: money that left the class, not money spent.
    passedOn > 0 ? (['Saldo al cierre (entregado al cerrar la promoción)', balance[1]] as SummaryRow) : (balance as SummaryRow),
    ...(passedOn > 0 ? [['Saldo después del cierre', { quetzales: totals.balance }] as SummaryRow] : []),
  ];
}

/** The rows of the 'Resumen' sheet: the totals every family sees, and the checks against what is held. */
export function summaryRows(books: Books): SummaryRow[] {
  const pending = books.expenses.filter((row) => row.state === 'pendiente' && !row.reversal && row.kind !== 'reversion');
  return [
    ...balanceRows(books.totals),
    ['Presupuesto', { quetzales: books.totals.budgeted }],
    ['Pendiente de aprobación', { quetzales: toQuetzales(pending.reduce((sum, row) => sum + toCentavos(row.amount), 0)) }],
    [`En banco${books.held?.bank ? ` (al ${books.held.bank.asOf})` : ''}`, { quetzales: books.held?.bank?.amount ?? null }],
    [`En caja${books.held?.cash ? ` (al ${books.held.cash.asOf})` : ''}`, { quetzales: books.held?.cash?.amount ?? null }],
    ['Diferencia (banco y caja - saldo)', { quetzales: books.held?.difference ?? null }],
    // Owed to suppliers, not spent yet (docs/books.md 'Commitments').
    ['Compromisos por pagar', { quetzales: books.totals.committed }],
  ];
}

/** 'Informe de rendición de cuentas': the summary first (what a CSV of the file shows), then the detail. */
export function booksWorkbook(books: Books, invoiceUrl: (id: number) => string, onError: (error: unknown) => void): Readable {
  const versions = [...books.budgets]
    .reverse()
    .flatMap((budget) =>
      budget.lines.map((line) => ({ version: budget.version, approvedOn: budget.approvedOn, acta: budget.acta, ...line })),
    );
  return streamWorkbook(
    [
      sheetOf(SUMMARY, once(summaryRows(books))),
      sheetOf(BUDGET, once(books.categories)),
      sheetOf(expensesSheet(invoiceUrl), once([...books.expenses].reverse())),
      sheetOf(BY_MONTH, once(books.receivedByMonth)),
      sheetOf(HOLDINGS, once([...books.holdings].reverse())),
      sheetOf(VERSIONS, once(versions)),
    ],
    onError,
  );
}

/** The families' 'Gastos': approved money out, each row as families read it (no internal reason). */
const familyExpensesSheet = (invoiceUrl: (id: number) => string): SheetLayout<FamilyExpense> => ({
  name: 'Gastos',
  columns: [
    { header: 'No.', width: 6 },
    { header: 'Fecha', width: 12 },
    { header: 'Tipo', width: 16 },
    { header: 'Categoría', width: 20 },
    { header: 'Proveedor', width: 24 },
    { header: 'Concepto', width: 30 },
    { header: 'Monto', width: 12 },
    { header: 'Forma de pago', width: 14 },
    { header: 'NIT', width: 12 },
    { header: 'Serie FEL', width: 12 },
    { header: 'Número FEL', width: 14 },
    { header: 'Autorización FEL', width: 38 },
    { header: 'Estado', width: 14 },
    { header: 'Factura', width: 50 },
    { header: 'Nota del comité', width: 30 },
  ],
  cells: (row) => [
    row.id,
    day(row.date),
    KIND[row.kind],
    row.category,
    row.supplier,
    row.concept,
    { quetzales: row.amount },
    METHOD[row.method],
    row.nit ?? '',
    row.felSeries ?? '',
    row.felNumber ?? '',
    row.felUuid ?? '',
    row.reversal ? 'Revertido' : 'Aprobado',
    row.hasInvoice ? invoiceUrl(row.id) : '',
    row.message ?? row.reversal?.message ?? '',
  ],
});

/**
 * The closed class's report as families download it (decisions items 24 and 25): its totals, the
 * budget against what was spent, the approved money out as families read it, and money in by month;
 * nothing pending, nothing the committee wrote for itself.
 */
export function familiesWorkbook(report: FamilyReport, invoiceUrl: (id: number) => string, onError: (error: unknown) => void): Readable {
  const { totals } = report;
  const summary: SummaryRow[] = [
    ...balanceRows(totals),
    ['Presupuesto', { quetzales: totals.budgeted }],
    // A report frozen before the balance passed on was its own kind says it apart (balanceRows says it now).
    ...(totals.passedOn === undefined ? [['Saldo al cierre', { quetzales: report.balanceGiven }] as SummaryRow] : []),
  ];
  return streamWorkbook(
    [
      sheetOf(SUMMARY, once(summary)),
      sheetOf(BUDGET, once(report.categories)),
      sheetOf(familyExpensesSheet(invoiceUrl), once([...report.expenses].reverse())),
      sheetOf(BY_MONTH, once(report.receivedByMonth)),
    ],
    onError,
  );
}
