// The money rules the ledger's random sequences check after every step
// (ledger-invariants.e2e-spec.ts, whose header lists them), on the class a sequence made.
import ExcelJS from 'exceljs';
import { toCentavos } from '@portal/format';
import type { Family, LedgerEntry, Receipt, Stats, Statement } from '@portal/contracts';
import { BankLineEntity, BankStatementReadEntity } from '../../src/bank/bank-line.entity';
import { allocate, depositKey, readPaysFor } from '../../src/payments/allocation';
import { LedgerEntryEntity } from '../../src/ledger/ledger-entry.entity';
import { ReceiptEntity } from '../../src/receipts/receipt.entity';
import type { Agent, TestApi } from '../harness';

/** A sequence's class: its families (ids), the parents of the first two, and two admins. */
export interface MoneyClass {
  api: TestApi;
  admins: Agent[];
  parents: Agent[];
  families: number[];
}

export const receiptsOf = async ({ api, families }: MoneyClass) =>
  api.dataSource.getRepository(ReceiptEntity).find({ where: families.map((familyId) => ({ familyId })), order: { id: 'ASC' } });
export const entriesOf = async ({ api, families }: MoneyClass) =>
  api.dataSource.getRepository(LedgerEntryEntity).find({ where: families.map((familyId) => ({ familyId })), order: { id: 'ASC' } });

