// The money rules that span features (decisions item 20, docs/payments.md), checked after every
// step of random sequences of real operations: uploads, verifications, rejections, deletions,
// bank imports applied to any family, re-imports, cash, own amounts, reversals, two admins at once.
//   - each family's received total is the sum of its standing credits;
//   - a deposit (document number + amount + day) is credited at most once;
//   - all the money = applied bank lines + verified receipts not linked to a line + money by hand;
//   - every verified receipt and every applied line stands behind exactly one standing credit;
//   - no payment reads 'pagado' with a balance, nor 'parcial' without money;
//   - the dashboard, the statements (admin's and parent's), the families list and the workbook agree.
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { toCentavos, toQuetzales } from '@portal/format';
import type { BankPreview, Family, LedgerEntry, Receipt, Stats, Statement } from '@portal/contracts';
import { paymentReference } from '../src/bank/reference';
import { BankLineEntity, BankStatementReadEntity } from '../src/bank/bank-line.entity';
import { depositKey } from '../src/ledger/allocation';
import { LedgerEntryEntity } from '../src/ledger/ledger-entry.entity';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { ReceiptEntity } from '../src/receipts/receipt.entity';
import { createFamily, createUser, sessionAgent } from './fixtures';
import { Agent, DATABASES, startApi, startSecondApi, type TestApi } from './harness';
import { BOUNDARY, multipart, PDF, upload } from './receipts-fixtures';

const AMOUNTS = [2950, 3400, 1500, 1500, 1000, 1000];
// Few values, so that the same deposit comes back often: as a slip, a bank line, a repeat; one
// with centavos, kept to the centavo on every path.
const DEPOSIT_AMOUNTS = [2950, 3400, 450.75];
const DOCUMENTS = ['48213377', '', '100231'];
const DAYS = ['2026-09-20', '2026-09-21'];
/** Two different files: the same one twice is a repeat. */
const FILES = [PDF, Buffer.from(PDF.toString('latin1').replace('%PDF-1.4\n', '%PDF-1.4\n%otra copia\n'), 'latin1')];

type Op =
  | { op: 'upload'; family: number; payment: number; amount: number; document: number; day: number; file: number }
  | { op: 'verify'; pick: number; amount: number | null; admin: number }
  | { op: 'reject'; pick: number }
  | { op: 'delete'; pick: number }
  | { op: 'bank'; amount: number; document: number; day: number; family: number | null; reference: number | null }
  | { op: 'reimport'; pick: number; family: number | null }
  | { op: 'cash'; family: number; amount: number; note: string }
  | { op: 'override'; family: number; payment: number; amount: number }
  | { op: 'reverse'; pick: number; receipt: 'en_revision' | 'rechazado' }
  | { op: 'twoVerify'; pick: number }
  | { op: 'twoReverse'; pick: number }
  | { op: 'twoBank'; amount: number; family: number }
  | { op: 'forged'; family: number };

const family = fc.integer({ min: 0, max: 2 });
/** Mostly the first value of a pool. */
const mostlyFirst = (max: number) =>
  fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.integer({ min: 0, max }), weight: 1 });
