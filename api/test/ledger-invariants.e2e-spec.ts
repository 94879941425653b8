// The money rules that span features (decisions item 20, docs/payments.md), checked after every
// step of random sequences of real operations: uploads, verifications, rejections, deletions,
// bank imports applied to any family, re-imports, cash, own amounts, reversals, two admins at once.
//   - each family's received total is the sum of its standing credits;
//   - a deposit (document number + amount + day) is credited at most once;
//   - all the money = applied bank lines + verified receipts not linked to a line + money by hand;
//   - every verified receipt and every applied line stands behind exactly one standing credit;
//   - no payment reads 'pagado' with a balance, nor 'parcial' without money;
//   - a verified slip's credit keeps what the family said it pays (one payment, several, or
//     'Saldo a favor'), and each statement is its standing credits allocated in their order;
//   - the dashboard, the statements (admin's and parent's), the families list and the workbook agree.
import fc from 'fast-check';
import { toQuetzales } from '@portal/format';
import type { BankPreview } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import type { LedgerEntryEntity } from '../src/ledger/ledger-entry.entity';
import type { ReceiptEntity } from '../src/receipts/receipt.entity';
import { createFamily, createUser, sessionAgent, setPaymentAmounts } from './fixtures';
import { Agent, DATABASES, startApi, startSecondApi, type TestApi } from './harness';
import { upload } from './receipts-fixtures';
import { previewStatement } from './support/bank-statements';
import { CONCURRENT_OPS, DAYS, DOCUMENTS, FILES, INTENTS, OPS, type ConcurrentOp, type Op } from './support/ledger-operations';
import { checkMoneyRules, entriesOf, receiptsOf } from './support/ledger-rules';

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
    await setPaymentAmounts(api);
  });
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

  /** The class of the sequence running. */
  const money = () => ({ api, admins, parents, families });
  const pick = <T>(list: T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);

  const bankCsv = (amount: number, document: string, day: string, reference: number | null) => {
    const [year, month, date] = day.split('-');
    const description = reference === null ? 'DEPOSITO EFECTIVO' : `DEPOSITO ${paymentReference(2026, families[reference]!)}`;
    return `Fecha;No. Documento;Descripción;Crédito\n${date}/${month}/${year};${document};${description};Q ${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}\n`;
  };
  const previewCsv = (csv: string, by: Agent = admins[0]!, on: TestApi = api) => previewStatement(on, by, Buffer.from(csv, 'utf8'));
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
        // A slip that names payments is listed under the first it names.
        const intent = INTENTS[step.intent]!;
        const named = intent === null || intent === 'saldo_a_favor' ? null : intent.split(',')[0]!;
        const response = await upload(
          api,
          parents[step.family]!,
          {
            paymentNumber: named ?? String(step.payment),
            ...(intent !== null && { paysFor: intent }),
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
        const receipt = pick(await receiptsOf(money()), step.pick);
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
        const entry = pick(await entriesOf(money()), step.pick);
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

  it('keeps every money rule after every step', async () => {
    let run_ = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(OPS, { minLength: 1, maxLength: 20 }), async (ops) => {
        run_ += 1;
        await freshClass(run_);
        for (const step of ops) {
          await run(step);
          await checkMoneyRules(money());
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
            const [receipts, entries] = await Promise.all([receiptsOf(money()), entriesOf(money())]);
            await Promise.all(batch.map((step) => runAtOnce(step, receipts, entries)));
            await checkMoneyRules(money());
          }
        },
      ),
      // SQLite has one writer, so its batches run one after the other anyway: half the runs there;
      // MariaDB, with two instances, is where the races are.
      { numRuns: Number(process.env.LEDGER_CONCURRENT_RUNS ?? (kind === 'sqlite' ? 8 : 16)), endOnFailure: true },
    );
  }, 600_000);
});
