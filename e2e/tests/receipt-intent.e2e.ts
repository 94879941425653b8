// A family says what a deposit slip pays (decisions items 20 and 25): on a phone at 375 px a parent
// sends a slip for the sixth payment while the first is still unpaid, the committee sees that
// choice in 'Comprobantes' and verifies it, and the parent's 'Pagos' shows the sixth paid and the
// first still pending.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { seriousA11yViolations, smallTapTargets } from '../support/checks';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let parent: Page;
let admin: Page;

/** A small PDF of a deposit slip, as a bank's app saves it. */
function slip(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'slip-')), 'boleta-sexto-pago.pdf');
  writeFileSync(
    file,
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  return file;
}

const AMOUNTS = [2950, 3400, 1500, 1500, 1000, 1000];

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  ({ page: parent } = await newPage(browser, PHONE));
  ({ page: admin } = await newPage(browser, DESKTOP));
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  // Six payments with amounts, none due yet: the first is the oldest not paid.
  for (const [index, amount] of AMOUNTS.entries()) {
    const response = await admin.request.put(`${portal.url}/api/payment-dates/${index + 1}`, {
      data: { description: `Pago ${index + 1}`, date: `2099-0${index + 1}-15`, amount: `Q${amount}`, amountQuetzales: amount },
    });
    expect(response.status()).toBe(200);
  }
  const families = (await (await admin.request.get(`${portal.url}/api/families`)).json()) as Array<{ id: number; email: string }>;
  const own = families.find((family) => family.email === 'padre@example.com')!;
  // The demo's transfers for the family are reversed: it starts with nothing received.
  const { entries } = (await (await admin.request.get(`${portal.url}/api/families/${own.id}/statement`)).json()) as {
    entries: Array<{ id: number; kind: string; reversal: unknown }>;
  };
  for (const entry of entries.filter((one) => one.kind === 'credito' && !one.reversal)) {
    const response = await admin.request.post(`${portal.url}/api/ledger-entries/${entry.id}/reverse`, {
      data: { reason: 'Datos de demostración' },
    });
    expect(response.status()).toBe(200);
  }
  await signIn(parent, portal.url, 'padre');
  await parent.waitForURL(`${portal.url}/parent`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('what a family says a slip pays', () => {
  it('pays the sixth payment with a slip the family sent for it, while the first stays pending', async () => {
    // The parent, on the phone: the bank card's 'Subir comprobante' opens the upload with the oldest unpaid payment chosen.
    await parent.getByRole('navigation', { name: 'Secciones del portal de padres' }).last().getByRole('link', { name: 'Pagos' }).click();
    const first = parent.locator('.parent-payment', { hasText: 'Primer Pago' });
    const sixth = parent.locator('.parent-payment', { hasText: 'Sexto Pago' });
    await first.getByText('Pendiente', { exact: true }).waitFor();
    await parent.locator('.parent-bank__upload').getByRole('button', { name: 'Subir comprobante' }).click();
    const question = first.getByRole('group', { name: '¿Qué paga este depósito?' });
    await question.waitFor();
    expect(await question.getByRole('checkbox', { name: /^Primer Pago/ }).isChecked()).toBe(true);
    expect(await question.getByRole('checkbox', { name: /^Sexto Pago/ }).isChecked()).toBe(false);
    // The family changes it: this deposit is for the sixth payment.
    await question.getByRole('checkbox', { name: /^Primer Pago/ }).uncheck();
    await question.getByRole('checkbox', { name: /^Sexto Pago/ }).check();
    await first.getByLabel('Foto o PDF del comprobante').setInputFiles(slip());
    await first.getByLabel('Monto depositado (Q, opcional)').fill('1000');
    expect(await scrollsSideways(parent)).toBe(false);
    // The open form passes the checks every screen passes: no serious axe violation, fingers' targets.
    expect(await seriousA11yViolations(parent)).toEqual([]);
    expect(await smallTapTargets(parent)).toEqual([]);
    await question.scrollIntoViewIfNeeded();
    await screenshot(parent, 'receipt-intent-choice');
    await first.getByRole('button', { name: 'Enviar comprobante' }).click();
    // Listed under the sixth payment, saying what it pays; the payment itself is not paid yet.
    await sixth.getByText(/^Comprobante #\d+ · Q1,000 · En revisión$/).waitFor();
    await sixth.getByText('Para: Sexto Pago').waitFor();
    await sixth.getByText('Pendiente', { exact: true }).waitFor();

    // The committee, at 1280 px: the queue says what the family said the slip pays, and verifies it.
    await admin.goto(`${portal.url}/admin/comprobantes`);
    await admin.getByRole('combobox', { name: /^Pago/ }).selectOption('6');
    await admin.getByRole('heading', { name: /Sofía Morales · Pago 6/ }).waitFor();
    await admin
      .getByText('La familia dice que paga: Sexto Pago. Se aplica primero a ese pago; lo que sobre, al pendiente más antiguo.')
      .waitFor();
    await admin.getByText('Monto esperado: Q1,000 (pendiente de verificar: Q1,000)').waitFor();
    expect(await admin.getByLabel('Monto recibido (Q)').inputValue()).toBe('1000');
    await screenshot(admin, 'receipt-intent-queue');
    await admin.getByRole('button', { name: 'Verificar' }).click();
    await admin.getByText('No hay comprobantes con estos filtros.').waitFor();

    // The parent's 'Pagos': the sixth payment paid, the first still pending.
    await parent.reload();
    await sixth.getByText('Pagado', { exact: true }).waitFor();
    await sixth.getByText(/^Comprobante #\d+ · Q1,000 · Verificado/).waitFor();
    await first.getByText('Pendiente', { exact: true }).waitFor();
    expect(await scrollsSideways(parent)).toBe(false);
    await screenshot(parent, 'receipt-intent-paid');

    // The same 'Pagos' on a computer.
    const { context, page: wide } = await newPage(browser, DESKTOP);
    await signIn(wide, portal.url, 'padre');
    await wide.waitForURL(`${portal.url}/parent`);
    await wide.goto(`${portal.url}/parent/pagos`);
    const wideFirst = wide.locator('.parent-payment', { hasText: 'Primer Pago' });
    await wide.locator('.parent-payment', { hasText: 'Sexto Pago' }).getByText('Pagado', { exact: true }).waitFor();
    await wideFirst.getByRole('button', { name: 'Subir comprobante' }).click();
    await wideFirst.getByRole('group', { name: '¿Qué paga este depósito?' }).waitFor();
    await screenshot(wide, 'receipt-intent-paid');
    await context.close();
  }, 180_000);
});