export async function checkMoneyRules(money: MoneyClass): Promise<void> {
  const { api, admins, parents, families } = money;
  const [entries, receipts, lines] = await Promise.all([
    entriesOf(money),
    receiptsOf(money),
    api.dataSource.getRepository(BankLineEntity).find({ where: families.map((familyId) => ({ familyId })) }),
  ]);
  const standing = entries.filter((entry) => entry.kind === 'credito' && entry.reversedById === null);
  const statements = await Promise.all(families.map(async (id) => (await admins[0]!.get<Statement>(`/api/families/${id}/statement`)).body));
  for (const [index, statement] of statements.entries()) {
    const familyId = families[index]!;
    const sum = standing.filter((entry) => entry.familyId === familyId).reduce((total, entry) => total + entry.amount, 0);
    const all = entries.filter((entry) => entry.familyId === familyId).reduce((total, entry) => total + entry.amount, 0);
    // The entries hold centavos; the statement shows quetzales.
    expect(toCentavos(statement.totals.received)).toBe(sum);
    expect(all).toBe(sum);
    expect(statement.entries.map((entry: LedgerEntry) => entry.id)).toEqual(
      entries.filter((entry) => entry.familyId === familyId).map((entry) => entry.id),
    );
    for (const line of statement.lines) {
      if (line.state === 'pagado') expect(line.balance).toBe(0);
      if (line.state === 'parcial') expect(line.received).toBeGreaterThan(0);
      if (line.state === 'pendiente') expect(line.received).toBe(0);
      if (line.balance !== null) expect(line.balance).toBeGreaterThanOrEqual(0);
    }
    const allocated = statement.lines.reduce((total, line) => total + toCentavos(line.received), 0);
    expect(allocated + toCentavos(statement.totals.credit)).toBe(sum);
  }
  // What the family said a slip pays stays on the credit that holds it, and pays those
  // payments first: each statement is the allocation of its standing credits, in their order.
  for (const receipt of receipts.filter((row) => row.state === 'verificado')) {
    // Cash the committee recorded for a payment keeps its own; a bank line's credit takes the slip's.
    const own = standing.find((entry) => entry.receiptId === receipt.id && (entry.source !== 'efectivo' || entry.paymentNumber === null));
    if (own) expect(readPaysFor(own.paysFor, own.paymentNumber)).toEqual(readPaysFor(receipt.paysFor, receipt.paymentNumber));
  }
  for (const [index, statement] of statements.entries()) {
    const charges = statement.lines.map((line) => ({
      paymentNumber: line.paymentNumber,
      dueDate: line.dueDate,
      expected: line.expected === null ? null : toCentavos(line.expected),
    }));
    const credits = standing
      .filter((entry) => entry.familyId === families[index])
      .map((entry) => ({ amount: entry.amount, paysFor: readPaysFor(entry.paysFor, entry.paymentNumber) }));
    expect(statement.lines.map((line) => toCentavos(line.received))).toEqual(
      allocate(charges, credits, '2000-01-01').lines.map((line) => line.received),
    );
  }
  // A deposit is credited at most once.
  const keys = standing.map((entry) => depositKey(entry.documentNumber, entry.amount, entry.depositDate)).filter((key) => key !== null);
  expect(new Set(keys).size).toBe(keys.length);
  // Every verified receipt and every applied line stands behind exactly one standing credit.
  for (const receipt of receipts.filter((row) => row.state === 'verificado')) {
    expect(standing.filter((entry) => entry.receiptId === receipt.id)).toHaveLength(1);
  }
  for (const receipt of receipts.filter((row) => row.state !== 'verificado')) {
    expect(standing.filter((entry) => entry.receiptId === receipt.id)).toHaveLength(0);
  }
  const applied = lines.filter((line) => line.state === 'aplicada');
  for (const line of applied) expect(standing.filter((entry) => entry.bankLineId === line.id)).toHaveLength(1);
  // No applied line points to a reversed credit; a line is applied once, and its kept fact says so.
  for (const line of applied) expect(standing.map((entry) => entry.id)).toContain(line.entryId);
  expect(new Set(applied.map((line) => line.checksum)).size).toBe(applied.length);
  const facts = await api.dataSource.getRepository(BankStatementReadEntity).find();
  for (const line of applied)
    expect(facts.find((fact) => fact.checksum === line.checksum)).toMatchObject({ state: 'aplicada', lineId: line.id });
  for (const fact of facts.filter((row) => row.state === 'aplicada' && lines.some((line) => line.id === row.lineId)))
    expect(applied.map((line) => line.id)).toContain(fact.lineId);
  // All the money: applied lines + verified receipts not linked to a line + money by hand.
  const total = standing.reduce((sum, entry) => sum + entry.amount, 0);
  const fromLines = applied.reduce((sum, line) => sum + line.amountCentavos, 0);
  const fromReceipts = standing
    .filter((entry) => entry.receiptId !== null && entry.bankLineId === null)
    .reduce((sum, entry) => sum + entry.amount, 0);
  const byHand = standing.filter((entry) => entry.source === 'efectivo').reduce((sum, entry) => sum + entry.amount, 0);
  expect(total).toBe(fromLines + fromReceipts + byHand);

  // Every screen agrees: the parent's statement, the families list, the dashboard and the workbook.
  for (const [index, parent] of parents.entries()) {
    const mine = (await parent.get<Statement>('/api/my-family/statement')).body;
    expect(mine.totals).toEqual(statements[index]!.totals);
    expect(mine.lines.map((line) => line.state)).toEqual(statements[index]!.lines.map((line) => line.state));
    const listed = (await parent.get<Receipt[]>('/api/my-family/payment-proofs')).body;
    expect(listed.map((receipt) => receipt.id)).toEqual(receipts.filter((row) => row.familyId === families[index]).map((row) => row.id));
  }
  const list = (await admins[1]!.get<Family[]>('/api/families')).body;
  for (const [index, statement] of statements.entries()) {
    expect(list.find((row) => row.id === families[index])!.hasPaid).toBe(statement.paid);
  }
  const everyone = (await admins[1]!.get<Family[]>('/api/families')).body;
  const allStatements = await Promise.all(
    everyone.map(async (row) => (await admins[1]!.get<Statement>(`/api/families/${row.id}/statement`)).body),
  );
  const stats = (await admins[1]!.get<Stats>('/api/stats')).body;
  expect(stats.paymentsReceived).toBe(allStatements.filter((statement) => statement.paid).length);
  expect(toCentavos(stats.moneyReceived)).toBe(allStatements.reduce((sum, statement) => sum + toCentavos(statement.totals.received), 0));
  for (const progress of stats.paymentProgress) {
    const paidIt = allStatements.filter(
      (statement) => statement.lines.find((line) => line.paymentNumber === progress.paymentNumber)!.state === 'pagado',
    );
    expect(progress.verifiedFamilies).toBe(paidIt.length);
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await admins[0]!.get('/api/payment-confirmations-report?format=xlsx')).rawBody as unknown as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet('Estado de cuenta')!;
  for (const statement of statements) {
    let found = false;
    sheet.eachRow((row, number) => {
      if (number === 1 || row.getCell(1).value !== statement.graduateName) return;
      found = true;
      expect(row.getCell(6).value).toBe(statement.totals.received);
      expect(row.getCell(7).value).toBe(statement.totals.balance);
    });
    expect(found).toBe(true);
  }
}
