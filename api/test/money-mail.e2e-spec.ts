// Money e-mails wait a window (MONEY_MAIL_DELAY_MINUTES) before they go: a credit reversed inside
// it withholds its e-mail and sends none about the reversal, so a line applied to the wrong family
// never reaches that family. After the window the family is told, in the committee's words for it.
import type { BankConfirmResult, BankPreview, Receipt, Statement } from '@portal/contracts';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { createFamily, createUser, sessionAgent } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { BOUNDARY, multipart, PDF, upload } from './receipts-fixtures';

describe.each(DATABASES)('money e-mails wait their window (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let run = 0;

  beforeAll(async () => {
    api = await startApi(kind, { MONEY_MAIL_DELAY_MINUTES: '10' });
    admin = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera Ana')).id);
    await api.dataSource.getRepository(PaymentDateEntity).update({ id: 1 }, { amountCentavos: 295_000, twinsAmountCentavos: null });
  });
  afterAll(() => api.close());

  async function familyWithParent(name: string) {
    run += 1;
    const email = `ventana${run}.${kind}@example.com`;
    const family = await createFamily(api, { graduateName: `${name} ${run}`, contactName: `Contacto de ${name}`, email });
    const parent = await sessionAgent(api, (await createUser(api, 'parent', email)).id);
    return { family, parent };
  }
  const mailsTo = (recipient: string) =>
    api.dataSource.getRepository(OutboxMessageEntity).find({ where: { recipient, kind: 'pago' }, order: { id: 'ASC' } });
  const creditOf = async (familyId: number) =>
    (await admin.get<Statement>(`/api/families/${familyId}/statement`)).body.entries.find((entry) => entry.kind === 'credito')!;

  /** A bank statement of one deposit read, then its line applied to `familyId`. */
  async function applyLine(familyId: number, document: string) {
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const csv = `Fecha;No. Documento;Descripción;Crédito\n25/11/2026;${document};TRANSF ACH INDUSTRIAL;Q 3,000.00\n`;
    const read = await api.app.inject({
      method: 'POST',
      url: '/api/bank-statements/preview',
      payload: multipart({}, { data: Buffer.from(csv, 'utf8'), name: 'noviembre.csv', type: 'text/csv' }),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
    });
    const preview = read.json<BankPreview>();
    const confirmed = await admin.post<BankConfirmResult>('/api/bank-statements/confirm', {
      lines: preview.lines.map(({ date, description, document: number, amountCentavos }) => ({
        date,
        description,
        document: number,
        amountCentavos,
        familyId,
      })),
    });
    expect(confirmed.body).toMatchObject({ applied: 1 });
  }

  it('holds the credit’s e-mail for the window, and a reversal inside it withholds it and sends nothing', async () => {
    const { family } = await familyWithParent('Equivocada');
    const before = Date.now();
    await applyLine(family.id, `7700${run}`);
    const [waiting] = await mailsTo(family.email);
    expect(waiting).toMatchObject({ status: 'pending' });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);

    const credit = await creditOf(family.id);
    const reversed = await admin.post(`/api/ledger-entries/${credit.id}/reverse`, { reason: 'Era de la familia Pineda, no de esta.' });
    expect(reversed.status).toBe(200);
    const mails = await mailsTo(family.email);
    expect(mails.map((mail) => mail.status)).toEqual(['withheld']);
    expect(JSON.stringify(mails)).not.toContain('Pineda');
    // 'Correos' shows it withheld, never sent.
    const listed = await admin.get<{ messages: Array<{ recipient: string; status: string }> }>('/api/emails');
    expect(listed.body.messages.filter((message) => message.recipient === family.email).map((message) => message.status)).toEqual([
      'withheld',
    ]);
  });

  it('after the window the family is told of the reversal in the committee’s words, never the internal reason', async () => {
    const { family, parent } = await familyWithParent('Avisada');
    const slip = await upload(
      api,
      parent,
      { paymentNumber: '1', amountDeclared: '2950' },
      { data: PDF, name: 'b.pdf', type: 'application/pdf' },
    );
    const receipt = slip.json<Receipt>();
    expect((await admin.post(`/api/payment-proofs/${receipt.id}/verify`, { amountReceived: 2950 })).status).toBe(200);
    // The window passed and the e-mail went.
    await api.dataSource.getRepository(OutboxMessageEntity).update({ recipient: family.email }, { status: 'sent', sentAt: new Date() });

    const credit = await creditOf(family.id);
    await admin.post(`/api/ledger-entries/${credit.id}/reverse`, {
      reason: 'Boleta de la familia Pineda subida por error.',
      messageToFamily: 'Revisamos tu boleta y no corresponde a tu depósito; sube la correcta, por favor.',
    });
    const mails = await mailsTo(family.email);
    expect(mails.map((mail) => [mail.subject.split(' · ')[0], mail.status])).toEqual([
      ['Comprobante verificado: Primer Pago', 'sent'],
      ['Corrección en tu cuenta', 'pending'],
    ]);
    expect(mails[1]!.text).toContain(
      'Mensaje del comité: Revisamos tu boleta y no corresponde a tu depósito; sube la correcta, por favor.',
    );
    expect(mails[1]!.text).not.toContain('Pineda');
    expect(mails[1]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });
});
