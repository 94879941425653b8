import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, signIn } from '../support/browser';
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

/** Pixels of the screen's height the sticky header and the bottom bar cover right now. */
const covered = (page: Page) =>
  page.evaluate(() => {
    const visible = (selector: string) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box ? Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0)) : 0;
    };
    return { header: Math.round(visible('.shell-nav')), bottomBar: Math.round(visible('.ui-panel__bottom')) };
  });

const signedInParent = async (viewport: { width: number; height: number }) => {
  const opened = await newPage(browser, viewport);
  await signIn(opened.page, portal.url, 'padre');
  await opened.page.waitForURL(`${portal.url}/parent`);
  return opened;
};

describe('the parent portal on a phone', () => {
  it('keeps the sticky header small once the page scrolls (375 x 740)', async () => {
    const { context, page } = await signedInParent(PHONE);
    await page.goto(`${portal.url}/parent/pagos`);
    await page.getByText('Calendario de Pagos').waitFor();
    // The heading comes before the list: wait for the six payments, which make the page long (about 3,100 px).
    await page.locator('.parent-payment').nth(5).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(300);
    const atTop = await covered(page);
    // A busy machine may drop or cut short a wheel: turn it again until the page is past 300 px.
    const past = () =>
      page
        .waitForFunction(() => window.scrollY > 300, undefined, { timeout: 1_000 })
        .then(
          () => true,
          () => false,
        );
    for (let turn = 0; turn < 10 && !(await page.evaluate(() => window.scrollY > 300)); turn += 1) {
      await page.mouse.wheel(0, 600);
      if (await past()) break;
    }
    await page.waitForFunction(() => window.scrollY > 300);
    const scrolled = await covered(page);
    console.log(
      `375x740 /parent/pagos: header ${atTop.header} px at the top, ${scrolled.header} px scrolled; bottom bar ${scrolled.bottomBar} px`,
    );
    // The header stays, but its second row (Inicio, Portal de Padres) scrolls away with the page.
    expect(scrolled.header).toBeGreaterThan(0);
    expect(scrolled.header).toBeLessThanOrEqual(60);
    expect((scrolled.header + scrolled.bottomBar) / PHONE.height).toBeLessThan(0.16);
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor({ state: 'attached' });
    await context.close();
  });

  it.each([PHONE, DESKTOP])("shows 'Nuevo' notices, the map link and the copy button (%j)", async (viewport) => {
    // An admin posts a notice with two lines; the parent sees the count on 'Avisos'.
    const admin = await newPage(browser, DESKTOP);
    await signIn(admin.page, portal.url, 'admin');
    await admin.page.waitForURL(`${portal.url}/admin`);
    const title = `Ensayo ${viewport.width}`;
    const created = await admin.page.evaluate(
      (body) =>
        fetch('/api/notifications', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.status),
      { title, message: 'Lugar: gimnasio.\nHora: 8:00 a. m.', type: 'warning', date: new Date().toISOString() },
    );
    expect(created).toBe(201);
    await admin.context.close();

    const { context, page } = await signedInParent(viewport);
    const menu = page.getByRole('navigation', { name: 'Secciones del portal de padres' }).last();
    const notices = menu.getByRole('link', { name: /avisos? nuevos?/ });
    await notices.waitFor();
    await screenshot(page, 'parent-notices-badge');
    await notices.click();
    const heading = page.getByRole('heading', { name: new RegExp(title) });
    await heading.getByText('Nuevo').waitFor();
    const message = page.locator('.parent-notice', { hasText: title }).locator('.ui-multiline');
    expect(await message.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-line');
    // Two lines on screen, not one run-on line.
    expect(await message.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(30);
    await screenshot(page, 'parent-notices-new');
    // Opened: the count is gone, here and after a reload.
    await menu.getByRole('link', { name: /avisos? nuevos?/ }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: new RegExp(title) }).waitFor();
    expect(await page.getByText('Nuevo', { exact: true }).count()).toBe(0);

    await page.goto(`${portal.url}/parent/eventos`);
    const map = page.getByRole('link', { name: /^Cómo llegar/ }).first();
    expect(await map.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    await screenshot(page, 'parent-events');

    await page.goto(`${portal.url}/parent/pagos`);
    // WhatsApp for questions; receipts go through the portal's upload.
    expect(await page.getByRole('link', { name: '¿Dudas? Escríbenos por WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/502/,
    );
    await page.locator('.parent-bank__upload').getByRole('button', { name: 'Subir comprobante' }).waitFor();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
    await page.getByRole('button', { name: 'Copiar número de cuenta' }).click();
    await page.getByRole('status').filter({ hasText: 'Número de cuenta copiado' }).first().waitFor();
    await screenshot(page, 'parent-payments');
    await context.close();
  });
});

describe('the admin panel on a phone', () => {
  /** An admin's dashboard on a phone, drawn and settled, with the admin app's scripts it has asked for so far. */
  const adminDashboardOnPhone = async () => {
    const opened = await newPage(browser, PHONE);
    const adminFiles: string[] = [];
    opened.page.on('request', (request) => {
      if (/\/remotes\/admin\/.*\.js/.test(request.url())) adminFiles.push(new URL(request.url()).pathname);
    });
    await signIn(opened.page, portal.url, 'admin');
    await opened.page.waitForURL(`${portal.url}/admin`);
    await opened.page.locator('.admin-stat__value').first().waitFor();
    await opened.page.waitForLoadState('networkidle');
    return { ...opened, adminFiles };
  };

  it('opens the sections drawer on the first press of the menu button, and it takes the admin there', async () => {
    const { context, page, adminFiles: drawerFiles } = await adminDashboardOnPhone();
    const beforePress = drawerFiles.length;

    const menuButton = page.getByRole('button', { name: 'Secciones del panel administrativo' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Secciones del panel administrativo' });
    await drawer.waitFor();
    // The drawer's code came with the press, not with the dashboard.
    expect(drawerFiles.length).toBeGreaterThan(beforePress);
    await screenshot(page, 'admin-phone-menu');

    await drawer.getByRole('link', { name: 'Gestión de Familias' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gestión de Familias' }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    // Open again: at once this time, and Escape gives the focus back to the button.
    await menuButton.click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });

  it('draws the payments chart with the numbers, in the dashboard’s own code: nothing more to download when the admin scrolls to it', async () => {
    const { context, page, adminFiles } = await adminDashboardOnPhone();
    const chart = page.getByRole('img', { name: /^Pagados: \d+\. Pendientes: \d+\.$/ });
    await chart.waitFor();
    const beforeScroll = adminFiles.length;
    await chart.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(adminFiles.length).toBe(beforeScroll);
    expect(await chart.locator('.admin-chart__value').allTextContents()).toHaveLength(2);
    await screenshot(page, 'admin-phone-chart');
    await context.close();
  });

  it('draws the payments chart at once where it is on the first screen', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, portal.url, 'admin');
    await page.waitForURL(`${portal.url}/admin`);
    await page.locator('svg.admin-chart .admin-chart__bar--paid rect').waitFor();
    await screenshot(page, 'admin-chart');
    await context.close();
  });
});
