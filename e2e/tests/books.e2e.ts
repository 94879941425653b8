// Open books (docs/books.md), the walk through the screens: the treasurer records a Q3,500
// invoice photo for the hall, which waits for a second admin (not the treasurer) to approve it; a
// parent on a phone then sees the hall's bar move, the expense marked 'Nuevo', and opens the
// invoice; the closing report opens in LibreOffice with the totals the screens show.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { seriousA11yViolations, smallTapTargets } from '../support/checks';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { ROOT, startPortal, type Portal } from '../support/portal';

interface Totals {
  received: number;
  opening: number;
  spent: number;
  balance: number;
  budgeted: number;
}

let browser: Browser;
let portal: Portal;
let dir: string;
let treasurer: Page;
let president: Page;
let parent: Page;
let invoice: string;

/** As the portal writes quetzales: centavos only when there are some, then both digits. */
const quetzales = (amount: number) =>
  `${amount < 0 ? '-' : ''}Q${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 })}`;
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first().waitFor();
const hallBar = (page: Page) => page.locator('[data-category="Salón"] svg');

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-books-'));
  const sqlite = path.join(dir, 'portal.sqlite');
  [browser, portal] = await Promise.all([launchBrowser(), startPortal({ SQLITE_PATH: sqlite })]);
  // The second person of the committee, made as a committee makes one (npm run create-admin).
  const created = spawnSync(
    process.execPath,
    [path.join(ROOT, 'api/dist/create-admin.js'), '--username', 'presidenta', '--name', 'Presidenta'],
    {
      env: { ...process.env, SQLITE_PATH: sqlite, DATABASE_URL: '', ADMIN_PASSWORD: 'clave-de-la-presidenta' },
      encoding: 'utf8',
    },
  );
  expect(created.status).toBe(0);
  invoice = path.join(dir, 'factura-salon.jpg');
  writeFileSync(
    invoice,
    await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 250, g: 250, b: 245 } } })
      .composite([
        { input: Buffer.from('<svg width="900" height="200"><text x="40" y="120" font-size="64">Salones El Prado</text></svg>') },
      ])
      .jpeg()
      .toBuffer(),
  );
  ({ page: treasurer } = await newPage(browser, DESKTOP));
  await signIn(treasurer, portal.url, 'admin');
  await treasurer.waitForURL(`${portal.url}/admin`);
  const budget = await treasurer.request.post(`${portal.url}/api/books/budgets`, {
    data: {
      approvedOn: '2026-02-10',
      acta: 'Acta 3-2026',
      lines: [
        { category: 'Salón', amount: 20000 },
        { category: 'Banquete', amount: 30000 },
        { category: 'Música', amount: 6000 },
      ],
    },
  });
  expect(budget.status()).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  rmSync(dir, { recursive: true, force: true });
});

