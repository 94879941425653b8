// A stranger who registers with a family's e-mail sees nothing of it; the owner of the address
// follows the link from the e-mail the portal sent and sees the family; the committee sees the
// account in 'Cuentas' and disables it, which signs it out.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { startPortal, type Portal } from '../support/portal';

let browser: Browser;
let portal: Portal;
let smtp: SMTPServer;
const inbox: Array<{ to: string[]; data: string }> = [];

/** The body of a received message, quoted-printable soft breaks and escapes undone. */
const decode = (data: string) =>
  data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The link of the newest e-mail to `email`, once one has arrived that is not `except`. */
async function linkSentTo(email: string, except?: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const message = inbox.filter((one) => one.to.includes(email)).pop();
    const link = message && /http:\/\/127\.0\.0\.1:\d+\/auth\/verificar\?token=[\w-]{43}/.exec(decode(message.data))?.[0];
    if (link && link !== except) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No new e-mail reached ${email}`);
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  [browser, portal] = await Promise.all([launchBrowser(), startPortal({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_POLL_SECONDS: '1' })]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('accounts are linked to a family only once their e-mail is proven', () => {
  let parent: Page;

  it("shows whoever registers with a family's e-mail nothing of the family until the link is followed", async () => {
    ({ page: parent } = await newPage(browser, PHONE));
    await parent.goto(`${portal.url}/auth`);
    await parent.getByRole('tab', { name: 'Registrarse' }).click();
    await parent.getByLabel('Nombre completo').fill('Ana Hernández');
    await parent.getByLabel('Nombre de usuario').fill('ana.hernandez');
    // The e-mail the committee registered for Diego Hernández's family (demo data).
    await parent.getByLabel('Email').fill('ana.hernandez@example.com');
    await parent.getByLabel('Contraseña', { exact: true }).fill('una-clave-segura');
    await parent.getByLabel('Confirmar contraseña').fill('una-clave-segura');
    await parent.getByRole('button', { name: 'Crear cuenta' }).click();
    await parent.waitForURL(`${portal.url}/parent`);
    await parent.getByRole('heading', { name: 'Perfil Familiar No Encontrado' }).waitFor();
    await parent.getByText('confirma que ana.hernandez@example.com es tu correo').waitFor();
    expect(await parent.getByText('Diego Hernández').count()).toBe(0);
    await screenshot(parent, 'parent-verify-email');

    const first = await linkSentTo('ana.hernandez@example.com');
    await parent.getByRole('button', { name: 'Reenviar enlace' }).click();
    await parent.getByRole('status').filter({ hasText: 'Enlace enviado' }).first().waitFor();
    const link = await linkSentTo('ana.hernandez@example.com', first);

    await parent.goto(link);
    await parent.getByRole('heading', { name: '¡Correo confirmado!' }).waitFor();
    await screenshot(parent, 'verify-email');
    await parent.getByRole('link', { name: 'Ir a mi portal' }).click();
    await parent.getByText('Graduado(a): Diego Hernández').waitFor();

    // The first link stopped working when the second was sent.
    const { context, page: stale } = await newPage(browser, DESKTOP);
    await stale.goto(first);
    await stale.getByRole('heading', { name: 'No pudimos confirmar tu correo' }).waitFor();
    await stale.getByText('El enlace no es válido o ya venció.').waitFor();
    await context.close();
  });

  it.each([PHONE, DESKTOP])("lists the account in the committee's 'Cuentas' (%j)", async (viewport) => {
    const { context, page: admin } = await newPage(browser, viewport);
    await signIn(admin, portal.url, 'admin');
    await admin.waitForURL(`${portal.url}/admin`);
    await admin.goto(`${portal.url}/admin/cuentas`);
    const row = admin.getByRole('row').filter({ hasText: 'ana.hernandez@example.com' });
    await row.getByText('Correo confirmado').waitFor();
    await row.getByText('Diego Hernández').waitFor();
    expect(await scrollsSideways(admin)).toBe(false);
    await screenshot(admin, 'admin-accounts');
    await context.close();
  });

  it('disables the account, which signs the parent out at once', async () => {
    const { context, page: admin } = await newPage(browser, DESKTOP);
    await signIn(admin, portal.url, 'admin');
    await admin.waitForURL(`${portal.url}/admin`);
    await admin.goto(`${portal.url}/admin/cuentas`);
    await admin.getByRole('button', { name: 'Desactivar la cuenta de Ana Hernández' }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByText('saldrá del portal en todos sus dispositivos').waitFor();
    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    await admin.getByRole('status').filter({ hasText: 'Cuenta desactivada' }).first().waitFor();
    await admin.getByRole('row').filter({ hasText: 'ana.hernandez@example.com' }).getByText('Desactivada').waitFor();
    await context.close();

    await parent.reload();
    await parent.waitForURL(`${portal.url}/auth`);
    await signIn(parent, portal.url, 'ana.hernandez', 'una-clave-segura');
    await parent.getByRole('status').filter({ hasText: 'Tu cuenta está desactivada' }).first().waitFor();
  });
});
