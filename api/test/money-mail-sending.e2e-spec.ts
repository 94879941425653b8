// A family's money e-mail is written when the mail worker sends it, from the family's statement at
// that moment: every money event of the family within the window (MONEY_MAIL_DELAY_MINUTES) is one
// e-mail listing each event and the one balance of now, so no family reads two balances in a day.
import type { Outbox, Receipt, Statement } from '@portal/contracts';
import { createApp } from '../src/app';
import { MailWorker } from '../src/mail/mail-worker';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { createFamily, createUser, sessionAgent, setPaymentAmounts } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { PDF, upload } from './receipts-fixtures';
import { headerOf, plainTextOf, startSmtp, type TestSmtp } from './smtp';

const MINUTE = 60_000;

describe.each(DATABASES)('money e-mails are written when they are sent (%s)', (kind) => {
  let api: TestApi;
  let smtp: TestSmtp;
  let admin: Agent;
  let run = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    api = await startApi(kind, { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '0', MONEY_MAIL_DELAY_MINUTES: '10' });
    admin = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera Ana')).id);
    // Q11,350 in six payments, every one of them due (their dates are past).
    await setPaymentAmounts(api);
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  async function family(name: string) {
    run += 1;
    return createFamily(api, { graduateName: `${name} ${run}`, contactName: `Contacto ${name}`, email: `envio${run}.${kind}@example.com` });
  }
  const cash = async (familyId: number, paymentNumber: number, amountReceived: number) => {
    const response = await admin.post<Statement>(`/api/families/${familyId}/payments/${paymentNumber}/cash`, { amountReceived });
    expect(response.status).toBe(201);
    return response.body.entries.filter((entry) => entry.kind === 'credito').at(-1)!;
  };
  const reverse = async (entryId: number, messageToFamily?: string) => {
    const response = await admin.post(`/api/ledger-entries/${entryId}/reverse`, {
      reason: 'Anotado por error en la reunión.',
      messageToFamily,
    });
    expect(response.status).toBe(200);
  };
  /** The worker's run once the portal's clock is `minutes` ahead: what the mail server received for `email`. */
  const sendAfter = async (minutes: number, email: string) => {
    await api.app.get(MailWorker).deliverDue(new Date(Date.now() + minutes * MINUTE));
    return smtp.received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => ({ subject: headerOf(mail, 'Subject')!, text: plainTextOf(mail).replace(/\r\n/g, '\n') }));
  };

  it('a credit and a second one that pays the family up, in one window, are one e-mail with the final balance and both receipts', async () => {
    const ramos = await family('Ramos');
    const first = await cash(ramos.id, 1, 2950);
    const second = await cash(ramos.id, 2, 8400);
    expect(await sendAfter(0, ramos.email)).toEqual([]);

    const mails = await sendAfter(11, ramos.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Movimientos en tu cuenta · Class of 2026');
    expect(mails[0]!.text).toContain('El comité registró tu pago del primer pago: recibimos Q2,950.');
    expect(mails[0]!.text).toContain(`Tu recibo: ${first.creditReceiptNumber}.`);
    expect(mails[0]!.text).toContain('El comité registró tu pago del segundo pago: recibimos Q8,400.');
    expect(mails[0]!.text).toContain(`Tu recibo: ${second.creditReceiptNumber}.`);
    expect(mails[0]!.text).toContain(
      'Tus pagos: Primer Pago, Pagado; Segundo Pago, Pagado; Tercer Pago, Pagado; Cuarto Pago, Pagado; Quinto Pago, Pagado; ' +
        'Sexto Pago, Pagado. Recibido en total: Q11,350.',
    );
    expect(mails[0]!.text).toContain('Estás al día con tus pagos.');
    expect(mails[0]!.text).not.toContain('Saldo pendiente');
    // Sent once: the worker's next runs find nothing more for the family.
    expect(await sendAfter(30, ramos.email)).toHaveLength(1);
  });

  it('a credit reversed inside the window is left out: the one e-mail tells what stands, with the balance after the reversal', async () => {
    const lopez = await family('López');
    const kept = await cash(lopez.id, 1, 2950);
    const wrong = await cash(lopez.id, 2, 500);
    await reverse(wrong.id, 'Ese pago era de otra familia.');

    const mails = await sendAfter(11, lopez.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Pago registrado: Primer Pago · Class of 2026');
    expect(mails[0]!.text).toContain(`Tu recibo: ${kept.creditReceiptNumber}.`);
    expect(mails[0]!.text).toContain('Tus pagos: Primer Pago, Pagado; Segundo Pago, Pendiente;');
    expect(mails[0]!.text).toContain('Saldo pendiente a la fecha: Q8,400.');
    expect(mails[0]!.text).not.toContain(wrong.creditReceiptNumber!);
    expect(mails[0]!.text).not.toContain('Q500');
    expect(mails[0]!.text).not.toContain('otra familia');
  });

  it('a credit reversed inside the window with nothing else to tell sends nothing', async () => {
    const mejia = await family('Mejía');
    const wrong = await cash(mejia.id, 1, 2950);
    await reverse(wrong.id);
    expect(await sendAfter(11, mejia.email)).toEqual([]);
    // 'Enviar de nuevo' in 'Correos' on the withheld e-mail: there is still nothing to tell.
    const listed = (await admin.get<Outbox>('/api/emails')).body.messages.filter((message) => message.recipient === mejia.email);
    expect(listed.map((message) => [message.status, message.lastError])).toEqual([
      ['withheld', 'Se corrigió antes del envío: no quedó nada que contar a la familia.'],
    ]);
    expect((await admin.post(`/api/emails/${listed[0]!.id}/resend`)).status).toBe(200);
    expect(await sendAfter(12, mejia.email)).toEqual([]);
    const after = (await admin.get<Outbox>('/api/emails')).body.messages.filter((message) => message.recipient === mejia.email);
    expect(after.map((message) => [message.status, message.lastError])).toEqual([
      ['withheld', 'Se corrigió antes del envío: no quedó nada que contar a la familia.'],
    ]);
  });

  it('a new credit and the reversal of one already told, in one window, are one e-mail: the new receipt, the annulled one, the balance now', async () => {
    const cruz = await family('Cruz');
    const told = await cash(cruz.id, 1, 2950);
    expect(await sendAfter(11, cruz.email)).toHaveLength(1);

    const right = await cash(cruz.id, 1, 3000);
    await reverse(told.id, 'Corregimos el monto: fueron Q3,000.');
    const mails = await sendAfter(22, cruz.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Movimientos en tu cuenta · Class of 2026');
    expect(mails[1]!.text).toContain(`recibimos Q3,000. Tu recibo: ${right.creditReceiptNumber}.`);
    expect(mails[1]!.text).toContain(
      `El comité corrigió un pago de Q2,950 registrado en tu cuenta. El recibo ${told.creditReceiptNumber} queda anulado.`,
    );
    expect(mails[1]!.text).toContain('Mensaje del comité: Corregimos el monto: fueron Q3,000.');
    expect(mails[1]!.text).toContain('Saldo pendiente a la fecha: Q8,350.');
    expect(mails[1]!.text).not.toContain('Anotado por error');
  });

  it('a credit whose window passed, then a reversal: two e-mails, each with the balance at its sending', async () => {
    const soto = await family('Soto');
    const credit = await cash(soto.id, 1, 2950);
    const [told] = await sendAfter(11, soto.email);
    expect(told!.subject).toBe('Pago registrado: Primer Pago · Class of 2026');
    expect(told!.text).toContain('Saldo pendiente a la fecha: Q8,400.');

    await reverse(credit.id);
    // The committee sets the last payment at Q1,500 before the correction leaves: it reads the balance of then.
    await api.dataSource.getRepository(PaymentDateEntity).update({ id: 6 }, { amountCentavos: 150_000 });
    try {
      const mails = await sendAfter(22, soto.email);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.subject).toBe('Corrección en tu cuenta · Class of 2026');
      expect(mails[1]!.text).toContain(`El recibo ${credit.creditReceiptNumber} queda anulado.`);
      expect(mails[1]!.text).toContain('Tus pagos: Primer Pago, Pendiente;');
      expect(mails[1]!.text).toContain('Recibido en total: Q0.');
      expect(mails[1]!.text).toContain('Saldo pendiente a la fecha: Q11,850.');
    } finally {
      await api.dataSource.getRepository(PaymentDateEntity).update({ id: 6 }, { amountCentavos: 100_000 });
    }
  });

  it('two families’ credits in one window: one e-mail each, neither naming the other', async () => {
    const [ana, beto] = [await family('Alvarado'), await family('Barrios')];
    const [fromAna, fromBeto] = [await cash(ana.id, 1, 2950), await cash(beto.id, 1, 1000)];
    await cash(ana.id, 2, 400);
    await cash(beto.id, 2, 200);
    await api.app.get(MailWorker).deliverDue(new Date(Date.now() + 11 * MINUTE));
    for (const [mine, theirs, receipt, other] of [
      [ana, beto, fromAna, fromBeto],
      [beto, ana, fromBeto, fromAna],
    ] as const) {
      const mails = smtp.received.filter((mail) => mail.to.includes(mine.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual([mine.email]);
      const text = plainTextOf(mails[0]!);
      expect(text).toContain(mine.graduateName);
      expect(text).toContain(`Tu recibo: ${receipt.creditReceiptNumber}.`);
      for (const foreign of [theirs.graduateName, theirs.contactName, theirs.email, other.creditReceiptNumber!])
        expect(mails[0]!.raw).not.toContain(foreign);
    }
  });

  it('a rejection goes at once with the balance at its sending, the same the credit’s e-mail then reads', async () => {
    const rivas = await family('Rivas');
    const parent = await sessionAgent(api, (await createUser(api, 'parent', rivas.email)).id);
    const slip = await upload(
      api,
      parent,
      { paymentNumber: '2', amountDeclared: '3400' },
      { data: PDF, name: 'boleta.pdf', type: 'application/pdf' },
    );
    const rejected = await admin.post(`/api/payment-proofs/${slip.json<Receipt>().id}/reject`, {
      reason: 'Boleta ilegible.',
      messageToFamily: 'No se lee el número de la boleta; súbela de nuevo, por favor.',
    });
    expect(rejected.status).toBe(200);
    // Cash recorded before the worker's next run: the rejection already reads the balance after it.
    await cash(rivas.id, 1, 2950);

    const [rejection] = await sendAfter(0, rivas.email);
    expect(rejection!.subject).toBe('Comprobante rechazado: Segundo Pago · Class of 2026');
    expect(rejection!.text).toContain('Mensaje del comité: No se lee el número de la boleta; súbela de nuevo, por favor.');
    expect(rejection!.text).toContain('Saldo pendiente a la fecha: Q8,400.');
    expect(rejection!.text).not.toContain('Boleta ilegible');
    const mails = await sendAfter(11, rivas.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Comprobante rechazado: Segundo Pago · Class of 2026',
      'Pago registrado: Primer Pago · Class of 2026',
    ]);
    expect(mails[1]!.text).toContain('Saldo pendiente a la fecha: Q8,400.');
  });

  it('a family that turned the notice e-mails off before its window closed gets none', async () => {
    const paz = await family('Paz');
    await cash(paz.id, 1, 2950);
    const parent = await sessionAgent(api, (await createUser(api, 'parent', paz.email)).id);
    expect((await parent.put('/api/my-notice-emails', { enabled: false })).status).toBe(200);
    expect(await sendAfter(11, paz.email)).toEqual([]);
  });

  // Several instances share MySQL/MariaDB; SQLite is the one-instance database.
  if (kind === 'mariadb')
    it('two API instances sending at the same time send each family’s e-mail once', async () => {
      const second = await createApp(api.config);
      try {
        const families = [await family('Once'), await family('Unica'), await family('Sola')];
        for (const one of families) {
          await cash(one.id, 1, 2950);
          await cash(one.id, 2, 100);
        }
        const at = new Date(Date.now() + 11 * MINUTE);
        await Promise.all([
          api.app.get(MailWorker).deliverDue(at),
          second.get(MailWorker).deliverDue(at),
          api.app.get(MailWorker).deliverDue(at),
        ]);
        for (const one of families)
          expect({ to: one.email, times: smtp.recipients().filter((to) => to === one.email).length }).toEqual({ to: one.email, times: 1 });
      } finally {
        await second.close();
      }
    });
});
