// Money that adds up (decisions item 20), the walk through the screens: a parent on a
// phone sends the slip of a Q2,950 deposit, the treasurer verifies it and the family is e-mailed;
// the bank statement holds the same deposit, shown as covered and applied once; a line applied to
// the wrong family is reversed with its reason and, after a re-import, applied to the right one;
// the parent's phone reads 'Parcial' on a payment paid in part and 'Saldo a favor' on money over
// what is owed; the same slip sent twice is flagged and rejected with its reason.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { SMTPServer } from 'smtp-server';
import { seriousA11yViolations, smallTapTargets } from '../support/checks';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { catchMail, mailMatching } from '../support/mail-catcher';
import { startPortal, type Portal } from '../support/portal';

interface Entry {
  id: number;
  kind: 'credito' | 'reversion';
  source: string;
  amount: number;
  reversal: unknown;
}
interface Statement {
  totals: { expected: number; received: number; balance: number; credit: number; dueBalance: number };
  lines: Array<{ paymentNumber: number; expected: number | null; state: string }>;
  entries: Entry[];
}
interface PaymentDate {
  id: number;
  description: string;
  date: string;
  amount: string;
  amountQuetzales: number | null;
  twinsAmountQuetzales: number | null;
}

let browser: Browser;
let portal: Portal;
let smtp: SMTPServer;
let parent: Page;
let admin: Page;
let sofia: number;
let diego: number;
let bankFile: string;
let slip: string;
const inbox: Array<{ to: string[]; data: string }> = [];

const mailTo = (email: string, pattern: RegExp) => mailMatching(inbox, email, pattern);

const statementOf = async (familyId: number) =>
  (await (await admin.request.get(`${portal.url}/api/families/${familyId}/statement`)).json()) as Statement;
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first().waitFor();

