// A receipt in the family's hands (docs/payments.md 'Receipts of credits'): the treasurer records
// cash for Sofía's family in 'Gestión de Familias'; the credit takes the class's next receipt number,
// shown in the committee's statement and named in the family's e-mail; the parent, on a phone, finds
// it in 'Pagos' under 'Mis recibos' and opens it as a page to print (375 and 1280 px).
import type { Browser, Page } from 'playwright-core';
import type { SMTPServer } from 'smtp-server';
import type { CreditReceipt } from '@portal/contracts';
import { seriousA11yViolations, smallTapTargets } from '../support/checks';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { catchMail, mailMatching } from '../support/mail-catcher';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let smtp: SMTPServer;
let admin: Page;
const inbox: Array<{ to: string[]; data: string }> = [];

const mailTo = (email: string, pattern: RegExp) => mailMatching(inbox, email, pattern);

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
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

it("the committee records cash; the parent finds its receipt in 'Pagos' and opens it to print", async () => {
  // The treasurer records Q1,200 received in cash at a meeting.
  await admin.goto(`${portal.url}/admin/familias`);
  await admin.getByRole('button', { name: 'Estado de cuenta de la familia de Sofía Morales' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Estado de cuenta: Sofía Morales' });
  const cash = dialog.getByRole('form', { name: 'Registrar dinero recibido' });
  await cash.getByLabel('Monto (Q)').fill('1200');
  await cash.getByLabel('Nota (opcional)').fill('Sobre entregado en la reunión');
  await cash.getByRole('button', { name: 'Registrar pago' }).click();
  await admin.getByRole('status').filter({ hasText: 'Pago registrado' }).first().waitFor();

  // The parent's session reads its receipts: the newest is this one, numbered in the class's series.
  const { page: parent } = await newPage(browser, PHONE);
  await signIn(parent, portal.url, 'padre');
  await parent.waitForURL(`${portal.url}/parent`);
  const receipts = (await (await parent.request.get(`${portal.url}/api/my-family/credit-receipts`)).json()) as CreditReceipt[];
  const newest = receipts[0]!;
  expect(newest).toMatchObject({ amount: 1200, source: 'efectivo', method: 'efectivo', account: null, annulledAt: null });
  expect(newest.number).toMatch(/^2026-\d{4}$/);
  // The committee's statement names the number too.
  await dialog.getByText(`Recibo ${newest.number}`).waitFor();
  await admin.keyboard.press('Escape');

  // The family is e-mailed, with its receipt's number.
  const mail = await mailTo('padre@example.com', new RegExp(`Tu recibo: ${newest.number}`));
  expect(mail).toContain('El comité registró tu pago del');
  expect(mail).toContain('recibimos Q1,200');
  expect(mail).not.toContain('Sobre entregado');

  // 'Pagos' on the phone: 'Mis recibos', the newest first.
  await parent.goto(`${portal.url}/parent/pagos`);
  const list = parent.locator('.ui-card', { has: parent.getByRole('heading', { name: 'Mis recibos' }) });
  const item = list.getByRole('listitem').first();
  await item.getByText(`Recibo ${newest.number}`).waitFor();
  await item.getByText('Q1,200', { exact: true }).waitFor();
  await item.scrollIntoViewIfNeeded();
  await screenshot(parent, 'credit-receipts-list');
  expect(await scrollsSideways(parent)).toBe(false);
  await item.getByRole('link', { name: `Ver recibo ${newest.number}` }).click();

  // The receipt's own page.
  await parent.waitForURL(`${portal.url}/parent/pagos/recibos/${newest.id}`);
  await parent.getByRole('heading', { name: `Recibo ${newest.number}` }).waitFor();
  const receipt = parent.locator('.parent-receipt');
  await receipt.getByText('Sofía Morales').waitFor();
  await receipt.getByText('Registrado por el comité · Efectivo').waitFor();
  await receipt.getByText('Efectivo, recibido por el comité').waitFor();
  await receipt.getByRole('table').waitFor();
  expect(await receipt.textContent()).not.toContain('Sobre entregado');
  await parent.getByRole('button', { name: 'Imprimir' }).waitFor();
  expect(await scrollsSideways(parent)).toBe(false);
  await screenshot(parent, 'credit-receipt');
  expect(await seriousA11yViolations(parent)).toEqual([]);
  expect(await smallTapTargets(parent)).toEqual([]);
  // On paper: the receipt alone, without the menu or the buttons.
  await parent.emulateMedia({ media: 'print' });
  expect(await parent.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
  expect(await receipt.isVisible()).toBe(true);
  await screenshot(parent, 'credit-receipt-print');
  await parent.emulateMedia({ media: 'screen' });

  // Back to 'Pagos'.
  await parent.getByRole('link', { name: 'Volver a Pagos' }).click();
  await parent.waitForURL(`${portal.url}/parent/pagos`);

  // The same page on a computer.
  const { page: desktop } = await newPage(browser, DESKTOP);
  await signIn(desktop, portal.url, 'padre');
  await desktop.waitForURL(`${portal.url}/parent`);
  await desktop.goto(`${portal.url}/parent/pagos/recibos/${newest.id}`);
  await desktop.getByRole('heading', { name: `Recibo ${newest.number}` }).waitFor();
  await screenshot(desktop, 'credit-receipt');
  expect(await seriousA11yViolations(desktop)).toEqual([]);
});
