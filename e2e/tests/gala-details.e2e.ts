// The gala's place and time have one source, the event 'Fiesta de Graduación': what the committee
// sets in the gala's screen is what a parent reads in 'Fiesta' and in 'Eventos', on a phone.
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let admin: Page;
let parent: Page;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  ({ page: admin } = await newPage(browser, DESKTOP));
  ({ page: parent } = await newPage(browser, PHONE));
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  await signIn(parent, portal.url, 'padre');
  await parent.waitForURL(`${portal.url}/parent`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the gala’s place and time', () => {
  it('are the same in the gala’s details and in its event, for the committee and the families', async () => {
    await admin.goto(`${portal.url}/admin/fiesta`);
    // The demo's event already gives them.
    expect(await admin.getByLabel('Lugar').inputValue()).toBe('Salón de eventos');
    expect(await admin.getByLabel('Hora').inputValue()).toBe('19:00');
    await admin.getByLabel('Fecha').fill('2026-12-18');
    await admin.getByLabel('Hora').fill('19:30');
    await admin.getByLabel('Lugar').fill('Hotel Camino Real');
    await admin.getByRole('button', { name: 'Guardar datos' }).click();
    await admin.getByRole('status').filter({ hasText: 'Datos de la fiesta guardados' }).first().waitFor();

    await parent.goto(`${portal.url}/parent/fiesta`);
    const details = parent.locator('.gala-details');
    await details.getByText('Hotel Camino Real').waitFor();
    expect(await details.textContent()).toMatch(/18 de diciembre de 2026, 7:30\sp\.\s?m\./);
    await parent.goto(`${portal.url}/parent/eventos`);
    const card = parent.locator('.parent-event').filter({ hasText: 'Fiesta de Graduación' }).first();
    await card.getByText('Hotel Camino Real').waitFor();
    expect(await card.textContent()).toMatch(/7:30\sp\.\s?m\.\s-\s11:30\sp\.\s?m\./);
    expect(await parent.getByText('Salón de eventos').count()).toBe(0);
    await screenshot(parent, 'gala-event-one-source');
  });
});