const OPS: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('upload' as const),
      family: fc.integer({ min: 0, max: 1 }),
      payment: fc.integer({ min: 1, max: 6 }),
      amount: mostlyFirst(2).map((index) => DEPOSIT_AMOUNTS[index]!),
      document: mostlyFirst(2),
      day: mostlyFirst(1),
      file: fc.integer({ min: 0, max: 1 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('verify' as const),
      pick: fc.nat(),
      amount: fc.option(fc.constantFrom(...DEPOSIT_AMOUNTS), { freq: 3 }),
      admin: fc.integer({ min: 0, max: 1 }),
    }),
  },
  fc.record({ op: fc.constant('reject' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('bank' as const),
      amount: mostlyFirst(2).map((index) => DEPOSIT_AMOUNTS[index]!),
      document: mostlyFirst(2),
      day: mostlyFirst(1),
      family: fc.option(family, { freq: 5 }),
      reference: fc.option(family),
    }),
  },
  fc.record({ op: fc.constant('reimport' as const), pick: fc.nat(), family: fc.option(family) }),
  fc.record({
    op: fc.constant('cash' as const),
    family,
    amount: fc.constantFrom(...DEPOSIT_AMOUNTS),
    note: fc.constantFrom('recibo 0012', ''),
  }),
  fc.record({
    op: fc.constant('override' as const),
    family,
    payment: fc.integer({ min: 1, max: 6 }),
    amount: fc.constantFrom(0, 1000, 2950, 1475.5),
  }),
  fc.record({
    op: fc.constant('reverse' as const),
    pick: fc.nat(),
    receipt: fc.constantFrom('en_revision' as const, 'rechazado' as const),
  }),
  fc.record({ op: fc.constant('twoVerify' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('twoReverse' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('twoBank' as const), amount: fc.constantFrom(...DEPOSIT_AMOUNTS), family }),
  fc.record({ op: fc.constant('forged' as const), family }),
);

/** What two or more admins do at once: each operation by one of the clients (`by`). */
type ConcurrentOp =
  | { op: 'upload'; family: number; payment: number; amount: number; document: number; day: number }
  | { op: 'verify'; pick: number; by: number }
  | { op: 'bank'; amount: number; document: number; day: number; family: number; by: number }
  | { op: 'reimport'; pick: number; family: number; by: number }
  | { op: 'reverse'; pick: number; by: number }
  | { op: 'cash'; family: number; payment: number; amount: number; by: number }
  // One deposit from two sides at once: its slip verified while its bank line is applied, or the
  // credit of its slip reversed while its bank line is applied.
  | { op: 'slipAndLine'; pick: number; by: number; other: number }
  | { op: 'reverseAndLine'; pick: number; by: number; other: number };

const client = fc.integer({ min: 0, max: 3 });
const CONCURRENT_OPS: fc.Arbitrary<ConcurrentOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('upload' as const),
      family: fc.integer({ min: 0, max: 1 }),
      payment: fc.integer({ min: 1, max: 6 }),
      amount: mostlyFirst(2).map((index) => DEPOSIT_AMOUNTS[index]!),
      document: mostlyFirst(2),
      day: mostlyFirst(1),
    }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('verify' as const), pick: fc.nat(), by: client }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('bank' as const),
      amount: mostlyFirst(2).map((index) => DEPOSIT_AMOUNTS[index]!),
      document: mostlyFirst(2),
      day: mostlyFirst(1),
      family: fc.integer({ min: 0, max: 1 }),
      by: client,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reimport' as const), pick: fc.nat(), family: family, by: client }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('reverse' as const), pick: fc.nat(), by: client }) },
  fc.record({
    op: fc.constant('cash' as const),
    family,
    payment: fc.integer({ min: 1, max: 6 }),
    amount: fc.constantFrom(...DEPOSIT_AMOUNTS),
    by: client,
  }),
  { weight: 3, arbitrary: fc.record({ op: fc.constant('slipAndLine' as const), pick: fc.nat(), by: client, other: client }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('reverseAndLine' as const), pick: fc.nat(), by: client, other: client }) },
);

