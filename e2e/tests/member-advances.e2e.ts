// A member's advance on the committee's books (docs/books.md 'Advances'): the florist paid by Ana
// López from her own pocket, recorded with its invoice as 'Pagado por un miembro' (spending, no
// account moves), listed as 'Por reembolsar a Ana López Q450', then paid back from the bank on a
// 375 px phone (the account down, spending unchanged), without sideways scrolling.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Books } from '@portal/contracts';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { DESKTOP, launchBrowser, newPage, PHONE, scrollsSideways, signIn } from '../support/browser';
import { ROOT, startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let dir: string;
let invoice: string;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  dir = mkdtempSync(path.join(tmpdir(), 'advances-'));
  invoice = path.join(dir, 'factura-flores.jpg');
  writeFileSync(
    invoice,
    await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 250, g: 250, b: 245 } } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const SHOTS = path.join(ROOT, 'e2e/artifacts/screenshots');
const card = (page: Page) => page.getByRole('region', { name: 'Por reembolsar a miembros' });
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first().waitFor();
const cents = (quetzales: number) => Math.round(quetzales * 100);

it('records the florist Ana López paid and pays her back from the bank, at 1280 and 375 px', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  await signIn(page, portal.url, 'admin');
  await page.waitForURL(`${portal.url}/admin`);
  const books = async (on: Page) => (await (await on.request.get(`${portal.url}/api/books`)).json()) as Books;
  const main = (view: Books) => cents(view.accounts.find((account) => account.main)!.balance);
  const before = await books(page);
  await page.goto(`${portal.url}/admin/cuentas-comite`);

  const form = page.getByRole('form', { name: 'Registrar gasto' });
  await form.getByLabel('Categoría').fill('Decoración');
  await form.getByLabel('Proveedor', { exact: true }).fill('Floristería El Jardín');
  await form.getByLabel('Concepto').fill('Arreglos florales del acto');
  await form.getByLabel('Monto (Q)').fill('450');
  await form.getByLabel('Forma de pago').selectOption('miembro');
  await form.getByLabel('Miembro que pagó').fill('Ana López');
  await form.getByLabel('Factura (foto o PDF)').setInputFiles(invoice);
  await form.getByRole('button', { name: 'Registrar gasto' }).click();
  await toast(page, 'Gasto registrado');
  const debts = card(page);
  await debts.getByText('Por reembolsar a Ana López Q450').waitFor();
  const recorded = await books(page);
  expect(cents(recorded.totals.spent)).toBe(cents(before.totals.spent) + 45000);
  expect(main(recorded)).toBe(main(before));
  expect(recorded.totals.owedToMembers).toBe(450);
  await page.getByText('Por reembolsar a miembros', { exact: true }).first().waitFor();
  await debts.getByRole('button', { name: 'Reembolsar' }).click();
  await debts.getByRole('form', { name: 'Reembolso a Ana López' }).waitFor();
  await debts.screenshot({ path: path.join(SHOTS, 'member-advances-1280.png') });
  await context.close();

  const phone = await newPage(browser, PHONE);
  await signIn(phone.page, portal.url, 'admin');
  await phone.page.waitForURL(`${portal.url}/admin`);
  await phone.page.goto(`${portal.url}/admin/cuentas-comite`);
  const onPhone = card(phone.page);
  await onPhone.getByText('Por reembolsar a Ana López Q450').waitFor();
  await onPhone.getByRole('button', { name: 'Reembolsar' }).click();
  const pay = onPhone.getByRole('form', { name: 'Reembolso a Ana López' });
  expect(await scrollsSideways(phone.page)).toBe(false);
  await onPhone.screenshot({ path: path.join(SHOTS, 'member-advances-375.png') });
  await pay.getByRole('button', { name: 'Registrar reembolso' }).click();
  await toast(phone.page, 'Reembolso registrado');
  await onPhone.getByText('No se le debe nada a ningún miembro.').waitFor();
  const paid = await books(phone.page);
  expect(main(paid)).toBe(main(recorded) - 45000);
  expect(paid.totals.spent).toBe(recorded.totals.spent);
  expect(paid.totals.owedToMembers).toBe(0);
  await phone.context.close();
});
