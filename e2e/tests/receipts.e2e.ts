// A deposit receipt from the phone to the committee's dashboard: a parent photographs it at
// 375 px, the browser shrinks the photo before sending, an admin verifies it in 'Comprobantes',
// and both the parent's 'Pagos' and the dashboard's 'Pagos Recibidos' move.
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let parent: Page;
let admin: Page;

/** A 3000 x 4000 photo of about 4 MB: noise compresses badly, as a real camera's grain does. */
async function bigPhoto(): Promise<string> {
  const width = 3000;
  const height = 4000;
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
  const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 60 })
    .toBuffer();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'receipt-')), 'IMG_0001.jpg');
  writeFileSync(file, jpeg);
  return file;
}

/** A receipt photographed sideways: a landscape JPEG of a slip, with dark text-like bars. */
async function sidewaysPhoto(): Promise<string> {
  const [width, height] = [1600, 900];
  const pixels = Buffer.alloc(width * height * 3, 235);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) if (x % 120 < 90 && y % 60 < 12) pixels.fill(40, (y * width + x) * 3, (y * width + x) * 3 + 3);
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'receipt-')), 'IMG_0002.jpg');
  writeFileSync(file, jpeg);
  return file;
}

/** The photo's box on screen, its rotation and how far its frame scrolls. */
const viewerState = (page: Page) =>
  page.locator('.admin-viewer').evaluate((viewer) => {
    const image = viewer.querySelector('img')!;
    const frame = viewer.querySelector<HTMLElement>('.admin-viewer__frame')!;
    const box = image.getBoundingClientRect();
    return {
      rotation: Number(image.dataset.rotation),
      width: Math.round(box.width),
      height: Math.round(box.height),
      scrollsWide: frame.scrollWidth > frame.clientWidth + 1,
      frameWidth: frame.clientWidth,
    };
  });

