// Opening a class from the school's list through the screens: the committee chooses the file in
// 'Gestión de Familias', sees the rows it would create (one without a phone, one with two addresses
// in its cell: what is kept of each) and the ones refused with their reason, imports the good ones,
// invites them all, and finds them in the list (and their e-mails sent, to the kept address only).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { SMTPServer } from 'smtp-server';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { catchMail, type CaughtMail } from '../support/mail-catcher';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser | undefined;
let portal: Portal | undefined;
let smtp: SMTPServer | undefined;
let page: Page;
let dir: string;
const inbox: CaughtMail[] = [];

/**
 * The school's list as its secretary saves it from Excel: a title row, ';', Latin-1; a typo and a
 * family the portal has; a row with no phone and one with both parents' addresses in its cell.
 */
const LIST = [
  'Colegio San José - Promoción 2026;;;',
  'Nombre del graduando;Padre o encargado;Correo electrónico;Celular',
  'José Peñate Ávila;María Ávila de Peñate;maria.avila@example.com;5555-1201',
  'Lucía Ordóñez;Héctor Ordóñez;hector.ordonez(arroba)example.com;5555-1202',
  'Andrés Muñoz;Begoña Muñoz;begona.munoz@example.com;5555-1203',
  // Ana Hernández's family is in the demo data.
  'Diego Hernández;Ana Hernández;Ana.Hernandez@example.com;5555-1204',
  'Renata Sandoval;Óscar Sandoval;oscar.sandoval@example.com;5555 1205',
  'Sofía Barrios;Ana Barrios;ana.barrios@example.com / jorge.barrios@example.com;5555-1206',
  'Mateo Cifuentes;Luisa Cifuentes;luisa.cifuentes@example.com;',
].join('\r\n');
const IMPORTED = [
  ['José Peñate Ávila', 'maria.avila@example.com'],
  ['Andrés Muñoz', 'begona.munoz@example.com'],
  ['Renata Sandoval', 'oscar.sandoval@example.com'],
  ['Sofía Barrios', 'ana.barrios@example.com'],
  ['Mateo Cifuentes', 'luisa.cifuentes@example.com'],
];
/** The second address of Sofía Barrios's cell: her family's second contact; the invitation goes to the first only. */
const SECOND_ADDRESS = 'jorge.barrios@example.com';
const EDIT_BARRIOS = 'Editar familia de Sofía Barrios';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'school-list-'));
  const mail = await catchMail(inbox);
  smtp = mail.server;
  [browser, portal] = await Promise.all([launchBrowser(), startPortal({ SMTP_URL: mail.url, MAIL_POLL_SECONDS: '1' })]);
  ({ page } = await newPage(browser, DESKTOP));
  await signIn(page, portal.url, 'admin');
  await page.waitForURL(`${portal.url}/admin`);
});
afterAll(async () => {
  try {
    await browser?.close();
  } finally {
    try {
      await portal?.stop();
    } finally {
      await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

describe("'Importar lista del colegio'", () => {
  it('imports the good rows of the list, shows the refused ones with their reason, and invites the new families', async () => {
    const file = path.join(dir, 'lista-colegio.csv');
    writeFileSync(file, Buffer.from(LIST, 'latin1'));
    await page.goto(`${portal!.url}/admin/familias`);
    await page.getByRole('heading', { level: 1, name: 'Gestión de Familias' }).waitFor();
    const count = page.locator('.admin-count');
    await count.waitFor();
    const before = Number((await count.textContent())!.match(/\d+/)![0]);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Importar lista del colegio' }).click();
    await (await chooser).setFiles(file);
    const dialog = page.getByRole('dialog', { name: 'Importar lista del colegio' });
    await dialog.getByText('lista-colegio.csv: 5 familias para importar y 2 filas con problemas.').waitFor();
    await dialog.getByRole('heading', { name: 'Estas 2 filas no se importarán' }).waitFor();
    const typo = dialog.getByRole('row', { name: /Lucía Ordóñez/ });
    expect(await typo.textContent()).toContain('El email no es válido.');
    expect(await typo.getByRole('cell').first().textContent()).toContain('4');
    const known = dialog.getByRole('row', { name: /Diego Hernández/ });
    expect(await known.textContent()).toContain('Ya existe una familia con ese email.');
    for (const [graduate] of IMPORTED) await dialog.getByRole('row', { name: new RegExp(graduate!) }).waitFor();
    // What is kept of each: the first address, the second as the family's second contact, no phone.
    const twoAddresses = dialog.getByRole('row', { name: /Sofía Barrios/ });
    const noPhone = dialog.getByRole('row', { name: /Mateo Cifuentes/ });
    const kept = async () => {
      await twoAddresses.getByText(`Segundo contacto: ${SECOND_ADDRESS} (recibe copia de los correos)`).waitFor();
      await twoAddresses.getByText('ana.barrios@example.com', { exact: true }).waitFor();
      await noPhone.getByText('Sin teléfono', { exact: true }).waitFor();
    };
    await kept();
    await screenshot(page, 'school-list-preview');
    await page.setViewportSize(PHONE);
    await dialog.getByRole('button', { name: 'Importar 5 familias' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'school-list-preview');
    // The dialog scrolls on a phone: its end holds the rows to import and the button.
    await twoAddresses.scrollIntoViewIfNeeded();
    await kept();
    await screenshot(page, 'school-list-preview-kept');
    await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await screenshot(page, 'school-list-preview-end');
    await page.setViewportSize(DESKTOP);

    await dialog.getByRole('button', { name: 'Importar 5 familias' }).click();
    const done = page.getByRole('dialog', { name: 'Se importaron 5 familias' });
    await done.waitFor();
    await done.getByRole('button', { name: 'Invitar a todas' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /invitaciones enviadas/ })
      .first()
      .waitFor();
    await done.waitFor({ state: 'detached' });

    // The new families are in the list; the refused rows are not.
    for (const [graduate, email] of IMPORTED) {
      const row = page.getByRole('row', { name: new RegExp(graduate!) });
      await row.waitFor();
      expect(await row.textContent()).toContain(email);
    }
    expect(await page.getByRole('row', { name: /Lucía Ordóñez/ }).count()).toBe(0);
    await page.getByText(`${before + 5} familias`, { exact: true }).waitFor();
    await screenshot(page, 'school-list-imported');
    // The second address is the family's second contact, in its dialog.
    await page.getByRole('button', { name: EDIT_BARRIOS }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Familia' });
    expect(await edit.getByLabel('Segundo correo').inputValue()).toBe(SECOND_ADDRESS);
    expect(await edit.getByLabel('Email *').inputValue()).toBe('ana.barrios@example.com');
    await screenshot(page, 'school-list-second-contact');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await edit.waitFor({ state: 'detached' });

    // Each new family's invitation reached its address.
    const deadline = Date.now() + 15_000;
    const invited = () => IMPORTED.every(([, email]) => inbox.some((mail) => mail.to.includes(email!)));
    while (!invited() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(invited()).toBe(true);
    expect(inbox.filter((mail) => mail.to.includes(SECOND_ADDRESS))).toEqual([]);
  });
});
