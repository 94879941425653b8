// How far a notice went: the committee posts one and e-mails it, a parent opens 'Notificaciones'
// on a phone, and the committee's list says "Leído por 1 de N familias" with its e-mails.
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let admin: Page;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  ({ page: admin } = await newPage(browser, DESKTOP));
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe("'Notificaciones y Recordatorios'", () => {
  it('says per notice how many families read it and what became of its e-mails', async () => {
    const families = (await (await admin.request.get(`${portal.url}/api/families`)).json()) as unknown[];
    await admin.goto(`${portal.url}/admin/notificaciones`);
    await admin.getByRole('button', { name: 'Nueva Notificación' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Crear Notificación' });
    await dialog.getByLabel('Título').fill('Ensayo de la ceremonia');
    await dialog.getByLabel('Mensaje').fill('El ensayo es el viernes a las 15:00 en el gimnasio.');
    await dialog.getByLabel('Enviar también por correo').check();
    await dialog.getByRole('button', { name: 'Crear Notificación' }).click();
    await admin.getByRole('status').filter({ hasText: 'Notificación creada' }).first().waitFor();
    const card = admin.locator('.admin-notice').filter({ hasText: 'Ensayo de la ceremonia' });
    await card.getByText(`Leído por 0 de ${families.length} familias`).waitFor();
    // Without a mail server the e-mails wait in the outbox ('Correos').
    const emails = await card.getByText(/^Correos: /).textContent();
    expect(emails).toMatch(/^Correos: 0 enviados · \d+ pendientes/);
    expect(Number(/(\d+) pendientes/.exec(emails!)![1])).toBeGreaterThan(0);

    const { context, page: parent } = await newPage(browser, PHONE);
    await signIn(parent, portal.url, 'padre');
    await parent.waitForURL(`${portal.url}/parent`);
    // The visit is recorded as the page opens.
    const recorded = parent.waitForResponse(
      (response) => response.url().endsWith('/api/my-notices-seen') && response.request().method() === 'PUT',
    );
    await parent.goto(`${portal.url}/parent/notificaciones`);
    await parent.getByText('El ensayo es el viernes a las 15:00 en el gimnasio.').waitFor();
    expect((await recorded).status()).toBe(200);
    await context.close();

    await admin.reload();
    await card.getByText(`Leído por 1 de ${families.length} familias`).waitFor();
    await screenshot(admin, 'notices-reach');

    const { context: phoneContext, page: phone } = await newPage(browser, PHONE);
    await signIn(phone, portal.url, 'admin');
    await phone.waitForURL(`${portal.url}/admin`);
    await phone.goto(`${portal.url}/admin/notificaciones`);
    await phone
      .locator('.admin-notice')
      .filter({ hasText: 'Ensayo de la ceremonia' })
      .getByText(`Leído por 1 de ${families.length} familias`)
      .waitFor();
    expect(await scrollsSideways(phone)).toBe(false);
    await screenshot(phone, 'notices-reach');
    await phoneContext.close();
  });
});
