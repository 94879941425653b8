// A treasurer's month, replayed from its files with two admins (two API instances on MariaDB):
// the November CSV applied (one line to the wrong family), a slip typed with another day and
// number, cash for the Sexto Pago, the wrong line undone inside the e-mail window while the other
// admin verifies and records, then the bank's own XLSX export overlapping the CSV. At the end
// every family's money is what the bank and the cash box hold, to the centavo; no family was
// written about another's money; the statements, the families list, the dashboard and the
// workbook say the same (decisions item 20, docs/payments.md).
import ExcelJS from 'exceljs';
import type { BankConfirmResult, BankPreview, BankPreviewLine, Family, Receipt, Statement, Stats } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { createFamily, createUser, sessionAgent } from './fixtures';
import { Agent, DATABASES, startApi, startSecondApi, type TestApi } from './harness';
import { BOUNDARY, multipart, PDF, upload } from './receipts-fixtures';

const AMOUNTS = [2950, 3400, 1500, 1500, 1000, 600];
const NAMES = ['Pineda', 'López', 'Castillo', 'Pérez', 'Ruiz', 'Morales'] as const;
type Name = (typeof NAMES)[number];

describe.each(DATABASES)("a treasurer's month with two admins (%s)", (kind) => {
  let api: TestApi;
  let second: TestApi | null = null;

  beforeAll(async () => {
    api = await startApi(kind, { MONEY_MAIL_DELAY_MINUTES: '10' });
    // Two instances behind a balancer on the production database; SQLite has one writer.
    if (kind === 'mariadb') second = await startSecondApi(api, { MONEY_MAIL_DELAY_MINUTES: '10' });
    for (const [index, amount] of AMOUNTS.entries()) {
      await api.dataSource
        .getRepository(PaymentDateEntity)
        .update({ id: (index + 1) as 1 }, { amountCentavos: amount * 100, twinsAmountCentavos: null });
    }
  });
  afterAll(async () => {
    await second?.close();
    await api.close();
  });

  it('ends with every family holding what the bank and the cash box hold, told only of its own money', async () => {
    const ana = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera Ana')).id);
    const betoOwn = await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidente Beto')).id);
    const beto = new Agent({ ...api, app: (second ?? api).app } as TestApi);
    for (const [name, value] of betoOwn.cookies) beto.cookies.set(name, value);

    const family = {} as Record<Name, { id: number; email: string }>;
    for (const name of NAMES) {
      family[name] = await createFamily(api, {
        graduateName: `Graduado ${name}`,
        contactName: `Contacto ${name}`,
        email: `${name}@example.com`
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .toLowerCase(),
      });
    }
    const reference = (name: Name) => paymentReference(2026, family[name].id);
    const preview = async (agent: Agent, app: TestApi['app'], data: Buffer, name: string) => {
      const cookie = [...agent.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
      const type = name.endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      const response = await app.inject({
        method: 'POST',
        url: '/api/bank-statements/preview',
        payload: multipart({}, { data, name, type }),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
      });
      expect(response.statusCode).toBe(200);
      return response.json<BankPreview>();
    };
    const decision = (line: BankPreviewLine, name: Name | null) => ({
      date: line.date,
      description: line.description,
      document: line.document,
      amountCentavos: line.amountCentavos,
      account: line.account,
      familyId: name === null ? null : family[name].id,
    });

    // 1. Ana applies the November CSV: Pérez's deposit, which names nobody, to Castillo by mistake.
    const csv = Buffer.from(
      'Fecha;No. Documento;Descripción;Crédito\n' +
        `25/11/2026;00048213377;TRANSF ACH INDUSTRIAL ${reference('Pineda')};Q 2,950.00\n` +
        '26/11/2026;55500011;DEPOSITO EFECTIVO AGENCIA ZONA 1;Q 3,000.00\n' +
        `27/11/2026;66600022;DEPOSITO ${reference('Ruiz')};Q 100.50\n`,
    );
    const november = await preview(ana, api.app, csv, 'noviembre.csv');
    const applied = await ana.post<BankConfirmResult>('/api/bank-statements/confirm', {
      lines: [decision(november.lines[0]!, 'Pineda'), decision(november.lines[1]!, 'Castillo'), decision(november.lines[2]!, 'Ruiz')],
    });
    expect(applied.body).toMatchObject({ applied: 3 });

    // 2. López's slip, typed with the wrong day and number; at once: Ana verifies it, Beto records
    //    Morales' cash for the Sexto Pago and undoes Castillo's credit inside the window.
    const lopezParent = await sessionAgent(api, (await createUser(api, 'parent', family['López'].email)).id);
    const slip = await upload(
      api,
      lopezParent,
      { paymentNumber: '1', amountDeclared: '777', depositDate: '2026-11-21', documentNumber: '1' },
      { data: PDF, name: 'boleta.pdf', type: 'application/pdf' },
    );
    expect(slip.statusCode).toBe(201);
    const castilloCredit = (await ana.get<Statement>(`/api/families/${family.Castillo.id}/statement`)).body.entries[0]!;
    const answers = await Promise.all([
      ana.post(`/api/payment-proofs/${slip.json<Receipt>().id}/verify`, { amountReceived: 777 }),
      beto.post(`/api/families/${family.Morales.id}/payments/6/cash`, { amountReceived: 600, method: 'efectivo' }),
      beto.post(`/api/ledger-entries/${castilloCredit.id}/reverse`, { reason: 'Era el depósito de la familia Pérez.' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 201, 200]);

    // 3. Beto imports the bank's own export a week later: another layout, dates as cells, the
    //    account named, overlapping the CSV; and the bank line of López's deposit.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Movimientos');
    sheet.addRow(['Estado de cuenta', 'Cuenta monetaria 001-234567-8']);
    sheet.addRow(['Fecha Valor', 'No. Doc', 'Concepto', 'Crédito (+)', 'Débito (-)']);
    sheet.addRow([new Date(Date.UTC(2026, 10, 20)), 88812345, `Deposito ${reference('López')}`, 777, null]);
    sheet.addRow([new Date(Date.UTC(2026, 10, 25)), 48213377, `Transf ACH Industrial ${reference('Pineda')}`, 2950, null]);
    sheet.addRow([new Date(Date.UTC(2026, 10, 26)), 55500011, 'Deposito efectivo agencia zona 1', 3000, null]);
    sheet.addRow([new Date(Date.UTC(2026, 11, 1)), 99900044, 'Comision manejo de cuenta', null, 25]);
    const bankExport = await preview(beto, (second ?? api).app, Buffer.from(await workbook.xlsx.writeBuffer()), 'movimientos.xlsx');
    const [lopezLine, pinedaLine, perezLine] = bankExport.lines;
    expect(bankExport.lines).toHaveLength(3);
    expect(pinedaLine).toMatchObject({ status: 'aplicada', imported: { graduateName: 'Graduado Pineda', fileName: 'noviembre.csv' } });
    expect(perezLine).toMatchObject({ status: 'nueva', imported: { state: 'pendiente' } });
    expect(lopezLine!.sameDeposit).toMatchObject({ familyId: family['López'].id });
    const again = await beto.post('/api/bank-statements/confirm', { lines: [decision(pinedaLine!, 'Pineda')] });
    expect(again.status).toBe(409);
    expect(again.text).toContain('Graduado Pineda');
    const second_ = await beto.post<BankConfirmResult>('/api/bank-statements/confirm', {
      lines: [decision(lopezLine!, 'López'), decision(perezLine!, 'Pérez')],
    });
    expect(second_.body).toMatchObject({ applied: 2, linked: 1 });

    // The money each family holds is what the bank and the cash box hold for it, to the centavo.
    const held: Record<Name, number> = { Pineda: 2950, López: 777, Castillo: 0, Pérez: 3000, Ruiz: 100.5, Morales: 600 };
    const statements = {} as Record<Name, Statement>;
    for (const name of NAMES) statements[name] = (await ana.get<Statement>(`/api/families/${family[name].id}/statement`)).body;
    expect(Object.fromEntries(NAMES.map((name) => [name, statements[name].totals.received]))).toEqual(held);
    expect(statements['López'].entries.filter((entry) => entry.kind === 'credito' && !entry.reversal)).toHaveLength(1);
    expect(statements.Morales.lines.find((line) => line.paymentNumber === 6)!.state).toBe('pagado');

    // Every screen says the same: the families list, the dashboard and the workbook.
    const list = (await beto.get<Family[]>('/api/families')).body;
    for (const name of NAMES) expect(list.find((row) => row.id === family[name].id)!.paymentAmount).toBe(held[name]);
    const total = Object.values(held).reduce((sum, amount) => sum + amount, 0);
    expect((await beto.get<Stats>('/api/stats')).body.moneyReceived).toBe(total);
    const report = new ExcelJS.Workbook();
    await report.xlsx.load((await ana.get('/api/payment-confirmations-report?format=xlsx')).rawBody as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    report.getWorksheet('Estado de cuenta')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const receivedAt = rows[0]!.indexOf('Recibido (Q)');
    for (const name of NAMES) {
      const row = rows.find((cells) => cells.includes(`Graduado ${name}`))!;
      expect([name, row[receivedAt]]).toEqual([name, held[name]]);
    }

    // No family is written about another's money; Castillo's e-mail was withheld before it went.
    const mails = await api.dataSource.getRepository(OutboxMessageEntity).find({ where: { kind: 'pago' }, order: { id: 'ASC' } });
    for (const mail of mails) {
      const owner = NAMES.find((name) =>
        mail.recipient.startsWith(
          name
            .normalize('NFD')
            .replace(/\p{Diacritic}/gu, '')
            .toLowerCase(),
        ),
      )!;
      for (const other of NAMES.filter((name) => name !== owner))
        expect([mail.recipient, mail.text]).not.toEqual([mail.recipient, expect.stringContaining(other)]);
    }
    expect(mails.filter((mail) => mail.recipient === family.Castillo.email).map((mail) => mail.status)).toEqual(['withheld']);
    expect(mails.filter((mail) => mail.recipient === family['Pérez'].email).map((mail) => mail.subject.split(' · ')[0])).toEqual([
      'Depósito recibido',
    ]);
  });
});
