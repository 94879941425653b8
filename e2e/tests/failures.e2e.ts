// Small things a phone user trips over: a refused RSVP says why, a receipt of the wrong type says
// which types are accepted, the invitation page starts with the family contact's name, the
// committee sets how many people come in the families dialog, and 'Historial' names the family or
// account a change touches.
import type { Browser, Page } from 'playwright-core';
import type { Family, GraduationEvent, HistoryPage } from '@portal/contracts';
import { launchBrowser, newPage, PHONE, screenshot, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let admin: Page;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
  ({ page: admin } = await newPage(browser, PHONE));
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A call to the API as the signed-in admin. */
const api = <T>(method: string, url: string, body?: unknown): Promise<T> =>
  admin.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (response.status === 204 ? null : await response.json()) as T;
    },
    { method, url, body },
  );

describe('failures and small things on a phone', () => {
  it('tells the parent why an RSVP was refused, under the spec’s title', async () => {
    const { page: parent } = await newPage(browser, PHONE);
    await signIn(parent, portal.url, 'padre');
    await parent.waitForURL(`${portal.url}/parent`);
    await parent.goto(`${portal.url}/parent/eventos`);
    const card = parent.locator('.parent-event').filter({ hasText: 'Misa de Acción de Gracias' });
    await card.getByRole('button', { name: 'Asistiré' }).waitFor();
    // Meanwhile the committee closes the RSVPs.
    const events = await api<GraduationEvent[]>('GET', '/api/events');
    const mass = events.find((event) => event.titulo === 'Misa de Acción de Gracias')!;
    await api('PUT', `/api/events/${mass.id}`, { rsvpDeadline: new Date(Date.now() - 60_000).toISOString() });
    await card.getByRole('button', { name: 'Asistiré' }).click();
    const toast = parent.locator('.ui-toast--destructive').filter({ hasText: 'Error' }).first();
    await toast.getByText(/^Las confirmaciones de este evento cerraron el \d{2}\/\d{2}\/\d{4} a las \d{1,2}:\d{2}\s[ap]\.\s?m\./).waitFor();
    expect(await toast.textContent()).not.toContain('intenta de nuevo');
    await screenshot(parent, 'rsvp-refused');
    await parent.context().close();
  });

  it('tells the parent which receipt files are accepted: a wrong type before sending anything, a false PDF from the server', async () => {
    const { page: parent } = await newPage(browser, PHONE);
    await signIn(parent, portal.url, 'padre');
    await parent.waitForURL(`${portal.url}/parent`);
    const sent: string[] = [];
    parent.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/my-family/payment-proofs')) sent.push(request.url());
    });
    await parent.goto(`${portal.url}/parent/pagos`);
    // The first payment that asks for a receipt (held by its place: the button goes once the form opens).
    await parent.getByRole('button', { name: 'Subir comprobante' }).first().waitFor();
    const payments = parent.locator('.parent-payment');
    const place = await payments.evaluateAll((cards) =>
      cards.findIndex((card) => Array.from(card.querySelectorAll('button')).some((button) => button.textContent === 'Subir comprobante')),
    );
    const payment = payments.nth(place);
    await payment.getByRole('button', { name: 'Subir comprobante' }).click();
    const file = payment.getByLabel('Foto o PDF del comprobante');
    await file.setInputFiles({
      name: 'recibo.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK not a receipt'),
    });
    const alert = payment.getByRole('alert');
    await alert
      .getByText('«recibo.docx» no se puede enviar. Tipo de archivo no admitido: envía una foto (JPEG, PNG o WebP) o un PDF.')
      .waitFor();
    await payment.getByRole('button', { name: 'Enviar comprobante' }).click();
    await alert.getByText(/Tipo de archivo no admitido/).waitFor();
    expect(await alert.textContent()).not.toContain('No pudimos conectar');
    expect(sent).toEqual([]);
    await screenshot(parent, 'receipt-wrong-type');
    // A file that says it is a PDF and is not: the server reads its bytes and refuses it, and its reason is shown.
    await file.setInputFiles({ name: 'recibo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hola, esto no es un PDF') });
    expect(await alert.count()).toBe(0);
    await payment.getByRole('button', { name: 'Enviar comprobante' }).click();
    await alert.getByText('Tipo de archivo no admitido: envía una foto (JPEG, PNG o WebP) o un PDF.').waitFor();
    expect(sent).toHaveLength(1);
    expect(await alert.textContent()).not.toContain('No pudimos conectar');
    await parent.context().close();
  });

  it('starts the invitation page with the family contact’s name', async () => {
    const families = await api<Family[]>('GET', '/api/families');
    const diego = families.find((family) => family.graduateName === 'Diego Hernández')!;
    const { link } = await api<{ link: string }>('POST', `/api/families/${diego.id}/invitation`);
    const { page: invited } = await newPage(browser, PHONE);
    await invited.goto(link);
    await invited.getByLabel('Nombre completo').waitFor();
    expect(await invited.getByLabel('Nombre completo').inputValue()).toBe(diego.contactName);
    await screenshot(invited, 'invitation-prefilled');
    await invited.context().close();
  });

  it('lets the committee set how many people come to the ceremony, and Historial names the family', async () => {
    await admin.goto(`${portal.url}/admin/familias`);
    await admin.getByRole('button', { name: 'Editar familia de Mateo García' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Editar Familia' });
    const ceremony = dialog.getByRole('group', { name: 'Confirmación Ceremonia de Premiación' });
    await ceremony.getByLabel('Asistirá', { exact: true }).check();
    await ceremony.getByLabel('Personas').fill('3');
    await screenshot(admin, 'family-dialog-people');
    await dialog.getByRole('button', { name: 'Actualizar Familia' }).click();
    await admin.getByRole('status').filter({ hasText: 'Familia actualizada' }).first().waitFor();
    const families = await api<Family[]>('GET', '/api/families');
    const mateo = families.find((family) => family.graduateName === 'Mateo García')!;
    expect(mateo).toMatchObject({ awardsAnswer: 'attending', awardsGuests: 3 });

    // Gala and account changes in Historial say whose they are.
    await api('POST', '/api/gala/layout', { count: 4, columns: 4 });
    await api('PUT', '/api/gala/tables/1/family', { familyId: mateo.id });
    await api('DELETE', '/api/gala/tables/1/family');
    const rows = await api<HistoryPage>('GET', `/api/history?entity=gala&familyId=${mateo.id}`);
    expect(rows.items.map((row) => row.label)).toEqual(expect.arrayContaining(['Mesa 1: Mateo García']));
    await admin.goto(`${portal.url}/admin/historial`);
    await admin.getByRole('row').filter({ hasText: 'Mesa liberada' }).filter({ hasText: 'Mesa 1: Mateo García' }).first().waitFor();
  });
});
