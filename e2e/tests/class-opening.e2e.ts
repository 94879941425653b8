// Opening the next class through the screens (docs/classes.md): the committee closes the Class of
// 2026, its balance passed on, and opens 2027 from the 'Nueva promoción' card on a phone, step by
// step (its calendar confirmed row by row, the dates already past moved first, the draft kept across
// a reload, the cash box renamed and a bank account added, the name typed again, the school's list
// read in its own step and imported as it opens); a parent whose e-mail is
// in both classes switches to 2026 on a phone, reads it read-only with its frozen report, and
// switches back.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Books } from '@portal/contracts';
import { formatLedgerAmount, todayInGuatemala } from '@portal/format';
import { seriousA11yViolations } from '../support/checks';
import { classPortal, closeClass, PRESIDENT_PASSWORD, toast, type ClassPortal } from '../support/closing';
import { DESKTOP, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { ROOT, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let classes: ClassPortal;

/** The school's list for 2027, as its secretary saves it from Excel; Carlos Morales has a second child graduating. */
const LIST = [
  'Nombre del graduando;Padre o encargado;Correo electrónico;Celular',
  'Mateo Morales;Carlos Morales;padre@example.com;5555-2101',
  'Valeria Cifuentes;Rosa Cifuentes;rosa.cifuentes@example.com;5555-2102',
  'Pablo Yax;Juana Yax;juana.yax@example.com;5555-2103',
].join('\r\n');

const SHOTS = path.join(ROOT, 'e2e/artifacts/screenshots');

const BANNER = 'Estás viendo la Promoción 2026, cerrada: solo lectura.';

/** The calendar day `days` from today in Guatemala. */
const fromToday = (days: number) => todayInGuatemala(new Date(Date.now() + days * 86_400_000));

/** The calendar's rows (payments and events) as the card lists them. */
const calendarRows = (card: Locator) => card.locator('fieldset.closing-calendar__row');

/**
 * One step of the card and the card's margin around it, in e2e/artifacts/screenshots: cut from the
 * page scrolled to the top (scrolled, the sticky nav would be drawn across it).
 */
async function stepScreenshot(page: Page, step: Locator, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0);
  const box = (await step.boundingBox())!;
  const margin = 12;
  await page.screenshot({
    path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`),
    fullPage: true,
    clip: { x: Math.max(0, box.x - margin), y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin },
  });
}

beforeAll(async () => {
  classes = await classPortal('opening');
  ({ browser, portal } = classes);
});

afterAll(() => classes?.stop());

// One test: each step needs the one before.
it('opens the Class of 2027 from the school list, and a parent of both classes reads 2026 read-only on a phone', async () => {
  const { page: treasurer } = await newPage(browser, DESKTOP);
  await signIn(treasurer, portal.url, 'admin');
  await treasurer.waitForURL(`${portal.url}/admin`);
  const { page: president } = await newPage(browser, DESKTOP);
  await signIn(president, portal.url, 'presidenta', PRESIDENT_PASSWORD);
  await president.waitForURL(`${portal.url}/admin`);
  await closeClass(treasurer, president, portal.url, 'Pasa a la promoción siguiente como saldo inicial');
  const books2026 = (await (await president.request.get(`${portal.url}/api/books`)).json()) as Books;
  // One class still: no switch.
  expect(await president.getByLabel('Promoción', { exact: true }).count()).toBe(0);

  // 'Nueva promoción', under the frozen report, on a phone.
  await president.setViewportSize(PHONE);
  const card = president.getByTestId('new-class');
  await card.getByRole('heading', { name: 'Nueva promoción' }).waitFor();
  await card
    .getByText(/^Se archiva la Promoción 2026 con sus datos: queda de solo lectura para su comité y, hasta el 31\/03\/2027/)
    .waitFor();
  expect(await card.getByLabel('Año').inputValue()).toBe('2027');
  expect(await card.getByLabel('Nombre').inputValue()).toBe('Promoción 2027');
  await card.getByRole('button', { name: 'Continuar' }).click();

  // The calendar: 2026's a year later. The demo's first payments (September 2025 on) land, a year
  // later, before today: flagged, they cannot be confirmed until they move.
  await card.getByRole('heading', { name: 'Calendario de la Promoción 2027' }).waitFor();
  const rows = calendarRows(card);
  await rows.first().waitFor();
  const past = rows.filter({ hasText: 'Esta fecha ya pasó' });
  const pastCount = await past.count();
  expect(pastCount).toBeGreaterThan(0);
  for (let index = 0; index < pastCount; index += 1)
    expect(await past.nth(index).getByRole('checkbox', { name: 'Confirmado' }).isDisabled()).toBe(true);
  expect(await card.getByRole('button', { name: 'Continuar' }).isDisabled()).toBe(true);
  expect(await scrollsSideways(president)).toBe(false);
  await president.evaluate(() => window.scrollTo(0, 0));
  await screenshot(president, 'new-class-calendar');
  expect(await seriousA11yViolations(president)).toEqual([]);
  await president.setViewportSize(DESKTOP);
  await screenshot(president, 'new-class-calendar');
  await president.setViewportSize(PHONE);

  // Each past date moved a week apart from next week on; then every row confirmed.
  for (let index = 0; index < pastCount; index += 1) {
    const row = past.first();
    const date = row.getByLabel('Fecha', { exact: true });
    if ((await date.count()) > 0) await date.fill(fromToday(7 + 7 * index));
    else await row.getByLabel('Fecha y hora').fill(`${fromToday(7 + 7 * index)}T18:00`);
  }
  expect(await past.count()).toBe(0);
  const total = await rows.count();
  for (let index = 0; index < total; index += 1) await rows.nth(index).getByRole('checkbox', { name: 'Confirmado' }).check();
  await card.getByText(`${total} de ${total} fechas confirmadas`).waitFor();

  // The committee can leave and come back: the draft is kept in the browser.
  await president.reload();
  await card.getByText(`${total} de ${total} fechas confirmadas`).waitFor();
  expect(await card.getByRole('group', { name: 'Primer Pago' }).getByLabel('Fecha', { exact: true }).inputValue()).toBe(fromToday(7));
  await card.getByRole('button', { name: 'Continuar' }).click();

  // Its accounts: 2026 passed its balance on, so each starts with what it held; families see the
  // first, its holder renamed. The cash box takes another name and a savings account is added, at Q0.
  const accountsStep = card.locator('section.closing-step', {
    has: president.getByRole('heading', { name: 'Cuentas de la Promoción 2027' }),
  });
  await accountsStep.waitFor();
  const accounts = accountsStep.locator('.closing-accounts > li');
  await accounts.first().waitFor();
  const texts = await accounts.allTextContents();
  expect(texts.map((text) => text.slice(text.lastIndexOf('Empieza')))).toEqual(
    books2026.accounts.map((account) => `Empieza con ${formatLedgerAmount(account.passedOn)}`),
  );
  expect(books2026.accounts.some((account) => account.passedOn > 0)).toBe(true);
  await card.getByText(/^Las familias verán la cuenta .* a nombre de «.*2027»/).waitFor();
  // The one families see is the settings': it keeps its name here.
  const main = books2026.accounts.find((account) => account.main)!;
  const cash = books2026.accounts.find((account) => account.kind === 'caja')!;
  expect(await accountsStep.getByLabel(`Nombre de la cuenta «${main.name}»`).count()).toBe(0);
  await accountsStep.getByLabel(`Nombre de la cuenta «${cash.name}»`).fill('Caja chica');
  await accountsStep.getByRole('button', { name: 'Agregar cuenta de banco' }).click();
  const added = accountsStep.getByRole('group', { name: 'Cuenta nueva' });
  await added.getByLabel('Nombre', { exact: true }).fill('Ahorro');
  await added.getByLabel('Banco', { exact: true }).fill('Banrural');
  await added.getByLabel('Número de cuenta').fill('445-566778-8');
  await added.getByLabel('A nombre de').fill('Comité de Padres Promoción 2027');
  await added.getByText('Empieza en Q0.').waitFor();
  await added.getByLabel('A nombre de').blur();
  expect(await scrollsSideways(president)).toBe(false);
  await stepScreenshot(president, accountsStep, 'new-class-accounts');
  expect(await seriousA11yViolations(president)).toEqual([]);
  await president.setViewportSize(DESKTOP);
  await stepScreenshot(president, accountsStep, 'new-class-accounts');
  await president.setViewportSize(PHONE);
  await card.getByRole('button', { name: 'Continuar' }).click();

  const self = card.getByRole('checkbox', { name: 'Presidenta (tú)' });
  await self.waitFor();
  expect(await self.isChecked()).toBe(true);
  expect(await self.isDisabled()).toBe(true);
  const other = card.getByRole('checkbox', { name: 'Comité de Padres' });
  expect(await other.isChecked()).toBe(false);
  await other.check();
  await card.getByRole('button', { name: 'Continuar' }).click();

  // Its families: the school's list read now, imported once the class opens.
  const file = path.join(classes.dir, 'lista-2027.csv');
  writeFileSync(file, Buffer.from(LIST, 'latin1'));
  const chooser = president.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Elegir la lista del colegio' }).click();
  await (await chooser).setFiles(file);
  await card.getByText('lista-2027.csv: 3 familias se importarán al abrirla.').waitFor();
  expect(await scrollsSideways(president)).toBe(false);
  await screenshot(president, 'new-class-families-step');
  await card.getByRole('button', { name: 'Continuar' }).click();
  await card
    .getByText('Al abrirla se importan 3 familias de lista-2027.csv, sin enviarles nada: las invitas desde «Gestión de Familias».')
    .waitFor();

  const open = card.getByRole('button', { name: 'Abrir la Promoción 2027' });
  const typed = card.getByLabel('Escribe «Promoción 2027» para confirmar');
  await typed.fill('Promocion 2027');
  expect(await open.isDisabled()).toBe(true);
  await typed.fill('Promoción 2027');
  expect(await open.isEnabled()).toBe(true);
  expect(await scrollsSideways(president)).toBe(false);
  // Full-page screenshots from the top: scrolled, the sticky nav would be drawn across the page.
  await president.evaluate(() => window.scrollTo(0, 0));
  await screenshot(president, 'new-class');
  await president.setViewportSize(DESKTOP);
  await screenshot(president, 'new-class');
  expect(await seriousA11yViolations(president)).toEqual([]);

  await open.click();
  await toast(president, 'Promoción 2027 abierta');
  await toast(president, 'Se importaron 3 familias. Invítalas desde «Gestión de Familias».');
  await president.waitForURL(`${portal.url}/admin/familias`);
  await president.getByRole('heading', { level: 1, name: 'Gestión de Familias' }).waitFor();
  // The new class's families are the list's: none of 2026's.
  expect(await president.getByRole('row', { name: /Sofía Morales/ }).count()).toBe(0);
  // Carlos Morales's account (his e-mail proven in 2026) is the new family's at once.
  const mateo = president.getByRole('row', { name: /Mateo Morales/ });
  await mateo.getByText('Con cuenta').waitFor();
  for (const graduate of ['Mateo Morales', 'Valeria Cifuentes', 'Pablo Yax'])
    await president.getByRole('row', { name: new RegExp(graduate) }).waitFor();

  // The committee of 2026 reads both classes now: the switch is in the nav.
  const adminSwitch = president.getByLabel('Promoción', { exact: true });
  await adminSwitch.waitFor();
  expect(await adminSwitch.locator('option').allTextContents()).toEqual(['2027', '2026']);
  await screenshot(president, 'new-class-families');
  await president.setViewportSize(PHONE);
  await adminSwitch.waitFor();
  expect(await scrollsSideways(president)).toBe(false);
  await screenshot(president, 'new-class-families');

  // On the books of 2027: the cash box renamed, with what it passed on; the account added, at Q0.
  await president.goto(`${portal.url}/admin/cuentas-comite`);
  const balances = president.getByRole('region', { name: 'Cuentas de la promoción' }).getByRole('list', { name: 'Cuentas y saldos' });
  const balance = (name: string) =>
    balances
      .getByRole('listitem')
      .filter({ has: president.getByText(name, { exact: true }) })
      .locator('.books-account__balance');
  expect(await balance('Caja chica').textContent()).toBe(formatLedgerAmount(cash.passedOn));
  expect(await balance('Ahorro').textContent()).toBe(formatLedgerAmount(0));
  await balances.getByText('Ahorro · Banrural · 445-566778-8 · Comité de Padres Promoción 2027').waitFor();
  expect(await balances.getByText(cash.name, { exact: true }).count()).toBe(0);

  // A parent of both classes, on a phone: 2027 first, then 2026 read-only, then back.
  const { page: parent } = await newPage(browser, PHONE);
  await signIn(parent, portal.url, 'padre');
  await parent.waitForURL(`${portal.url}/parent`);
  const parentSwitch = parent.getByLabel('Promoción', { exact: true });
  await parentSwitch.waitFor();
  // The demo's parent also had a daughter in the Class of 2025, archived before (api/src/demo/closed-class.ts).
  expect(await parentSwitch.locator('option').allTextContents()).toEqual(['2027', '2026', '2025']);
  expect(await parentSwitch.inputValue()).toBe(await parentSwitch.locator('option', { hasText: '2027' }).getAttribute('value'));
  await parent.getByText('Mateo Morales').first().waitFor();
  expect(await parent.getByText(BANNER).count()).toBe(0);
  await screenshot(parent, 'class-switch-parent');

  await Promise.all([parent.waitForEvent('load'), parentSwitch.selectOption({ label: '2026' })]);
  await parent.waitForURL(`${portal.url}/parent`);
  await parent.getByText(BANNER).waitFor();
  await parent.getByText('Sofía Morales').first().waitFor();
  // The closed class is read, never changed: its payments show their answers and receipts, ask nothing.
  await parent.getByRole('link', { name: 'Pagos', exact: true }).click();
  await parent.getByText('La Promoción 2026 está cerrada: puedes consultarla, pero ya no cambia.').first().waitFor();
  await parent.getByRole('heading', { name: 'Primer Pago' }).waitFor();
  expect(await parent.getByRole('button', { name: /Subir comprobante|Enviar otro comprobante/ }).count()).toBe(0);
  expect(await parent.getByRole('radio', { name: 'Ya pagué' }).first().isDisabled()).toBe(true);
  await screenshot(parent, 'class-switch-archived-payments');
  await parent.getByRole('link', { name: 'Cuentas', exact: true }).click();
  const final = parent.getByTestId('final-report');
  await final.getByText('La Promoción 2026 está cerrada: informe final').waitFor();
  await parent.getByText(BANNER).waitFor();
  expect(await scrollsSideways(parent)).toBe(false);
  await screenshot(parent, 'class-switch-archived');
  expect(await seriousA11yViolations(parent)).toEqual([]);

  // Scrolled, the phone's nav keeps only its links row on screen, the switch at its end.
  await parent.evaluate(() => window.scrollTo(0, 800));
  await parent.waitForFunction(() => window.scrollY >= 800);
  const links = (await parent.locator('.shell-nav__links').boundingBox())!;
  const switchBox = (await parentSwitch.boundingBox())!;
  expect(Math.abs(links.y)).toBeLessThan(8);
  expect(Math.abs(switchBox.y + switchBox.height / 2 - (links.y + links.height / 2))).toBeLessThan(4);
  expect(switchBox.x + switchBox.width).toBeLessThanOrEqual(375);
  await parent.evaluate(() => window.scrollTo(0, 0));

  // Back to 2027 from the banner.
  await Promise.all([parent.waitForEvent('load'), parent.getByRole('button', { name: 'Volver a la Promoción 2027' }).click()]);
  await parent.waitForURL(`${portal.url}/parent`);
  await parentSwitch.waitFor();
  expect(await parentSwitch.locator('option:checked').textContent()).toBe('2027');
  await parent.getByText('Mateo Morales').first().waitFor();
  expect(await parent.getByText(BANNER).count()).toBe(0);

  // The same at a desk.
  const { page: parentAtDesk } = await newPage(browser, DESKTOP);
  await signIn(parentAtDesk, portal.url, 'padre');
  await parentAtDesk.waitForURL(`${portal.url}/parent`);
  const deskSwitch = parentAtDesk.getByLabel('Promoción', { exact: true });
  await Promise.all([parentAtDesk.waitForEvent('load'), deskSwitch.selectOption({ label: '2026' })]);
  await parentAtDesk.getByText(BANNER).waitFor();
  await parentAtDesk.goto(`${portal.url}/parent/cuentas`);
  await parentAtDesk.getByTestId('final-report').waitFor();
  await screenshot(parentAtDesk, 'class-switch-archived');

  // The committee reads 2026 too, read-only: its closing shows the report and opens nothing more.
  await president.setViewportSize(DESKTOP);
  await Promise.all([president.waitForEvent('load'), adminSwitch.selectOption({ label: '2026' })]);
  await president.waitForURL(`${portal.url}/admin`);
  await president.getByText(BANNER).waitFor();
  await president.goto(`${portal.url}/admin/cierre`);
  await president.getByTestId('closing-report').waitFor();
  await president.getByText(BANNER).waitFor();
  expect(await president.getByTestId('new-class').count()).toBe(0);
  await screenshot(president, 'class-switch-admin-archived');
  await Promise.all([president.waitForEvent('load'), president.getByRole('button', { name: 'Volver a la Promoción 2027' }).click()]);
  await president.waitForURL(`${portal.url}/admin`);
  await adminSwitch.waitFor();
  expect(await adminSwitch.locator('option:checked').textContent()).toBe('2027');

  // A family of 2026 needs more time: the committee moves its day, and the archive says so.
  await president.goto(`${portal.url}/admin/cierre`);
  const access = president.getByTestId('families-access');
  await access.getByRole('heading', { name: 'Acceso de las familias' }).waitFor();
  const day2026 = access.getByLabel('Promoción 2026: las familias consultan hasta el');
  expect(await day2026.inputValue()).toBe('2027-03-31');
  // The demo's Class of 2025 is there too.
  await access.getByLabel('Promoción 2025: las familias consultan hasta el').waitFor();
  await day2026.fill('2027-06-30');
  await access.getByRole('button', { name: 'Guardar fecha' }).first().click();
  await toast(president, 'Promoción 2026: las familias consultan hasta el 30/06/2027');
  await access.getByText('Ahora: hasta el 30/06/2027.').waitFor();
  await president.evaluate(() => window.scrollTo(0, 0));
  await screenshot(president, 'families-access');
  expect(await seriousA11yViolations(president)).toEqual([]);
  await president.setViewportSize(PHONE);
  expect(await scrollsSideways(president)).toBe(false);
  await screenshot(president, 'families-access');
  await parentAtDesk.reload();
  await parentAtDesk.getByTestId('final-report').getByText('Puedes consultar la promoción hasta el 30/06/2027.').waitFor();
});
