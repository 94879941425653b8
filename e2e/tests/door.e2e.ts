// The gala's door on the volunteer's phone (375 px): finding families typed without accents, the
// answer of a scan in sight at once, and undoing a check-in made by mistake.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { qrVideo } from '../support/camera';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let door: Page;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  ({ page: door } = await newPage(browser, PHONE));
  await signIn(door, portal.url, 'admin');
  await door.waitForURL(`${portal.url}/admin`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function openTheDoor(page: Page): Promise<void> {
  await page.goto(`${portal.url}/admin/fiesta`);
  await page.getByRole('tab', { name: 'Entrada' }).click();
}

/** The graduates a door search lists. */
async function found(page: Page, query: string): Promise<string[]> {
  await page.getByLabel('Buscar familia por nombre').fill(query);
  await page
    .locator('.gala-door-family strong')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  return page.locator('.gala-door-family strong').allTextContents();
}

/** Whether the element is wholly inside the screen as it is now (no scrolling), and not covered. */
const inFirstScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const visible = (x: number, y: number) => element.contains(document.elementFromPoint(x, y));
    return (
      box.top >= 0 &&
      box.bottom <= window.innerHeight &&
      box.height > 0 &&
      visible(box.left + 8, box.top + 8) &&
      visible(box.right - 8, box.bottom - 8)
    );
  });