beforeAll(async () => {
  const mail = await catchMail(inbox);
  smtp = mail.server;
  [browser, portal] = await Promise.all([
    launchBrowser(),
    startPortal({ SMTP_URL: mail.url, MAIL_POLL_SECONDS: '1', MONEY_MAIL_DELAY_MINUTES: '0' }),
  ]);
  ({ page: admin } = await newPage(browser, DESKTOP));
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);

  // Only the first payment is due; the second owes Q3,400 later.
  const payments = (await (await admin.request.get(`${portal.url}/api/payment-dates`)).json()) as PaymentDate[];
  for (const payment of payments.filter((one) => one.id > 1)) {
    const { id, description, amount, amountQuetzales, twinsAmountQuetzales } = payment;
    const response = await admin.request.put(`${portal.url}/api/payment-dates/${id}`, {
      data: { description, amount, date: '2099-01-01', amountQuetzales: id === 2 ? 3400 : amountQuetzales, twinsAmountQuetzales },
    });
    expect(response.status()).toBe(200);
  }
  const families = (await (await admin.request.get(`${portal.url}/api/families`)).json()) as Array<{ id: number; graduateName: string }>;
  sofia = families.find((family) => family.graduateName === 'Sofía Morales')!.id;
  diego = families.find((family) => family.graduateName === 'Diego Hernández')!.id;
  // The demo's transfers for Sofía's family are taken back: the walk starts with nothing received.
  for (const entry of (await statementOf(sofia)).entries.filter((one) => one.kind === 'credito' && !one.reversal)) {
    const response = await admin.request.post(`${portal.url}/api/ledger-entries/${entry.id}/reverse`, {
      data: { reason: 'Datos de demostración' },
    });
    expect(response.status()).toBe(200);
  }
  expect((await statementOf(sofia)).totals.received).toBe(0);

  const csv = [
    'Banco Industrial;;;;',
    'Cuenta:;123-456789-0;;;',
    ';;;;',
    'Fecha;No. Documento;Descripción;Débito;Crédito',
    '02/11/2026;48213377;DEPÓSITO 48213377;;Q 2,950.00',
    '03/11/2026;100232;DEPOSITO SIN REFERENCIA;;Q 500.00',
  ].join('\n');
  bankFile = path.join(mkdtempSync(path.join(tmpdir(), 'ledger-')), 'estado-de-cuenta.csv');
  writeFileSync(bankFile, `\uFEFF${csv}`);

  ({ page: parent } = await newPage(browser, PHONE));
  await signIn(parent, portal.url, 'padre');
  await parent.waitForURL(`${portal.url}/parent`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

const payment = (title: string) => parent.locator('.parent-payment', { hasText: title });

/** The parent photographs the slip on a phone and sends it for Primer Pago. */
async function theParentSendsTheSlip(): Promise<void> {
  slip = path.join(mkdtempSync(path.join(tmpdir(), 'slip-')), 'boleta.jpg');
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#dde' } })
    .jpeg()
    .toFile(slip);
  await parent.goto(`${portal.url}/parent/pagos`);
  const first = payment('Primer Pago');
  // Due and unpaid: Pendiente, in red, and the balance owed now.
  await first.getByText('Pendiente', { exact: true }).waitFor();
  expect(await first.getByText('Pendiente', { exact: true }).getAttribute('class')).toContain('ui-badge--danger');
  await parent.getByText('Saldo pendiente hoy: Q2,950').waitFor();
  await first.getByRole('button', { name: 'Subir comprobante' }).click();
  await first.getByLabel('Foto o PDF del comprobante').setInputFiles(slip);
  await first.getByLabel('Monto depositado (Q, opcional)').fill('2950');
  await first.getByLabel('Fecha del depósito (opcional)').fill('2026-11-02');
  await first.getByLabel('Número de documento del banco (opcional)').fill('48213377');
  await first.getByRole('button', { name: 'Enviar comprobante' }).click();
  await first.getByText(/^Comprobante #\d+ · Q2,950 · 02\/11\/2026 · Doc\. 48213377 · En revisión$/).waitFor();
  // A receipt is evidence: the payment stays Pendiente until the committee has the money.
  await first.getByText('Pendiente', { exact: true }).waitFor();
  expect(await scrollsSideways(parent)).toBe(false);
}

/** The treasurer verifies it; the family is told by e-mail and its phone reads Pagado. */
async function theTreasurerVerifiesIt(): Promise<void> {
  await admin.goto(`${portal.url}/admin/comprobantes`);
  await admin.getByRole('heading', { name: /Sofía Morales · Pago 1/ }).waitFor();
  expect(await admin.getByLabel('Monto recibido (Q)').inputValue()).toBe('2950');
  await admin.getByRole('button', { name: 'Verificar' }).click();
  await admin.getByText('No hay comprobantes con estos filtros.').waitFor();

  const mail = await mailTo('padre@example.com', /primer pago: recibimos Q2,950/);
  expect(mail).toContain('El comité verificó tu comprobante del primer pago: recibimos Q2,950 (Sofía Morales).');

  await parent.reload();
  const first = payment('Primer Pago');
  await first.getByText('Pagado', { exact: true }).waitFor();
  await first.getByText(/^Comprobante #\d+ · Q2,950 · 02\/11\/2026 · Doc\. 48213377 · Verificado/).waitFor();
  await parent.getByText('No tienes saldo pendiente hoy.').waitFor();
}

/** The same deposit in the bank's statement is shown covered by the receipt and applied once. */
async function theBankLineIsCoveredAndLinked(): Promise<void> {
  await admin.goto(`${portal.url}/admin/banco`);
  await admin.getByLabel('Archivo del banco').setInputFiles(bankFile);
  await admin.getByText('2 depósitos en el archivo; 2 por decidir.').waitFor();
  const covered = admin.getByRole('row', { name: /DEPÓSITO 48213377/ });
  await covered.getByText(/Ya cubierto por el comprobante verificado #\d+ \(familia Sofía Morales\)$/).waitFor();
  expect(await covered.getByRole('combobox').inputValue()).toBe(String(sofia));
  await screenshot(admin, 'ledger-bank-covered');
  await admin.getByRole('button', { name: 'Aplicar el depósito de la fila 5' }).click();
  await toast(admin, '1 línea aplicada, 1 enlazada al comprobante ya verificado (no se contó dos veces)');
  await covered.getByText('Ya aplicada').waitFor();
  expect((await statementOf(sofia)).totals.received).toBe(2950);
}

/** A Q500 line applied to the wrong family: Sofía's phone reads Segundo Pago Parcial. */
async function aLineGoesToTheWrongFamily(): Promise<void> {
  const other = admin.getByRole('row', { name: /SIN REFERENCIA/ });
  await other.getByRole('combobox').selectOption({ label: 'Sofía Morales' });
  await admin.getByRole('button', { name: 'Aplicar el depósito de la fila 6' }).click();
  await other.getByText('Ya aplicada').waitFor();
  expect((await statementOf(sofia)).totals.received).toBe(3450);

  await parent.reload();
  await payment('Segundo Pago').getByText('Parcial (Q500 de Q3,400)').waitFor();
  await payment('Segundo Pago')
    .getByText(/Saldo: Q2,900/)
    .waitFor();
  await parent.locator('.parent-movement', { hasText: 'Depósito en el banco' }).getByText('Q500').waitFor();
  await screenshot(parent, 'ledger-parent-partial');
  expect(await seriousA11yViolations(parent)).toEqual([]);
  expect(await smallTapTargets(parent)).toEqual([]);
}

/** The treasurer reverses it with a reason and a message to the family; it stays crossed out, for the family too, with the message only. */
async function theTreasurerReversesIt(): Promise<void> {
  await admin.goto(`${portal.url}/admin/familias`);
  await admin.getByRole('button', { name: 'Estado de cuenta de la familia de Sofía Morales' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Estado de cuenta: Sofía Morales' });
  await dialog.getByRole('button', { name: 'Revertir Depósito en el banco de Q500' }).click();
  const reason = admin.getByRole('dialog', { name: 'Revertir el movimiento' });
  expect(await reason.getByRole('button', { name: 'Revertir', exact: true }).isDisabled()).toBe(true);
  await reason.getByLabel(/^Motivo interno/).fill('Era de la familia Hernández');
  await reason.getByLabel('Mensaje para la familia (opcional)').fill('Ese depósito no era tuyo; ya lo corregimos.');
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await reason.getByRole('button', { name: 'Revertir', exact: true }).click();
  await toast(admin, 'Movimiento revertido');
  await dialog.getByText(/^Revertido por .+: Era de la familia Hernández$/).waitFor();
  await dialog.getByText('Reversión de «Depósito en el banco»').waitFor();
  expect(await dialog.getByRole('button', { name: 'Revertir Depósito en el banco de Q500' }).count()).toBe(0);
  await screenshot(admin, 'ledger-admin-statement');
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await admin.keyboard.press('Escape');

  await admin.goto(`${portal.url}/admin/historial`);
  const reversalRow = admin.getByRole('row').filter({ hasText: 'Movimiento revertido' }).filter({ hasText: 'Era de la familia Hernández' });
  await reversalRow.getByRole('cell', { name: 'Sofía Morales', exact: true }).waitFor();
  await screenshot(admin, 'ledger-history');

  await parent.reload();
  await payment('Segundo Pago').getByText('Pendiente', { exact: true }).waitFor();
  const reversed = parent.locator('.parent-movement--reversed', { hasText: 'Depósito en el banco' });
  await reversed.getByText('Anulado: Ese depósito no era tuyo; ya lo corregimos.').waitFor();
  await parent.getByText('Corrección: se anuló «Depósito en el banco»').waitFor();
  // The committee's reason names another family: it stays with the committee.
  expect(await parent.getByText(/Hernández/).count()).toBe(0);
}

/** A re-import offers the line again; it goes to the right family; Sofía's stays at Q2,950. */
async function theLineGoesToTheRightFamily(): Promise<void> {
  await admin.goto(`${portal.url}/admin/banco`);
  await admin.getByLabel('Archivo del banco').setInputFiles(bankFile);
  await admin.getByText('2 depósitos en el archivo; 1 por decidir.').waitFor();
  const other = admin.getByRole('row', { name: /SIN REFERENCIA/ });
  await other.getByRole('combobox').selectOption({ label: 'Diego Hernández' });
  await admin.getByRole('button', { name: 'Aplicar el depósito de la fila 6' }).click();
  await other.getByText('Ya aplicada').waitFor();

  const own = await statementOf(sofia);
  expect(own.totals.received).toBe(2950);
  expect(
    (await statementOf(diego)).entries.filter((entry) => entry.source === 'banco' && !entry.reversal).map((entry) => entry.amount),
  ).toEqual([500]);
}

/** Money over what is owed is the family's credit, not a later payment 'Verificado'. */
async function moreMoneyIsACredit(): Promise<void> {
  const { totals } = await statementOf(sofia);
  await admin.goto(`${portal.url}/admin/familias`);
  await admin.getByRole('button', { name: 'Estado de cuenta de la familia de Sofía Morales' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Estado de cuenta: Sofía Morales' });
  await dialog.getByText('Recibido', { exact: true }).first().waitFor();
  const cash = dialog.getByRole('form', { name: 'Registrar dinero recibido' });
  await cash.getByLabel('Monto (Q)').fill(String(totals.balance + 250));
  await cash.getByLabel('Cómo se recibió').selectOption({ label: 'Cheque' });
  await cash.getByLabel('Nota (opcional)').fill('recibo 0012');
  await cash.getByText('11/200 caracteres').waitFor();
  await cash.getByRole('button', { name: 'Registrar pago' }).click();
  await toast(admin, 'Pago registrado');
  await dialog.getByText('Nota: recibo 0012').waitFor();
  await dialog.getByText('Saldo a favor: Q250').waitFor();
  await admin.keyboard.press('Escape');

  // The same statement on the treasurer's phone.
  const { context: phoneContext, page: phone } = await newPage(browser, PHONE);
  await signIn(phone, portal.url, 'admin');
  await phone.waitForURL(`${portal.url}/admin`);
  await phone.goto(`${portal.url}/admin/familias`);
  await phone.getByRole('button', { name: 'Estado de cuenta de la familia de Sofía Morales' }).click();
  const small = phone.getByRole('dialog', { name: 'Estado de cuenta: Sofía Morales' });
  await small.getByText('Nota: recibo 0012').waitFor();
  expect(await scrollsSideways(phone)).toBe(false);
  await small.getByRole('heading', { name: 'Movimientos' }).scrollIntoViewIfNeeded();
  await screenshot(phone, 'ledger-admin-statement');
  await phoneContext.close();

  await parent.reload();
  await parent.getByText('Saldo a favor: Q250').waitFor();
  await payment('Segundo Pago').getByText('Pagado', { exact: true }).waitFor();
  await parent.locator('.parent-movement', { hasText: 'Registrado por el comité · Cheque' }).waitFor();
  // 'Verificado' is only the receipt's own review, never a payment's state.
  expect(await parent.locator('.ui-badge', { hasText: 'Verificado' }).count()).toBe(1);
  expect(await scrollsSideways(parent)).toBe(false);
  await screenshot(parent, 'ledger-parent-credit');
  const { context, page: wide } = await newPage(browser, DESKTOP);
  await signIn(wide, portal.url, 'padre');
  await wide.waitForURL(`${portal.url}/parent`);
  await wide.goto(`${portal.url}/parent/pagos`);
  await wide.getByText('Saldo a favor: Q250').waitFor();
  await screenshot(wide, 'ledger-parent-credit');
  await context.close();
}

/** The same slip sent again is flagged to the parent and the committee, who rejects it with its reason and a message to the family. */
async function theSameSlipTwiceIsFlagged(): Promise<void> {
  await parent.reload();
  const third = payment('Tercer Pago');
  await third.getByRole('button', { name: 'Subir comprobante' }).click();
  await third.getByLabel('Foto o PDF del comprobante').setInputFiles(slip);
  await third.getByLabel('Monto depositado (Q, opcional)').fill('2950');
  await third.getByLabel('Número de documento del banco (opcional)').fill('48213377');
  await third.getByRole('button', { name: 'Enviar comprobante' }).click();
  await third.getByText(/^Parece repetido: igual al comprobante #\d+$/).waitFor();

  await admin.goto(`${portal.url}/admin/comprobantes`);
  await admin.getByRole('heading', { name: /Sofía Morales · Pago 3/ }).waitFor();
  const heading = admin.getByRole('heading', { name: /Sofía Morales · Pago 3/ });
  await heading.getByText(/^Parece repetido: igual al comprobante #\d+$/).waitFor();
  await admin
    .getByRole('list', { name: 'Antes de decidir' })
    .getByText(/Parece repetido/)
    .waitFor();
  await screenshot(admin, 'ledger-receipts-repeat');
  await admin.getByLabel(/^Motivo del rechazo/).fill('Repetido: la tesorera ya lo aplicó');
  await admin.getByLabel('Mensaje para la familia (opcional)').fill('Este comprobante ya lo enviaste para el Primer Pago.');
  await admin.getByRole('button', { name: 'Rechazar' }).click();
  await admin.getByText('No hay comprobantes con estos filtros.').waitFor();
  const mail = await mailTo('padre@example.com', /Este comprobante ya lo enviaste para el Primer Pago\./);
  expect(mail).not.toContain('la tesorera ya lo aplicó');

  await parent.reload();
  await payment('Tercer Pago').getByText('Mensaje del comité: Este comprobante ya lo enviaste para el Primer Pago.').waitFor();
  expect(await parent.getByText(/la tesorera ya lo aplicó/).count()).toBe(0);
}

describe('money as a ledger', () => {
  it('counts a deposit once, undoes a wrong application by a counter-entry, and tells the family', async () => {
    await theParentSendsTheSlip();
    await theTreasurerVerifiesIt();
    await theBankLineIsCoveredAndLinked();
    await aLineGoesToTheWrongFamily();
    await theTreasurerReversesIt();
    await theLineGoesToTheRightFamily();
    await moreMoneyIsACredit();
    await theSameSlipTwiceIsFlagged();
  }, 240_000);
});