describe.each(DATABASES)('the ledger under random sequences of money operations (%s)', (kind) => {
  let api: TestApi;
  let admins: Agent[];
  let parents: Agent[];
  let families: number[];
  /** The CSV lines sent to the bank so far, to import again. */
  let sentLines: Array<{ csv: string }>;

  /** The admins as clients of the API: on MariaDB half of them through a second instance. */
  let clients: Agent[];
  let second: TestApi | null = null;

  beforeAll(async () => {
    api = await startApi(kind);
    admins = [
      await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera')).id),
      await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidente')).id),
    ];
    // Several instances share MySQL/MariaDB; SQLite is the one-instance database.
    if (kind === 'mariadb') second = await startSecondApi(api);
    const elsewhere = (admin: Agent) => {
      const agent = new Agent(second ?? api);
      for (const [name, value] of admin.cookies) agent.cookies.set(name, value);
      return agent;
    };
    clients = [admins[0]!, admins[1]!, elsewhere(admins[0]!), elsewhere(admins[1]!)];
    for (const [index, amount] of AMOUNTS.entries()) {
      await api.dataSource
        .getRepository(PaymentDateEntity)
        .update({ id: (index + 1) as 1 }, { amountCentavos: amount * 100, twinsAmountCentavos: null });
    }
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await api.close();
  });

  /** A fresh class for each sequence: three families, the first two with a parent. */
  async function freshClass(run: number) {
    const made = [];
    for (const [index, name] of ['Hernández', 'García', 'López'].entries()) {
      made.push(
        (
          await createFamily(api, {
            graduateName: `Ana ${name} ${run}`,
            contactName: `Contacto ${name}`,
            email: `familia${index}.${run}.${kind}@example.com`,
          })
        ).id,
      );
    }
    families = made;
    parents = [];
    for (const index of [0, 1])
      parents.push(await sessionAgent(api, (await createUser(api, 'parent', `familia${index}.${run}.${kind}@example.com`)).id));
    sentLines = [];
  }

  const receiptsOf = async () =>
    api.dataSource.getRepository(ReceiptEntity).find({ where: families.map((familyId) => ({ familyId })), order: { id: 'ASC' } });
  const entriesOf = async () =>
    api.dataSource.getRepository(LedgerEntryEntity).find({ where: families.map((familyId) => ({ familyId })), order: { id: 'ASC' } });
  const pick = <T>(list: T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);

  const bankCsv = (amount: number, document: string, day: string, reference: number | null) => {
    const [year, month, date] = day.split('-');
    const description = reference === null ? 'DEPOSITO EFECTIVO' : `DEPOSITO ${paymentReference(2026, families[reference]!)}`;
    return `Fecha;No. Documento;Descripción;Crédito\n${date}/${month}/${year};${document};${description};Q ${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}\n`;
  };
  const previewCsv = async (csv: string, by: Agent = admins[0]!, on: TestApi = api) => {
    const cookie = [...by.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await on.app.inject({
      method: 'POST',
      url: '/api/bank-statements/preview',
      payload: multipart({}, { data: Buffer.from(csv, 'utf8'), name: 'estado.csv', type: 'text/csv' }),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<BankPreview>();
  };
  const confirmFirst = async (preview: BankPreview, familyIndex: number | null) => {
    const line = preview.lines[0]!;
    const target = familyIndex === null ? null : families[familyIndex]!;
    const response = await admins[0]!.post('/api/bank-statements/confirm', {
      lines: [
        { date: line.date, description: line.description, document: line.document, amountCentavos: line.amountCentavos, familyId: target },
      ],
    });
    // A line already decided (applied or discarded and not reversed), or a deposit another
    // family's credit holds, is refused; nothing else may fail.
    expect([200, 409]).toContain(response.status);
    if (line.status !== 'nueva') expect(response.status).toBe(409);
  };

  async function run(step: Op): Promise<void> {
    switch (step.op) {
      case 'upload': {
        const response = await upload(
          api,
          parents[step.family]!,
          {
            paymentNumber: String(step.payment),
            amountDeclared: String(step.amount),
            documentNumber: DOCUMENTS[step.document]!,
            depositDate: DAYS[step.day]!,
          },
          { data: FILES[step.file]!, name: 'boleta.pdf', type: 'application/pdf' },
        );
        expect(response.statusCode).toBe(201);
        return;
      }
      case 'verify':
      case 'reject':
      case 'delete':
      case 'twoVerify': {
        const receipt = pick(await receiptsOf(), step.pick);
        if (!receipt) return;
        const url = `/api/payment-proofs/${receipt.id}`;
        if (step.op === 'verify') {
          const response = await admins[step.admin]!.post(`${url}/verify`, {
            amountReceived: step.amount ?? (receipt.amountDeclared === null ? 2950 : receipt.amountDeclared / 100),
          });
          expect(response.status).toBe(receipt.state === 'en_revision' ? (response.status === 409 ? 409 : 200) : 409);
        } else if (step.op === 'reject') {
          const response = await admins[0]!.post(`${url}/reject`, { reason: 'No se ve el monto.' });
          expect(response.status).toBe(receipt.state === 'en_revision' ? 200 : 409);
        } else if (step.op === 'delete') {
          const owner = families.indexOf(receipt.familyId);
          const response = await parents[owner]!.request('DELETE', `/api/my-family/payment-proofs/${receipt.id}`);
          expect(response.status).toBe(receipt.state === 'en_revision' ? 204 : 409);
        } else {
          const body = { amountReceived: receipt.amountDeclared === null ? 2950 : receipt.amountDeclared / 100 };
          const answers = await Promise.all(admins.map((admin) => admin.post(`${url}/verify`, body)));
          expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
          for (const answer of answers) expect([200, 409]).toContain(answer.status);
        }
        return;
      }
      case 'bank': {
        const csv = bankCsv(step.amount, DOCUMENTS[step.document]!, DAYS[step.day]!, step.reference);
        sentLines.push({ csv });
        await confirmFirst(await previewCsv(csv), step.family);
        return;
      }
      case 'reimport': {
        const sent = pick(sentLines, step.pick);
        if (!sent) return;
        await confirmFirst(await previewCsv(sent.csv), step.family);
        return;
      }
      case 'cash': {
        const response = await admins[0]!.post(`/api/families/${families[step.family]!}/payments/1/cash`, {
          amountReceived: step.amount,
          ...(step.note ? { note: step.note } : {}),
        });
        expect(response.status).toBe(201);
        return;
      }
      case 'override': {
        const response = await admins[1]!.put(`/api/families/${families[step.family]!}/payments/${step.payment}/override`, {
          amountQuetzales: step.amount,
          reason: 'Beca parcial',
        });
        expect(response.status).toBe(200);
        return;
      }
      case 'reverse':
      case 'twoReverse': {
        const entry = pick(await entriesOf(), step.pick);
        if (!entry) return;
        const url = `/api/ledger-entries/${entry.id}/reverse`;
        const standing = entry.kind === 'credito' && entry.reversedById === null;
        if (step.op === 'reverse') {
          const response = await admins[0]!.post(url, { reason: 'Aplicado a la familia equivocada', receipt: step.receipt });
          expect(response.status).toBe(standing ? 200 : 409);
        } else {
          const answers = await Promise.all(admins.map((admin) => admin.post(url, { reason: 'Error de registro' })));
          expect(answers.filter((answer) => answer.status === 200).length).toBe(standing ? 1 : 0);
        }
        return;
      }
      case 'twoBank': {
        // Two admins confirm the same new line at once: one applies it, the other is told.
        const csv = bankCsv(step.amount, '', DAYS[1]!, null).replace('DEPOSITO EFECTIVO', `DEPOSITO ${sentLines.length}`);
        sentLines.push({ csv });
        const line = (await previewCsv(csv)).lines[0]!;
        const body = {
          lines: [
            {
              date: line.date,
              description: line.description,
              document: line.document,
              amountCentavos: line.amountCentavos,
              familyId: families[step.family],
            },
          ],
        };
        const answers = await Promise.all(admins.map((admin) => admin.post('/api/bank-statements/confirm', body)));
        expect(answers.filter((answer) => answer.status === 200).length).toBe(line.status === 'nueva' ? 1 : 0);
        for (const answer of answers) expect([200, 409]).toContain(answer.status);
        return;
      }
      case 'forged': {
        // A line no statement the server read holds: refused, whatever family it names.
        const response = await admins[0]!.post('/api/bank-statements/confirm', {
          lines: [
            {
              date: '2026-09-22',
              description: `FORJADA ${Math.random()}`,
              document: '',
              amountCentavos: 100000,
              familyId: families[step.family],
            },
          ],
        });
        expect(response.status).toBe(409);
        return;
      }
    }
  }

  async function checkRules(): Promise<void> {
    const [entries, receipts, lines] = await Promise.all([
      entriesOf(),
      receiptsOf(),
      api.dataSource.getRepository(BankLineEntity).find({ where: families.map((familyId) => ({ familyId })) }),
    ]);
    const standing = entries.filter((entry) => entry.kind === 'credito' && entry.reversedById === null);
    const statements = await Promise.all(
      families.map(async (id) => (await admins[0]!.get<Statement>(`/api/families/${id}/statement`)).body),
    );
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
      const proofs = (await parent.get<Receipt[]>('/api/my-family/payment-proofs')).body;
      expect(proofs.map((proof) => proof.id)).toEqual(receipts.filter((row) => row.familyId === families[index]).map((row) => row.id));
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

  it('keeps every money rule after every step', async () => {
    let run_ = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(OPS, { minLength: 1, maxLength: 20 }), async (ops) => {
        run_ += 1;
        await freshClass(run_);
        for (const step of ops) {
          await run(step);
          await checkRules();
        }
      }),
      { numRuns: Number(process.env.LEDGER_RUNS ?? 12), endOnFailure: true },
    );
  }, 600_000);

  /** Confirms a previewed line for a family: applied, or a clean 409 when another admin got there first. */
  const confirmLine = async (line: BankPreview['lines'][number], familyId: number, by: Agent) => {
    const response = await by.post('/api/bank-statements/confirm', {
      lines: [{ date: line.date, description: line.description, document: line.document, amountCentavos: line.amountCentavos, familyId }],
    });
    expect([200, 409]).toContain(response.status);
    return response;
  };
  const applyLine = async (csv: string, familyId: number, by: Agent, on: TestApi) =>
    confirmLine((await previewCsv(csv, by, on)).lines[0]!, familyId, by);

  /** One operation of a concurrent batch: any answer but a clean 409 where two admins met is a failure. */
  async function runAtOnce(step: ConcurrentOp, receipts: ReceiptEntity[], entries: LedgerEntryEntity[]): Promise<void> {
    const by = 'by' in step ? clients[step.by % clients.length]! : admins[0]!;
    const on = 'by' in step && step.by >= 2 && second ? second : api;
    switch (step.op) {
      case 'upload': {
        const response = await upload(
          api,
          parents[step.family]!,
          {
            paymentNumber: String(step.payment),
            amountDeclared: String(step.amount),
            documentNumber: DOCUMENTS[step.document]!,
            depositDate: DAYS[step.day]!,
          },
          { data: FILES[0]!, name: 'boleta.pdf', type: 'application/pdf' },
        );
        expect(response.statusCode).toBe(201);
        return;
      }
      case 'verify': {
        const receipt = pick(receipts, step.pick);
        if (!receipt) return;
        const response = await by.post(`/api/payment-proofs/${receipt.id}/verify`, {
          amountReceived: receipt.amountDeclared === null ? 2950 : toQuetzales(receipt.amountDeclared),
        });
        // A decided receipt is a 409, unless a reversal in the same batch put it back in review first.
        expect([200, 409]).toContain(response.status);
        return;
      }
      case 'bank':
      case 'reimport': {
        const csv =
          step.op === 'bank'
            ? bankCsv(step.amount, DOCUMENTS[step.document]!, DAYS[step.day]!, step.family)
            : pick(sentLines, step.pick)?.csv;
        if (!csv) return;
        if (step.op === 'bank') sentLines.push({ csv });
        await applyLine(csv, families[step.family]!, by, on);
        return;
      }
      case 'slipAndLine': {
        const receipt = pick(
          receipts.filter((row) => row.state === 'en_revision'),
          step.pick,
        );
        if (!receipt) return;
        const other = clients[step.other % clients.length]!;
        const csv = bankCsv(
          toQuetzales(receipt.amountDeclared!),
          receipt.documentNumber ?? '',
          receipt.depositDate!,
          families.indexOf(receipt.familyId),
        );
        sentLines.push({ csv });
        const line = (await previewCsv(csv, other, step.other >= 2 && second ? second : api)).lines[0]!;
        const [verified] = await Promise.all([
          by.post(`/api/payment-proofs/${receipt.id}/verify`, { amountReceived: toQuetzales(receipt.amountDeclared!) }),
          confirmLine(line, receipt.familyId, other),
        ]);
        expect([200, 409]).toContain(verified.status);
        return;
      }
      case 'reverseAndLine': {
        const credit = pick(
          entries.filter(
            (entry) => entry.kind === 'credito' && entry.reversedById === null && entry.receiptId !== null && entry.bankLineId === null,
          ),
          step.pick,
        );
        if (!credit) return;
        const other = clients[step.other % clients.length]!;
        const csv = bankCsv(
          toQuetzales(credit.amount),
          credit.documentNumber ?? '',
          credit.depositDate!,
          families.indexOf(credit.familyId),
        );
        sentLines.push({ csv });
        const line = (await previewCsv(csv, other, step.other >= 2 && second ? second : api)).lines[0]!;
        const [reversed] = await Promise.all([
          by.post(`/api/ledger-entries/${credit.id}/reverse`, { reason: 'Error de registro' }),
          confirmLine(line, credit.familyId, other),
        ]);
        expect([200, 409]).toContain(reversed.status);
        return;
      }
      case 'reverse': {
        const entry = pick(entries, step.pick);
        if (!entry) return;
        const response = await by.post(`/api/ledger-entries/${entry.id}/reverse`, { reason: 'Error de registro' });
        expect([200, 409]).toContain(response.status);
        if (entry.kind !== 'credito' || entry.reversedById !== null) expect(response.status).toBe(409);
        return;
      }
      case 'cash': {
        const response = await by.post(`/api/families/${families[step.family]!}/payments/${step.payment}/cash`, {
          amountReceived: step.amount,
        });
        expect(response.status).toBe(201);
        return;
      }
    }
  }

  it('keeps every money rule after every batch of operations two admins (and two instances on MariaDB) fire at once', async () => {
    let run_ = 1000;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(CONCURRENT_OPS, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        async (batches) => {
          run_ += 1;
          await freshClass(run_);
          for (const batch of batches) {
            const [receipts, entries] = await Promise.all([receiptsOf(), entriesOf()]);
            await Promise.all(batch.map((step) => runAtOnce(step, receipts, entries)));
            await checkRules();
          }
        },
      ),
      { numRuns: Number(process.env.LEDGER_CONCURRENT_RUNS ?? 16), endOnFailure: true },
    );
  }, 600_000);
});