const statValue = () => admin.locator('.admin-stat', { hasText: 'Pagos Recibidos' }).locator('.admin-stat__value').textContent();

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  ({ page: parent } = await newPage(browser, PHONE));
  await parent.addInitScript(() => {
    const record = window as unknown as { uploadedBytes: number[] };
    record.uploadedBytes = [];
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) record.uploadedBytes.push(...body.getAll('file').map((file) => (file as Blob).size));
      return send.call(this, body);
    };
  });
  ({ page: admin } = await newPage(browser, DESKTOP));
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  // Data that makes the count move: only the first payment is due, and the family has no money yet.
  for (const id of [2, 3, 4, 5, 6]) {
    const response = await admin.request.put(`${portal.url}/api/payment-dates/${id}`, {
      data: { description: `Pago ${id}`, date: '2099-01-01', amount: 'Q100' },
    });
    expect(response.status()).toBe(200);
  }
  const families = (await (await admin.request.get(`${portal.url}/api/families`)).json()) as Array<{ id: number; email: string }>;
  const own = families.find((family) => family.email === 'padre@example.com')!;
  // The demo's transfers for the family are reversed: it starts with nothing received.
  const { entries } = (await (await admin.request.get(`${portal.url}/api/families/${own.id}/statement`)).json()) as {
    entries: Array<{ id: number; kind: string; reversal: unknown }>;
  };
  for (const entry of entries.filter((one) => one.kind === 'credito' && !one.reversal)) {
    const response = await admin.request.post(`${portal.url}/api/ledger-entries/${entry.id}/reverse`, {
      data: { reason: 'Datos de demostración' },
    });
    expect(response.status()).toBe(200);
  }
  await signIn(parent, portal.url, 'padre');
  await parent.waitForURL(`${portal.url}/parent`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A parent sends a 4 MB photo from the phone; it goes up small and reads En revisión. Returns the dashboard's 'Pagos Recibidos' before. */
async function theParentSendsAPhoto(): Promise<number> {
  const photo = await bigPhoto();
  expect(statSync(photo).size).toBeGreaterThan(3 * 1024 * 1024);
  await admin.goto(`${portal.url}/admin`);
  await admin.locator('.admin-stat', { hasText: 'Pagos Recibidos' }).waitFor();
  const before = Number(await statValue());

  await parent.getByRole('navigation', { name: 'Secciones del portal de padres' }).last().getByRole('link', { name: 'Pagos' }).click();
  const first = parent.locator('.parent-payment', { hasText: 'Primer Pago' });
  await first.getByText('Pendiente', { exact: true }).waitFor();
  // The bank card leads to the portal's own upload, of the oldest payment not paid.
  await parent.locator('.parent-bank__upload').getByRole('button', { name: 'Subir comprobante' }).click();
  await first.getByLabel('Foto o PDF del comprobante').waitFor();
  // The record lives as long as the page: another test's upload may already be in it.
  const sentBefore = await parent.evaluate(() => (window as unknown as { uploadedBytes: number[] }).uploadedBytes.length);
  await first.getByLabel('Foto o PDF del comprobante').setInputFiles(photo);
  await first.getByLabel('Monto depositado (Q, opcional)').fill('2950');
  await first.getByRole('button', { name: 'Enviar comprobante' }).click();
  await first.getByText(/^Comprobante #\d+ · Q2,950 · En revisión$/).waitFor();
  // Sending it is the family saying it paid: 'Ya pagué', its word and not money.
  await first.getByText('Indicaste que ya pagaste. El pago cuenta cuando el comité recibe el dinero.').waitFor();
  expect(await first.getByRole('radio', { name: 'Ya pagué' }).isChecked()).toBe(true);
  // A receipt is evidence, not money: the payment stays Pendiente.
  await first.getByText('Pendiente', { exact: true }).waitFor();
  // Playwright does not expose a multipart body built from a Blob: the page records what it sent.
  const sent = (await parent.evaluate(() => (window as unknown as { uploadedBytes: number[] }).uploadedBytes)).slice(sentBefore);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toBeGreaterThan(10 * 1024);
  expect(sent[0]).toBeLessThan(500 * 1024);
  expect(await scrollsSideways(parent)).toBe(false);
  await screenshot(parent, 'receipts-parent-review');
  return before;
}

/** The admin verifies it in Comprobantes and the dashboard counts the family. */
async function theAdminVerifiesIt(before: number): Promise<void> {
  // The family's statement, opened before the decision, is kept by the page (no reload below):
  // the verification refreshes it, so opening it again shows the credit.
  await admin.goto(`${portal.url}/admin/familias`);
  await admin.getByRole('button', { name: 'Estado de cuenta de la familia de Sofía Morales' }).click();
  const statement = admin.getByRole('dialog', { name: 'Estado de cuenta: Sofía Morales' });
  await statement.waitFor();
  expect(await statement.getByText(/^Comprobante #\d+ verificado$/).count()).toBe(0);
  await admin.keyboard.press('Escape');
  const menu = admin.getByRole('navigation', { name: 'Secciones del panel administrativo' }).last();
  await menu.getByRole('link', { name: 'Comprobantes' }).click();
  await admin.waitForURL(`${portal.url}/admin/comprobantes`);
  // Only this payment's receipts: the sideways photo for Pago 2 may be in the queue already (tests run in any order).
  await admin.getByRole('combobox', { name: /^Pago/ }).selectOption('1');
  await admin.getByRole('heading', { name: /Sofía Morales · Pago 1/ }).waitFor();
  await admin.getByText('Monto declarado: Q2,950').waitFor();
  await screenshot(admin, 'receipts-admin-queue');
  await admin.getByRole('button', { name: 'Verificar' }).click();
  await admin.getByText('No hay comprobantes con estos filtros.').waitFor();
  await menu.getByRole('link', { name: 'Gestión de Familias' }).click();
  await admin.getByRole('button', { name: 'Estado de cuenta de la familia de Sofía Morales' }).click();
  await statement.getByText(/^Comprobante #\d+ verificado$/).waitFor();
  await admin.keyboard.press('Escape');
  await admin.goto(`${portal.url}/admin`);
  await admin.locator('.admin-stat', { hasText: 'Pagos Recibidos' }).waitFor();
  expect(Number(await statValue())).toBe(before + 1);
}

/** The parent sees the payment Pagado, and the receipt's own review Verificado with the amount received. */
async function theParentSeesItVerified(): Promise<void> {
  await parent.reload();
  const first = parent.locator('.parent-payment', { hasText: 'Primer Pago' });
  await first.getByText('Pagado', { exact: true }).waitFor();
  await first.getByText(/^Comprobante #\d+ · Q2,950 · Verificado/).waitFor();
  await first.getByText('Recibido: Q2,950').waitFor();
  await screenshot(parent, 'receipts-parent-verified');
}

describe('deposit receipts', () => {
  // One story: the admin verifies the receipt the parent sent, and the parent then sees it verified.
  it("goes from the parent's phone to the committee and back: sent small, verified, counted, shown", async () => {
    const before = await theParentSendsAPhoto();
    await theAdminVerifiesIt(before);
    await theParentSeesItVerified();
  }, 180_000);

  it('turns a sideways photo upright and enlarges it, with the buttons, the keyboard and a touch screen', async () => {
    await parent.goto(`${portal.url}/parent/pagos`);
    const second = parent.locator('.parent-payment', { hasText: 'Segundo Pago' });
    await second.getByRole('button', { name: 'Subir comprobante' }).click();
    await second.getByLabel('Foto o PDF del comprobante').setInputFiles(await sidewaysPhoto());
    await second.getByRole('button', { name: 'Enviar comprobante' }).click();
    await second.getByText(/^Comprobante #\d+ · En revisión$/).waitFor();

    await admin.goto(`${portal.url}/admin/comprobantes`);
    await admin.getByRole('heading', { name: /Sofía Morales · Pago 2/ }).waitFor();
    const tools = admin.getByRole('toolbar', { name: 'Ver el comprobante' });
    await admin.waitForFunction(() => (document.querySelector('.admin-viewer img') as HTMLImageElement | null)?.complete);
    const upright = await viewerState(admin);
    expect(upright.rotation).toBe(0);
    expect(upright.width).toBeGreaterThan(upright.height);
    await tools.getByRole('button', { name: 'Girar a la derecha' }).click();
    const turned = await viewerState(admin);
    expect(turned.rotation).toBe(90);
    // Turned a quarter: the slip stands upright, taller than wide, and still inside its frame.
    expect(turned.height).toBeGreaterThan(turned.width);
    expect(turned.width).toBeLessThanOrEqual(turned.frameWidth);
    await tools.getByRole('button', { name: 'Acercar' }).click();
    await tools.getByText('150 %').waitFor();
    const enlarged = await viewerState(admin);
    expect(enlarged.height).toBeGreaterThan(turned.height * 1.4);
    await screenshot(admin, 'receipt-viewer');
    // The keyboard: G turns, Mayús+G turns back, + and - enlarge and shrink, 0 starts over.
    await admin.locator('body').press('g');
    expect((await viewerState(admin)).rotation).toBe(180);
    await admin.locator('body').press('Shift+G');
    await admin.locator('body').press('Shift+G');
    expect((await viewerState(admin)).rotation).toBe(0);
    await admin.locator('body').press('+');
    await tools.getByText('225 %').waitFor();
    expect((await viewerState(admin)).scrollsWide).toBe(true);
    await admin.locator('body').press('-');
    await tools.getByText('150 %').waitFor();
    await admin.locator('body').press('0');
    await tools.getByText('100 %').waitFor();
    expect(await viewerState(admin)).toEqual(upright);
    // The decision's own keys still work.
    await admin.locator('body').press('v');
    expect(await admin.evaluate(() => document.activeElement?.id)).toBe('receipt-amount');

    // On a phone: the tools are tapped, and the page never scrolls sideways.
    const { context, page: phone } = await newPage(browser, PHONE, { hasTouch: true });
    await signIn(phone, portal.url, 'admin');
    await phone.waitForURL(`${portal.url}/admin`);
    await phone.goto(`${portal.url}/admin/comprobantes`);
    await phone.getByRole('heading', { name: /Sofía Morales · Pago 2/ }).waitFor();
    await phone.waitForFunction(() => (document.querySelector('.admin-viewer img') as HTMLImageElement | null)?.complete);
    const phoneTools = phone.getByRole('toolbar', { name: 'Ver el comprobante' });
    await phoneTools.getByRole('button', { name: 'Girar a la izquierda' }).tap();
    const phoneTurned = await viewerState(phone);
    expect(phoneTurned.rotation).toBe(270);
    expect(phoneTurned.height).toBeGreaterThan(phoneTurned.width);
    await phoneTools.getByRole('button', { name: 'Acercar' }).tap();
    await phoneTools.getByRole('button', { name: 'Acercar' }).tap();
    await phoneTools.getByText('225 %').waitFor();
    expect((await viewerState(phone)).scrollsWide).toBe(true);
    expect(await scrollsSideways(phone)).toBe(false);
    await screenshot(phone, 'receipt-viewer');
    await context.close();
  }, 120_000);
});
