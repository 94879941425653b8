import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, signIn } from '../support/browser';
import { seriousA11yViolations, smallTapTargets } from '../support/checks';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

// /auth/verificar with a link that is not valid: its failure page.
const SHELL = ['/', '/auth', `/auth/verificar?token=${'A'.repeat(43)}`, '/no-existe'];
const ADMIN = [
  '/admin',
  '/admin/eventos',
  '/admin/confirmaciones',
  '/admin/familias',
  '/admin/usuarios',
  '/admin/correos',
  '/admin/notificaciones',
  '/admin/fechas-de-pago',
  '/admin/comprobantes',
  '/admin/banco',
  '/admin/cuentas-comite',
  '/admin/fiesta',
  '/admin/historial',
  // With the demo's Class of 2025 closed: 'Acceso de las familias' under the closing's checklist.
  '/admin/cierre',
  '/cuenta',
];
const PARENT = ['/parent', '/parent/eventos', '/parent/notificaciones', '/parent/pagos', '/parent/fiesta', '/parent/cuentas', '/cuenta'];

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
}

async function audit(page: Page, paths: string[]): Promise<Record<string, unknown>> {
  const problems: Record<string, unknown> = {};
  for (const path of paths) {
    await page.goto(`${portal.url}${path}`);
    await settle(page);
    const violations = await seriousA11yViolations(page);
    const small = page.viewportSize()!.width <= PHONE.width ? await smallTapTargets(page) : [];
    if (violations.length || small.length) problems[path] = { violations, small };
  }
  return problems;
}

describe.each([PHONE, DESKTOP])('accessibility and tap targets (%j)', (viewport) => {
  it('the shell has no serious violation', async () => {
    const { context, page } = await newPage(browser, viewport);
    expect(await audit(page, SHELL)).toEqual({});
    await context.close();
  });

  it('every admin screen, and its dialogs, have no serious violation', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page, portal.url, 'admin');
    await page.waitForURL(`${portal.url}/admin`);
    expect(await audit(page, ADMIN)).toEqual({});
    await page.goto(`${portal.url}/admin/familias`);
    await page.getByRole('button', { name: 'Agregar Familia' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it("every parents' screen has no serious violation", async () => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page, portal.url, 'padre');
    await page.waitForURL(`${portal.url}/parent`);
    // And the page of one of the family's receipts (the demo's transfers have theirs).
    const [receipt] = (await (await page.request.get(`${portal.url}/api/my-family/credit-receipts`)).json()) as Array<{ id: number }>;
    expect(await audit(page, [...PARENT, `/parent/pagos/recibos/${receipt!.id}`])).toEqual({});
    await context.close();
  });
});

describe('keyboard only', () => {
  it('signs in, confirms an event and a payment without a mouse', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto(`${portal.url}/auth`);
    // The form answers once the page's code has run (it loads after the first paint).
    await page.locator('button.auth__submit:not([disabled])').waitFor();
    await page.getByLabel('Email o nombre de usuario').focus();
    await page.keyboard.type('padre');
    await page.keyboard.press('Tab');
    await page.keyboard.type('graduacion2026');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${portal.url}/parent`);

    await page.goto(`${portal.url}/parent/eventos`);
    const card = page.locator('.parent-event', { hasText: 'Misa de Acción de Gracias' });
    await card.getByRole('button', { name: 'Asistiré' }).focus();
    await page.keyboard.press('Enter');
    await card.locator('.ui-badge', { hasText: 'Asistiré' }).waitFor();

    await page.goto(`${portal.url}/parent/pagos`);
    const group = page.getByRole('group', { name: 'Estado del Primer Pago' });
    await group.getByLabel('No asistiré').focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('status').filter({ hasText: 'Confirmación Actualizada' }).first().waitFor();
    expect(await group.getByLabel('Ya pagué').isChecked()).toBe(true);
    await context.close();
  });

  it('traps focus in a dialog and closes it with Escape', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, portal.url, 'admin');
    await page.waitForURL(`${portal.url}/admin`);
    await page.goto(`${portal.url}/admin/eventos`);
    await page.getByRole('button', { name: 'Agregar Evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Nuevo Evento' });
    await dialog.waitFor();
    for (let press = 0; press < 15; press += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
