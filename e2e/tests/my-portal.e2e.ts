// Mi Portal on a phone (375 px): the first card says what the family owes today, or 'Al día', or
// its 'Saldo a favor', with its next payment and its reference; 'Plazo vencido' only where money is
// owed. Three families of the demo, their money recorded by the committee through the API.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AccountLink, Statement } from '@portal/contracts';
import { formatQuetzales } from '@portal/format';
import { DESKTOP, launchBrowser, newPage, PHONE, recordRequests, screenshot, scrollsSideways, signIn } from '../support/browser';
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

async function api<T>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response = await admin.request.fetch(`${portal.url}${url}`, { method, data });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** The family's parent, with an account made from the committee's invitation, on a phone. */
async function parentOf(graduateName: string): Promise<{ context: BrowserContext; page: Page; familyId: number }> {
  const families = await api<Array<{ id: number; graduateName: string }>>('GET', '/api/families');
  const familyId = families.find((family) => family.graduateName === graduateName)!.id;
  const { link } = await api<AccountLink>('POST', `/api/families/${familyId}/invitation`);
  const token = new URL(link).searchParams.get('token')!;
  const { context, page } = await newPage(browser, PHONE);
  const username = `familia${familyId}`;
  const accepted = await context.request.post(`${portal.url}/api/invitation/accept`, {
    data: { token, name: `Padre ${graduateName}`, username, password: 'una-clave-segura', confirmPassword: 'una-clave-segura' },
  });
  expect(accepted.ok()).toBe(true);
  return { context, page, familyId };
}

const statementOf = (familyId: number) => api<Statement>('GET', `/api/families/${familyId}/statement`);
const recordCash = (familyId: number, amountReceived: number) =>
  api<Statement>('POST', `/api/families/${familyId}/payments/1/cash`, { amountReceived, note: 'Efectivo en reunión' });

async function openPortal(page: Page) {
  await page.goto(`${portal.url}/parent`);
  const card = page.getByTestId('family-money');
  await card.waitFor();
  return card;
}

describe('Mi Portal’s money, first thing on the phone', () => {
  it('tells a family that owes how much, its next payment and its reference', async () => {
    const { context, page, familyId } = await parentOf('Mateo García');
    const statement = await statementOf(familyId);
    expect(statement.totals.dueBalance).toBeGreaterThan(0);
    const card = await openPortal(page);
    await card.getByText(`Debe hoy ${formatQuetzales(statement.totals.dueBalance)}`).waitFor();
    await card.getByText(`Tu referencia: ${statement.paymentReference}`).waitFor();
    const next = statement.lines.find((line) => !line.due && line.state !== 'pagado');
    if (next) await card.getByText(new RegExp(`Próximo pago: ${next.title}`)).waitFor();
    await page
      .getByText('Plazo vencido')
      .or(page.getByText(/^Vence /))
      .waitFor();
    // The card comes before the reminders.
    const [cardTop, deadlineTop] = await Promise.all([
      card.evaluate((element) => element.getBoundingClientRect().top),
      page.getByText('Fecha límite del pago final').evaluate((element) => element.getBoundingClientRect().top),
    ]);
    expect(cardTop).toBeLessThan(deadlineTop);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, 'parent-portal-owes');
    await card.getByRole('link', { name: 'Ir a Pagos' }).click();
    await page.waitForURL(`${portal.url}/parent/pagos`);
    await context.close();
  });

  it('tells a family that paid what is due that it is up to date, with no overdue deadline', async () => {
    const { context, page, familyId } = await parentOf('Santiago Rodríguez');
    const before = await statementOf(familyId);
    if (before.totals.dueBalance > 0) await recordCash(familyId, before.totals.dueBalance);
    const after = await statementOf(familyId);
    expect(after.totals.dueBalance).toBe(0);
    const card = await openPortal(page);
    await card.getByText('Al día').waitFor();
    expect(await card.getByText(/Debe hoy/).count()).toBe(0);
    expect(await page.getByText('Plazo vencido').count()).toBe(0);
    await context.close();
  });

  it('shows the credit of a family that paid more than everything', async () => {
    const { context, page, familyId } = await parentOf('Diego Hernández');
    const before = await statementOf(familyId);
    await recordCash(familyId, Math.max(before.totals.balance, 0) + 750);
    expect((await statementOf(familyId)).totals.credit).toBe(750);
    const card = await openPortal(page);
    await card.getByText(`Saldo a favor ${formatQuetzales(750)}`).waitFor();
    expect(await card.getByText(/Debe hoy/).count()).toBe(0);
    expect(await page.getByText('Plazo vencido').count()).toBe(0);
    await context.close();
  });

  it('shows the demo parent’s money and the welcome in the top bar (375 and 1280 px)', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newPage(browser, viewport);
      await signIn(page, portal.url, 'padre');
      await page.waitForURL(`${portal.url}/parent`);
      await page.getByTestId('family-money').waitFor();
      // Loaded by its address, the money comes with the page's first data: no request of its own.
      const requests = recordRequests(page);
      const response = await page.goto(`${portal.url}/parent`);
      expect(await response!.text()).toMatch(/owedNow/);
      await page.getByTestId('family-money').getByText('Al día').waitFor();
      expect(requests.filter((url) => url.startsWith('/api/my-family'))).toEqual([]);
      // The spec's 'Bienvenido, {name}' in the top bar, on a phone too.
      await page.locator('.shell-nav').getByText('Bienvenido, Carlos Morales').waitFor();
      expect(await page.locator('.shell-nav').getByText('Bienvenido, Carlos Morales').isVisible()).toBe(true);
      expect(await scrollsSideways(page)).toBe(false);
      await context.close();
    }
  });
});