// One test: each step needs the one before (the suite runs in a random order).
it("walks an invoice from the treasurer to a second admin's approval to a parent's phone", async () => {
  // A parent on a phone: the hall's budget, nothing spent yet.
  ({ page: parent } = await newPage(browser, PHONE));
  await signIn(parent, portal.url, 'padre');
  await parent.waitForURL(`${portal.url}/parent`);
  await parent.getByRole('link', { name: 'Cuentas', exact: true }).click();
  await parent.waitForURL(`${portal.url}/parent/cuentas`);
  await hallBar(parent).waitFor();
  expect(await hallBar(parent).getAttribute('data-percent')).toBe('0');
  expect(await hallBar(parent).getAttribute('aria-label')).toBe('Salón: gastado Q0 de Q20,000 (0 %)');
  await parent.getByText('El comité aún no ha registrado gastos.').waitFor();

  // The treasurer records a Q3,500 invoice photo: it waits for a second admin, not its recorder.
  await treasurer.goto(`${portal.url}/admin/cuentas-comite`);
  const form = treasurer.getByRole('form', { name: 'Registrar gasto' });
  await form.getByLabel('Categoría').fill('Salón');
  await form.getByLabel('Proveedor', { exact: true }).fill('Salones El Prado');
  await form.getByLabel('Concepto').fill('Anticipo del salón para la fiesta');
  await form.getByLabel('Monto (Q)').fill('3,500');
  await form.getByLabel('Factura (foto o PDF)').setInputFiles(invoice);
  await form.getByLabel('NIT del proveedor').fill('1669394-9');
  await form.getByRole('button', { name: 'Registrar gasto' }).click();
  await toast(treasurer, 'Gasto registrado');
  const row = treasurer.getByRole('row').filter({ hasText: 'Salones El Prado' });
  await row.getByText('Pendiente de aprobación').waitFor();
  await screenshot(treasurer, 'books-admin');
  expect(await seriousA11yViolations(treasurer)).toEqual([]);

  // The one who recorded it is not offered 'Aprobar' (the API refuses it with a 403).
  await row.getByText('Espera la aprobación de otro miembro').waitFor();
  expect(await row.getByRole('button', { name: 'Aprobar' }).count()).toBe(0);
  const before = (await (await treasurer.request.get(`${portal.url}/api/books`)).json()) as { totals: Totals };
  expect(before.totals.spent).toBe(0);

  // The second admin approves it on her phone: only then does it count.
  ({ page: president } = await newPage(browser, PHONE));
  await signIn(president, portal.url, 'presidenta', 'clave-de-la-presidenta');
  await president.waitForURL(`${portal.url}/admin`);
  await president.goto(`${portal.url}/admin/cuentas-comite`);
  const pending = president.getByRole('row').filter({ hasText: 'Salones El Prado' });
  await pending.getByRole('button', { name: 'Aprobar' }).click();
  await toast(president, 'Gasto aprobado');
  await pending.getByText('Aprobado', { exact: true }).waitFor();
  expect(await scrollsSideways(president)).toBe(false);
  await screenshot(president, 'books-admin');
  const after = (await (await president.request.get(`${portal.url}/api/books`)).json()) as { totals: Totals };
  expect(after.totals.spent).toBe(3500);

  // The parent's phone: the hall's bar moved, the expense is 'Nuevo', its invoice opens.
  await parent.reload();
  await hallBar(parent).waitFor();
  expect(await hallBar(parent).getAttribute('data-percent')).toBe('18');
  expect(await hallBar(parent).getAttribute('aria-label')).toBe('Salón: gastado Q3,500 de Q20,000 (18 %)');
  const card = parent.locator('.books-expense').filter({ hasText: 'Salones El Prado' });
  await card.getByText('Nuevo', { exact: true }).waitFor();
  await card.getByText('Aprobado por Presidenta').waitFor();
  expect(await scrollsSideways(parent)).toBe(false);
  await screenshot(parent, 'books-parent');
  expect(await seriousA11yViolations(parent)).toEqual([]);
  expect(await smallTapTargets(parent)).toEqual([]);

  const [opened, response] = await Promise.all([
    parent.context().waitForEvent('page'),
    parent.context().waitForEvent('response', (answer) => /\/api\/books\/expenses\/\d+\/invoice$/.test(answer.url())),
    card.getByRole('link', { name: /Ver factura/ }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/jpeg');
  expect(response.headers()['content-security-policy']).toBe("sandbox; default-src 'none'");
  await opened.close();

  // Asked about it; the committee's answer is there for every family.
  await card.getByRole('button', { name: 'Preguntar' }).click();
  await card.getByLabel('Tu pregunta al comité').fill('¿El anticipo incluye el IVA?');
  await card.getByRole('button', { name: 'Enviar pregunta' }).click();
  await toast(parent, 'Pregunta enviada');
  await card.getByText('Esperando respuesta del comité.').waitFor();
  await treasurer.reload();
  await treasurer.getByLabel('Respuesta (la verán todas las familias)').fill('Sí: la factura incluye el IVA.');
  await treasurer.getByRole('button', { name: 'Responder' }).click();
  await toast(treasurer, 'Respuesta publicada');
  await parent.reload();
  await card.getByText('Sí: la factura incluye el IVA.').waitFor();
  // The mark lasts one visit.
  await expect(card.getByText('Nuevo', { exact: true }).count()).resolves.toBe(0);
});

const hasSoffice = spawnSync('soffice', ['--version'], { stdio: 'ignore' }).status === 0;
(hasSoffice || process.env.REQUIRE_LIBREOFFICE ? it : it.skip)(
  'writes the closing report, which opens in LibreOffice with the same totals, and prints it',
  async () => {
    const books = (await (await treasurer.request.get(`${portal.url}/api/books`)).json()) as { totals: Totals };
    const response = await treasurer.request.get(`${portal.url}/api/books/report?format=xlsx`);
    expect(response.status()).toBe(200);
    const file = path.join(dir, 'informe.xlsx');
    writeFileSync(file, await response.body());
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76',
        '--outdir',
        dir,
        file,
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    const quoted = (amount: number) => (quetzales(amount).includes(',') ? `"${quetzales(amount)}"` : quetzales(amount));
    const lines = readFileSync(file.replace(/\.xlsx$/, '.csv'), 'utf8')
      .trim()
      .split('\n');
    // The demo's Class of 2026 started with the balance the Class of 2025 passed on.
    expect(books.totals.opening).toBe(4637.5);
    expect(lines.slice(0, 6)).toEqual([
      'Concepto,Monto',
      `Saldo de la promoción anterior,${quoted(books.totals.opening)}`,
      `Recibido de las familias,${quoted(books.totals.received)}`,
      `Gastado (aprobado),${quoted(books.totals.spent)}`,
      `Saldo (anterior + recibido - gastado),${quoted(books.totals.balance)}`,
      `Presupuesto,${quoted(56000)}`,
    ]);

    await treasurer.goto(`${portal.url}/admin/cuentas-comite`);
    await treasurer.getByRole('button', { name: 'Informe para imprimir' }).click();
    const report = treasurer.getByRole('article', { name: 'Informe de rendición de cuentas' });
    await report.getByText(quetzales(books.totals.balance)).first().waitFor();
    await treasurer.emulateMedia({ media: 'print' });
    await screenshot(treasurer, 'books-report-print');
    await treasurer.emulateMedia({ media: 'screen' });
  },
);
