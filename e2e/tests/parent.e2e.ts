import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let page: Page;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  ({ page } = await newPage(browser, PHONE));
  await signIn(page, portal.url, 'padre');
  await page.waitForURL(`${portal.url}/parent`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});
// The tests run in random order: each starts on Mi Portal, whatever the one before it left open.
beforeEach(async () => {
  await page.goto(`${portal.url}/parent`);
  await page.getByRole('heading', { name: /^Bienvenido/ }).waitFor();
});

const toast = async (title: string, description: string) => {
  const status = page.getByRole('status').filter({ hasText: title }).first();
  await status.waitFor();
  expect(await status.textContent()).toContain(description);
};
const go = async (label: string) => {
  await page.getByRole('navigation', { name: 'Secciones del portal de padres' }).last().getByRole('link', { name: label }).click();
};

describe("the parents' portal", () => {
  it('greets the parent with the graduate and the reminders', async () => {
    await page.getByRole('heading', { name: 'Bienvenido, Carlos Morales' }).waitFor();
    await page.getByText('Graduado(a): Sofía Morales').waitFor();
    await page.getByText('Sábado, 30 de mayo de 2026').waitFor();
    await page.getByText('2 mesas').waitFor();
    await page.getByText('16 invitados').waitFor();
  });

  it('confirms an event, which survives a reload and reaches the admin', async () => {
    await go('Eventos');
    const card = page.locator('.parent-event', { hasText: 'Ceremonia de Premiación' });
    await card.getByRole('button', { name: 'Asistiré' }).click();
    await toast('RSVP Actualizado', 'Tu confirmación de asistencia ha sido actualizada exitosamente.');
    await card.locator('.ui-badge', { hasText: 'Asistiré' }).waitFor();
    await page.reload();
    await page.locator('.parent-event', { hasText: 'Ceremonia de Premiación' }).locator('.ui-badge', { hasText: 'Asistiré' }).waitFor();

    const { context, page: admin } = await newPage(browser, DESKTOP);
    await signIn(admin, portal.url, 'admin');
    await admin.waitForURL(`${portal.url}/admin`);
    await admin.goto(`${portal.url}/admin/confirmaciones`);
    const adminCard = admin.locator('.ui-card', { hasText: 'Ceremonia de Premiación' });
    await adminCard.getByText('Sofía Morales').waitFor();
    await adminCard.getByText('Carlos Morales').waitFor();
    await context.close();
  });

  it('lists the events that are over apart, below the upcoming ones, with the answer given and no way to change it', async () => {
    await go('Eventos');
    const upcoming = page.getByRole('region', { name: 'Próximos eventos' });
    const past = page.getByRole('region', { name: 'Eventos pasados' });
    await past.waitFor();
    await upcoming.locator('.parent-event', { hasText: 'Ceremonia de Premiación' }).waitFor();
    expect(await upcoming.getByText('Reunión de Padres de Familia').count()).toBe(0);
    const meeting = past.locator('.parent-event', { hasText: 'Reunión de Padres de Familia' });
    await meeting.getByText('Este evento ya pasó.').waitFor();
    await meeting.locator('.ui-badge', { hasText: 'Asistiré' }).waitFor();
    expect(await meeting.getByRole('button').count()).toBe(0);
    expect(await meeting.getByRole('link', { name: /Compartir por WhatsApp/ }).count()).toBe(0);
    await screenshot(page, 'parent-events');
  });

  it("adds an event to the phone's calendar, and subscribes it with a link that works until revoked", async () => {
    await go('Eventos');
    const event = page.locator('.parent-event', { hasText: 'Ceremonia de Premiación' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      event.getByRole('link', { name: 'Agregar a mi calendario: Ceremonia de Premiación' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ceremonia-de-premiacion.ics');

    const card = page.locator('.ui-card', { hasText: 'Calendario del teléfono' });
    await card.getByRole('button', { name: 'Suscribirse' }).click();
    await toast('Enlace listo', 'Ábrelo en tu teléfono para suscribirte.');
    const url = (await card.locator('.parent-calendar__link').textContent())!;
    expect(url).toMatch(new RegExp(`^${portal.url}/api/calendar/[\\w-]{43}\\.ics$`));
    expect(await card.getByRole('link', { name: 'Abrir en mi calendario' }).getAttribute('href')).toBe(url.replace(/^http:/, 'webcal:'));
    await screenshot(page, 'parent-events-calendar');
    // What a calendar app does: no cookie, only the link.
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Ceremonia de Premiación');

    await card.getByRole('button', { name: 'Desactivar enlace' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Desactivar enlace' }).click();
    await toast('Enlace desactivado', 'Tu calendario ya no recibirá los eventos.');
    await card.getByRole('button', { name: 'Suscribirse' }).waitFor();
    expect((await fetch(url)).status).toBe(404);
  });

  it("changes a payment to 'Ya pagué' and back, and the answer survives a reload", async () => {
    await go('Pagos');
    const first = page.getByRole('group', { name: 'Estado del Tercer Pago' });
    await first.getByLabel('Ya pagué').check();
    await toast('Confirmación Actualizada', 'Tu estado de pago ha sido actualizado exitosamente.');
    await page.reload();
    expect(await page.getByRole('group', { name: 'Estado del Tercer Pago' }).getByLabel('Ya pagué').isChecked()).toBe(true);
    await page.getByRole('group', { name: 'Estado del Tercer Pago' }).getByLabel('No asistiré').check();
    await toast('Confirmación Actualizada', 'Tu estado de pago ha sido actualizado exitosamente.');
    await page.reload();
    expect(await page.getByRole('group', { name: 'Estado del Tercer Pago' }).getByLabel('No asistiré').isChecked()).toBe(true);
  });

  it('answers the brunch for 3 people on Mi Portal at 375 px: Eventos and Confirmaciones show the same answer', async () => {
    await go('Mi Portal');
    const row = page.locator('.parent-attendance__row', { hasText: 'Brunch de Padres y Graduados' });
    // Not answered yet: 'Pendiente', and neither button pressed (decisions item 17).
    await row.getByText('Pendiente', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'No Puedo Asistir' }).getAttribute('aria-pressed')).toBe('false');
    expect(await row.getByRole('button', { name: 'Asistiré' }).getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'parent-portal-brunch-unanswered');
    await row.getByRole('button', { name: 'Una persona más' }).click();
    await row.getByRole('button', { name: 'Una persona más' }).click();
    expect(await row.getByLabel('Personas').inputValue()).toBe('3');
    await row.getByRole('button', { name: 'Asistiré' }).click();
    await toast('RSVP Actualizado', 'Tu estado de confirmación ha sido actualizado exitosamente.');
    await row.getByText('Confirmado', { exact: true }).waitFor();
    await row.getByText('3 personas').waitFor();
    await screenshot(page, 'parent-portal-brunch-answered');
    await page.reload();
    const reloaded = page.locator('.parent-attendance__row', { hasText: 'Brunch de Padres y Graduados' });
    await reloaded.getByText('Confirmado', { exact: true }).waitFor();
    await page.getByText('Confirmación: Confirmado').first().waitFor();

    await go('Eventos');
    const card = page.locator('.parent-event', { hasText: 'Brunch de Padres y Graduados' });
    await card.locator('.ui-badge', { hasText: 'Asistiré' }).waitFor();
    await card.getByText('3 personas').waitFor();
    expect(await card.getByLabel('Personas').inputValue()).toBe('3');

    const { context, page: admin } = await newPage(browser, PHONE);
    await signIn(admin, portal.url, 'admin');
    await admin.waitForURL(`${portal.url}/admin`);
    await admin.goto(`${portal.url}/admin/confirmaciones`);
    const adminCard = admin.locator('.ui-card', { hasText: 'Brunch de Padres y Graduados' });
    const attending = adminCard.getByRole('list', { name: 'Familias que asistirán' });
    await attending.getByRole('listitem').filter({ hasText: 'Sofía Morales' }).getByText('3 personas').waitFor();
    await adminCard.getByText('Total: 9 personas').waitFor();
    await adminCard.getByText(/^Sin respuesta: \d+$/).waitFor();
    await screenshot(admin, 'admin-rsvps-brunch');
    await context.close();
  });

  it.each([PHONE, DESKTOP])('shows every section without sideways scrolling (%j)', async (viewport) => {
    const { context, page: view } = await newPage(browser, viewport);
    await signIn(view, portal.url, 'padre');
    await view.waitForURL(`${portal.url}/parent`);
    for (const [path, name] of [
      ['', 'portal'],
      ['eventos', 'events'],
      ['notificaciones', 'notices'],
      ['pagos', 'payments'],
      ['fiesta', 'gala'],
    ] as const) {
      await view.goto(`${portal.url}/parent${path ? `/${path}` : ''}`);
      await view.locator('.ui-panel__content section, .ui-panel__content .ui-card').first().waitFor();
      await view.waitForLoadState('networkidle');
      expect({ name, sideways: await scrollsSideways(view) }).toEqual({ name, sideways: false });
      await screenshot(view, `parent-${name}`);
    }
    await context.close();
  });
});
