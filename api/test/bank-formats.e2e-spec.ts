// Bank statements as Guatemala's banks write them: each bank's export read without a column
// mapping, the balance its own Saldo column ends on, the rows of an edited file whose Saldo does
// not follow, and two identical deposits of one day that are two deposits, not one seen twice.
import type { BankConfirmResult, BankLineDecision, Statement } from '@portal/contracts';
import { BankStatementReadEntity } from '../src/bank/bank-line.entity';
import { createFamily, createUser, sessionAgent, setPaymentAmounts } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { BANK_EXPORTS, INDUSTRIAL_OVERLAP } from './fixtures/bank/make-fixtures';
import { decisionFor, previewStatement } from './support/bank-statements';

describe.each(DATABASES)('bank statements as the banks write them (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  const preview = (data: Buffer, fields: Record<string, string> = {}, name = 'estado.csv') =>
    previewStatement(api, admin, data, fields, name);
  const confirm = (lines: BankLineDecision[]) => admin.post<BankConfirmResult>('/api/bank-statements/confirm', { lines });
  const bankCredits = async (familyId: number) =>
    (await admin.get<Statement>(`/api/families/${familyId}/statement`)).body.entries
      .filter((entry) => entry.source === 'banco' && !entry.reversal)
      .map((entry) => entry.amount);

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await sessionAgent(api, (await createUser(api, 'admin', 'tesoreria@example.com', 'Tesorera')).id);
    await setPaymentAmounts(api);
  });
  afterAll(() => api.close());

  it.each([...BANK_EXPORTS, INDUSTRIAL_OVERLAP].map((file) => [file.bank, file] as const))(
    "reads %s's export without a mapping: its deposits, and the balance its Saldo column ends on",
    async (_bank, file) => {
      const result = await preview(await file.bytes(), {}, file.fileName);
      expect(result.errors).toEqual([]);
      expect(result.account).toBe(file.account);
      expect(
        result.lines.map(({ date, amountCentavos, document, description }) => ({ date, amountCentavos, document, description })),
      ).toEqual(file.deposits);
      expect(result.closingBalance).toEqual(file.closingBalance);
      expect(result.balanceBreaks).toEqual([]);
    },
  );

  it('names the row of an edited export whose Saldo does not follow from the one before, in a file listed newest first', async () => {
    const bac = BANK_EXPORTS.find((file) => file.bank === 'BAC Credomatic')!;
    const text = (await bac.bytes()).toString('latin1');
    // Kevin Ortiz's transfer of Q1,500.00 on 04/11 (line 8) written as Q1,550.00, its Saldo left as it was.
    const edited = text.replace('"1,500.00","9,450.00"', '"1,550.00","9,450.00"');
    expect(edited).not.toBe(text);
    const result = await preview(Buffer.from(edited, 'latin1'), {}, 'bac-editado.csv');
    expect(result.balanceBreaks).toEqual([{ line: 8, expectedCentavos: 950000, foundCentavos: 945000 }]);
    expect(result.closingBalance).toEqual(bac.closingBalance);
  });

  it("reads the 'Saldo' column the committee chooses, and finds it by its name when the chosen columns do not say", async () => {
    const unknown = Buffer.from('Día,Texto,Entrada,Disponible\n13/11/2026,ABONO Marta Gómez,Q1500,"Q2,000.00"\n');
    const mapping = { date: 0, description: 1, document: null, credit: 2, debit: null, amount: null };
    const chosen = await preview(unknown, { mapping: JSON.stringify({ ...mapping, balance: 3 }), headerLine: '1' });
    expect(chosen.mapping.balance).toBe(3);
    expect(chosen.lines.map((line) => [line.amountCentavos, line.balanceCentavos])).toEqual([[150000, 200000]]);
    expect(chosen.closingBalance).toEqual({ date: '2026-11-13', amountCentavos: 200000 });
    // A client that does not send the balance: 'Saldo' found by its name.
    const named = Buffer.from('Día,Texto,Entrada,Saldo\n13/11/2026,ABONO,Q1500,"Q2,000.00"\n');
    const found = await preview(named, { mapping: JSON.stringify(mapping), headerLine: '1' });
    expect(found.mapping.balance).toBe(3);
  });

  it('previews two identical deposits of one day as two lines, applies them to two families, and an overlapping file repeats both as imported', async () => {
    const paz = (await createFamily(api, { contactName: 'Rosa Paz', graduateName: 'Diego Paz' })).id;
    const choc = (await createFamily(api, { contactName: 'Elsa Choc', graduateName: 'Ana Choc' })).id;
    // Two parents paid Q450 in cash at the same agency that day: no document number, one description.
    const cash = '20/11/2026;DEPOSITO EFECTIVO AGENCIA PRADERA;Q 450.00';
    const november = Buffer.from(`Fecha;Descripción;Crédito\n${cash}\n${cash}\n`);
    const first = await preview(november, {}, 'noviembre.csv');
    expect(first.lines.map((line) => [line.line, line.status, line.imported ?? null])).toEqual([
      [2, 'nueva', null],
      [3, 'nueva', null],
    ]);
    expect(first.lines[0]!.checksum).not.toBe(first.lines[1]!.checksum);
    expect(await api.dataSource.getRepository(BankStatementReadEntity).countBy({ day: '2026-11-20', amountCentavos: 45000 })).toBe(2);

    expect((await confirm([decisionFor(first.lines[0]!, paz)])).body).toMatchObject({ applied: 1, discarded: 0, linked: 0 });
    const again = await preview(november, {}, 'noviembre.csv');
    expect(again.lines.map((line) => [line.status, line.imported?.note])).toEqual([
      ['aplicada', expect.stringContaining('aplicada a Diego Paz')],
      ['nueva', expect.stringContaining('pendiente')],
    ]);
    expect((await confirm([decisionFor(again.lines[1]!, choc)])).body).toMatchObject({ applied: 1, discarded: 0, linked: 0 });
    expect([await bankCredits(paz), await bankCredits(choc)]).toEqual([[450], [450]]);

    // The bank's export of the week: the same two deposits and others around them.
    const week = Buffer.from(
      `Fecha;Descripción;Crédito\n19/11/2026;DEPOSITO EFECTIVO AGENCIA PRADERA;Q 300.00\n${cash}\n${cash}\n21/11/2026;DEPOSITO EFECTIVO AGENCIA PRADERA;Q 450.00\n`,
    );
    const overlap = await preview(week, {}, 'semana.csv');
    expect(overlap.lines.map((line) => [line.date, line.status, line.imported?.note ?? null])).toEqual([
      ['2026-11-19', 'nueva', null],
      ['2026-11-20', 'aplicada', expect.stringContaining('en noviembre.csv: aplicada a Diego Paz')],
      ['2026-11-20', 'aplicada', expect.stringContaining('en noviembre.csv: aplicada a Ana Choc')],
      ['2026-11-21', 'nueva', null],
    ]);
    expect(overlap.lines.slice(1, 3).map((line) => line.checksum)).toEqual(first.lines.map((line) => line.checksum));
    expect(await api.dataSource.getRepository(BankStatementReadEntity).countBy({ day: '2026-11-20', amountCentavos: 45000 })).toBe(2);
    // Neither is applied a second time, whichever of the two the committee clicks.
    const refused = await confirm([decisionFor(overlap.lines[2]!, paz)]);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('en noviembre.csv: aplicada a Diego Paz');
    expect([await bankCredits(paz), await bankCredits(choc)]).toEqual([[450], [450]]);
  });

  it('applies two identical deposits to two families in one confirmation', async () => {
    const [lara, mejia] = [
      (await createFamily(api, { contactName: 'Inés Lara', graduateName: 'Tomás Lara' })).id,
      (await createFamily(api, { contactName: 'Luz Mejía', graduateName: 'Sara Mejía' })).id,
    ];
    const cash = '22/11/2026;DEPOSITO EFECTIVO AGENCIA OBELISCO;Q 725.00';
    const { lines } = await preview(Buffer.from(`Fecha;Descripción;Crédito\n${cash}\n${cash}\n`));
    expect((await confirm([decisionFor(lines[0]!, lara), decisionFor(lines[1]!, mejia)])).body).toMatchObject({
      applied: 2,
      discarded: 0,
      linked: 0,
    });
    expect([await bankCredits(lara), await bankCredits(mejia)]).toEqual([[725], [725]]);
    const seen = await preview(Buffer.from(`Fecha;Descripción;Crédito\n${cash}\n${cash}\n`));
    expect(seen.lines.map((line) => line.imported?.graduateName)).toEqual(['Tomás Lara', 'Sara Mejía']);
  });
});