describe('the gala door on a phone', () => {
  it('finds families typed without accents, by graduate, contact and table (never by e-mail or phone, which the door does not get)', async () => {
    await openTheDoor(door);
    expect(await found(door, 'sofia')).toEqual(['Sofía Morales']);
    expect(await found(door, 'lopez')).toEqual(['Valentina López']);
    expect(await found(door, 'perez')).toEqual(['Isabella y Lucía Pérez']);
    expect(await found(door, 'hernandez')).toEqual(['Diego Hernández']);
    expect(await found(door, 'Carlos')).toEqual(['Sofía Morales']);
    expect(await found(door, 'padre@example')).toEqual([]);
    await door.getByLabel('Buscar familia por nombre').fill('zzz');
    await door.getByText('Ninguna familia coincide.').waitFor();
    expect(await scrollsSideways(door)).toBe(false);

    // The families list follows the same rule, with the e-mails and phones the committee sees there.
    await door.goto(`${portal.url}/admin/familias`);
    await door.getByRole('searchbox').fill('perez');
    await door.getByText('Isabella y Lucía Pérez').first().waitFor();
    await door.getByRole('searchbox').fill('Carlos');
    await door.getByText('Sofía Morales').first().waitFor();
    expect(await door.getByText('Valentina López').count()).toBe(0);
  });

  it('shows the answer of a check-in large and in the first screen, and vibrates', async () => {
    await door.addInitScript(() => {
      (window as unknown as { vibrations: unknown[] }).vibrations = [];
      navigator.vibrate = (pattern: VibratePattern) => {
        (window as unknown as { vibrations: unknown[] }).vibrations.push(pattern);
        return true;
      };
    });
    await openTheDoor(door);
    await door.getByLabel('Buscar familia por nombre').fill('mateo');
    const row = door.locator('.gala-door-family').filter({ hasText: 'Mateo García' });
    await row.getByRole('button', { name: 'Registrar ingreso' }).scrollIntoViewIfNeeded();
    await row.getByRole('button', { name: 'Registrar ingreso' }).click();
    const answer = door.getByTestId('gala-answer');
    await answer
      .filter({ hasText: 'Mateo García' })
      .filter({ hasText: /Ingresó: \d+ personas?\./ })
      .waitFor();
    expect(await inFirstScreen(door, '[data-testid="gala-answer"]')).toBe(true);
    expect(
      await answer.locator('.gala-answer__name').evaluate((element) => parseFloat(getComputedStyle(element).fontSize)),
    ).toBeGreaterThanOrEqual(22);
    expect(await door.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations)).toEqual([[120]]);
    // In: the row says when, with the time as the portal writes times ('7:05 p. m.'), and offers no second check-in.
    await row.getByText(/Ingresó a las \d{1,2}:\d{2}\s[ap]\.\s?m\./).waitFor();
    expect(await row.getByRole('button', { name: 'Registrar ingreso' }).count()).toBe(0);
    expect(await inFirstScreen(door, '[data-testid="gala-answer"]')).toBe(true);
    await screenshot(door, 'gala-door-answer');
  });

  it('counts from 1 with − and + (44 px) or everyone at once, and adds the latecomers of a family that came in two cars', async () => {
    await openTheDoor(door);
    await door.getByLabel('Buscar familia por nombre').fill('perez');
    const row = door.locator('.gala-door-family').filter({ hasText: 'Isabella y Lucía Pérez' });
    // Three tables: 24 seats. The count starts at 1, not at every seat.
    const count = row.getByLabel('Personas que ingresan');
    expect(await count.inputValue()).toBe('1');
    await row.getByRole('button', { name: 'Todos (24)' }).waitFor();
    for (const name of ['Una persona menos', 'Una persona más']) {
      const box = (await row.getByRole('button', { name }).boundingBox())!;
      expect({ name, width: box.width >= 44, height: box.height >= 44 }).toEqual({ name, width: true, height: true });
    }
    for (let tap = 0; tap < 9; tap += 1) await row.getByRole('button', { name: 'Una persona más' }).click();
    await row.getByRole('button', { name: 'Una persona menos' }).click();
    expect(await count.inputValue()).toBe('9');
    await row.getByRole('button', { name: 'Registrar ingreso' }).click();
    const answer = door.getByTestId('gala-answer');
    await answer.filter({ hasText: 'Isabella y Lucía Pérez' }).filter({ hasText: 'Ingresó: 9 personas.' }).waitFor();

    // The second car: the family is in with 9 of 24, so the door offers to add, not a second check-in.
    await row.getByText('Ya ingresaron 9 de 24: ¿agregar?').waitFor();
    expect(await row.getByRole('button', { name: 'Registrar ingreso' }).count()).toBe(0);
    await row.getByLabel('Personas que se agregan').fill('7');
    expect(await scrollsSideways(door)).toBe(false);
    await screenshot(door, 'gala-door-latecomers');
    await row.getByRole('button', { name: 'Agregar' }).click();
    await door.locator('[data-testid="gala-answer"].gala-result--agregado').filter({ hasText: 'Ingresaron 7 más: 16 de 24.' }).waitFor();
    await row.getByText(/Ingresó a las \d{1,2}:\d{2}\s[ap]\.\s?m\. \(16 personas\)/).waitFor();
    await row.getByText('Ya ingresaron 16 de 24: ¿agregar?').waitFor();
    expect(await inFirstScreen(door, '[data-testid="gala-answer"]')).toBe(true);
    await screenshot(door, 'gala-door-added');
  });

  it('shows a scanned pass’s answer above the open camera, without scrolling', async () => {
    // The family's pass, as its phone shows it.
    const { page: parent, context } = await newPage(browser, PHONE);
    await signIn(parent, portal.url, 'padre');
    await parent.waitForURL(`${portal.url}/parent`);
    const token = await parent.evaluate(async () => ((await (await fetch('/api/my-gala/pass')).json()) as { token: string }).token);
    await context.close();
    const dir = mkdtempSync(path.join(tmpdir(), 'door-camera-'));
    const video = path.join(dir, 'pase.y4m');
    qrVideo(token, video);
    const camera = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const { page } = await newPage(camera, PHONE);
      await signIn(page, portal.url, 'admin');
      await page.waitForURL(`${portal.url}/admin`);
      await openTheDoor(page);
      await page.getByRole('button', { name: 'Escanear pase' }).click();
      // The pass read, the door asks how many come in, in sight at once.
      const asked = page.locator('[data-testid="gala-answer"]').filter({ hasText: 'Pase leído: ¿cuántas personas entran?' });
      await asked.filter({ hasText: 'Sofía Morales' }).waitFor();
      expect(await inFirstScreen(page, '[data-testid="gala-answer"]')).toBe(true);
      await screenshot(page, 'gala-door-scan-ask');
      await asked.getByRole('button', { name: /^Todos \(\d+\)$/ }).click();
      await page.locator('[data-testid="gala-answer"].gala-result--ingreso').filter({ hasText: 'Sofía Morales' }).waitFor();
      expect(await inFirstScreen(page, '[data-testid="gala-answer"]')).toBe(true);
      expect(await inFirstScreen(page, 'video')).toBe(true);
      await screenshot(page, 'gala-door-scan');
      await page.setViewportSize(DESKTOP);
      expect(await inFirstScreen(page, '[data-testid="gala-answer"]')).toBe(true);
      await screenshot(page, 'gala-door-scan');
    } finally {
      await camera.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('undoes a check-in made by mistake with a reason, and Historial names the family', async () => {
    await openTheDoor(door);
    await door.getByLabel('Buscar familia por nombre').fill('santiago');
    const row = door.locator('.gala-door-family').filter({ hasText: 'Santiago Rodríguez' });
    await row.getByRole('button', { name: 'Registrar ingreso' }).click();
    await row.getByText(/Ingresó a las/).waitFor();
    await row.getByRole('button', { name: 'Anular ingreso' }).click();
    const dialog = door.getByRole('dialog', { name: 'Anular el ingreso de la familia de Santiago Rodríguez' });
    // No reason: nothing is sent, the family stays in.
    await dialog.getByRole('button', { name: 'Anular ingreso' }).click();
    expect(await dialog.getByLabel('Motivo').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await dialog.getByLabel('Motivo').fill('Se registró por error: era otra familia');
    expect(await scrollsSideways(door)).toBe(false);
    await screenshot(door, 'gala-door-undo');
    await dialog.getByRole('button', { name: 'Anular ingreso' }).click();
    await door.getByRole('status').filter({ hasText: 'Ingreso anulado' }).first().waitFor();
    await row.getByText(/Ingresó a las/).waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Anular ingreso' }).waitFor({ state: 'detached' });

    await door.goto(`${portal.url}/admin/historial`);
    const entry = door.getByRole('row').filter({ hasText: 'Ingreso a la fiesta anulado' });
    await entry
      .filter({ hasText: 'Santiago Rodríguez' })
      .filter({ hasText: 'Motivo' })
      .filter({ hasText: 'Se registró por error' })
      .waitFor();
    await screenshot(door, 'gala-history-undo');
  });
});
