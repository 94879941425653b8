// A payment without an amount, on a phone (375 px): the committee clears the amounts of payments 3
// to 6 on 'Fechas de Pago' and is warned that families read 'Monto por definir'; the demo parent,
// who paid 1 and 2, reads "Al día por ahora · 4 pagos por definir" on Mi Portal, never "No hay más
// pagos por vencer", and 'Monto por definir' on those payments in 'Pagos'.
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let admin: Page;
const UNPRICED = ['Tercer Pago', 'Cuarto Pago', 'Quinto Pago', 'Sexto Pago'];

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  ({ page: admin } = await newPage(browser, PHONE));
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  // Where the committee starts: every payment has its amount, so the demo parent owes 3 to 6.
  for (const id of [3, 4, 5, 6]) {
    const response = await admin.request.put(`${portal.url}/api/payment-dates/${id}`, {
      data: { description: `Pago ${id}`, date: '2026-01-15', amount: 'Q1,500', amountQuetzales: 1500, twinsAmountQuetzales: null },
    });
    expect(response.status()).toBe(200);
  }
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function openPortal(page: Page) {
  await page.goto(`${portal.url}/parent`);
  const card = page.getByTestId('family-money');
  await card.waitFor();
  return card;
}

/** Where the committee starts: the parent owes the priced payments. */
async function theParentOwesThePricedPayments(): Promise<void> {
  const { context, page } = await newPage(browser, PHONE);
  await signIn(page, portal.url, 'padre');
  await page.waitForURL(`${portal.url}/parent`);
  const card = await openPortal(page);
  await card.getByText(/Debe hoy/).waitFor();
  expect(await card.getByText(/por definir/).count()).toBe(0);
  await context.close();
}

/** The committee clears the amounts of payments 3 to 6 on a phone and is warned. */
async function theCommitteeClearsFourAmounts(): Promise<void> {
  await admin.goto(`${portal.url}/admin/fechas-de-pago`);
  for (const title of UNPRICED) {
    await admin.getByRole('button', { name: `Editar ${title}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Editar ${title}` });
    await dialog.getByLabel('Monto por familia (Q)').fill('');
    const saved = admin.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/api/payment-dates/'),
    );
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
  }
  const warning = admin.getByRole('status').filter({
    hasText: '4 pagos no tienen monto: Tercer Pago, Cuarto Pago, Quinto Pago y Sexto Pago. Las familias los ven como «Monto por definir».',
  });
  await warning.waitFor();
  expect(await scrollsSideways(admin)).toBe(false);
  await screenshot(admin, 'admin-payment-dates-unpriced');
  await admin.goto(`${portal.url}/admin`);
  await admin.getByRole('status').filter({ hasText: '4 pagos no tienen monto' }).waitFor();
  await admin.getByRole('link', { name: 'Ir a Fechas de Pago' }).waitFor();
  expect(await scrollsSideways(admin)).toBe(false);
  await screenshot(admin, 'admin-dashboard-unpriced');
  await admin.setViewportSize(DESKTOP);
  await admin.getByRole('link', { name: 'Ir a Fechas de Pago' }).click();
  await admin.waitForURL(`${portal.url}/admin/fechas-de-pago`);
  await warning.waitFor();
  await screenshot(admin, 'admin-payment-dates-unpriced');
  await admin.setViewportSize(PHONE);
}

/** The parent reads it is up to date for now, with 4 payments to be set, at 375 and 1280 px. */
async function theParentReadsFourToBeSet(): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page, portal.url, 'padre');
    await page.waitForURL(`${portal.url}/parent`);
    const card = await openPortal(page);
    await card.getByText('Al día por ahora · 4 pagos por definir').waitFor();
    expect(await card.textContent()).not.toContain('No hay más pagos por vencer');
    expect(await card.getByText(/Debe hoy/).count()).toBe(0);
    expect(await page.getByText('Plazo vencido').count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'parent-portal-unpriced');

    await card.getByRole('link', { name: 'Ir a Pagos' }).click();
    await page.waitForURL(`${portal.url}/parent/pagos`);
    for (const title of UNPRICED) {
      const item = page.locator('.parent-payment').filter({ has: page.getByRole('heading', { name: title }) });
      await item.getByText('Monto por definir', { exact: true }).waitFor();
    }
    await page.getByText(`Monto por definir: ${UNPRICED.slice(0, 3).join(', ')} y ${UNPRICED[3]}.`).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'parent-payments-unpriced');
    await context.close();
  }
}

// One story: each step starts from where the one before left the portal (the suite runs its tests in random order).
it("tells families 'Monto por definir' once the committee clears four amounts, and warns the committee", async () => {
  await theParentOwesThePricedPayments();
  await theCommitteeClearsFourAmounts();
  await theParentReadsFourToBeSet();
});
