// 'Mi cuenta' in the built portal: the demo parent changes the password and signs in with the
// new one; 'Cerrar sesión en todos los dispositivos' signs out another browser of the same user.
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { seriousA11yViolations } from '../support/checks';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
/** The demo parent's password: each test that changes it leaves the new one here. */
let password = 'graduacion2026';

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function signedInParent(viewport = DESKTOP): Promise<{ close: () => Promise<void>; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  await signIn(page, portal.url, 'padre', password);
  await page.waitForURL(`${portal.url}/parent`);
  return { close: () => context.close(), page };
}

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first();

describe.each([PHONE, DESKTOP])("'Mi cuenta' (%j)", (viewport) => {
  it('changes the password from the navigation bar; the other browser is signed out, the new password signs in', async () => {
    const other = await signedInParent();
    const { close, page } = await signedInParent(viewport);

    await page.getByRole('link', { name: 'Mi cuenta' }).click();
    await page.waitForURL(`${portal.url}/cuenta`);
    await page.getByRole('heading', { level: 1, name: 'Mi cuenta' }).waitFor();
    // The class year comes from /api/config, which may answer after the page is drawn.
    await page.waitForFunction(() => document.title === 'Mi cuenta · Class of 2026');
    expect(await page.getByRole('link', { name: 'Mi cuenta' }).getAttribute('aria-current')).toBe('page');
    await page.getByText('Carlos Morales', { exact: true }).last().waitFor();
    await page.getByText('padre', { exact: true }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'account');

    // Mistakes show under their fields; the server's own (a common password) too.
    const next = `birrete-azul-${viewport.width}`;
    await page.getByLabel('Contraseña actual').fill('no-es-la-mia');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Password1');
    await page.getByLabel('Confirmar nueva contraseña').fill('Password1');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('Esa contraseña es demasiado común. Elige otra.').waitFor();
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(next);
    await page.getByLabel('Confirmar nueva contraseña').fill(next);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('La contraseña actual no es correcta.').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'account-errors');

    await page.getByLabel('Contraseña actual').fill(password);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const changed = toast(page, 'Contraseña actualizada');
    await changed.waitFor();
    expect(await changed.textContent()).toContain('Cerramos tu sesión en los demás dispositivos.');
    password = next;
    await screenshot(page, 'account-changed');

    // This browser is still signed in; the other one lands on /auth at its next step.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Mi cuenta' }).waitFor();
    // 'Mi cuenta' asks the API for the notice e-mail setting as it opens: its 401 is that step.
    await other.page.getByRole('link', { name: 'Mi cuenta' }).click();
    await other.page.waitForURL((url) => url.pathname === '/auth');
    await other.close();

    // Out, and back in with the new password; the old one is refused.
    await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await page.waitForURL(`${portal.url}/auth`);
    await signIn(page, portal.url, 'padre', 'graduacion2026');
    await toast(page, 'Login failed').waitFor();
    await signIn(page, portal.url, 'padre', password);
    await page.waitForURL(`${portal.url}/parent`);
    await close();
  });
});

describe("'Cerrar sesión en todos los dispositivos'", () => {
  it.each([PHONE, DESKTOP])('asks first, then signs out this browser and every other one (%j)', async (viewport) => {
    const other = await signedInParent();
    await other.page
      .getByRole('navigation', { name: 'Secciones del portal de padres' })
      .last()
      .getByRole('link', { name: 'Eventos' })
      .click();
    const event = other.page.locator('.parent-event').first();
    await event.waitFor();
    const { close, page } = await signedInParent(viewport);
    await page.goto(`${portal.url}/cuenta`);

    // Cancelling changes nothing.
    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Cerrar sesión en todos los dispositivos?' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'account-logout-all');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Mi cuenta' }).waitFor();

    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    await dialog.getByRole('button', { name: 'Cerrar sesión en todos' }).click();
    await page.waitForURL(`${portal.url}/auth`);
    await toast(page, 'Sesión cerrada en todos los dispositivos').waitFor();
    await page.goto(`${portal.url}/cuenta`);
    await page.waitForURL(`${portal.url}/auth`);

    // The other browser's next action (answering an event) finds its session gone.
    await event.getByRole('button', { name: 'Asistiré' }).click();
    // Sent to sign in, remembering where they were.
    await other.page.waitForURL(`${portal.url}/auth?next=%2Fparent%2Feventos`);
    await other.page.getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    await other.close();
    await close();
  });
});
