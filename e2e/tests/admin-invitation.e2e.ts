// 'Invitar administrador': on a phone one admin invites a committee member from 'Cuentas', a second
// admin approves it, and only then does the e-mail go out; the invited person opens its link, picks
// a user name and a password, and lands in the admin panel.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { SMTPServer } from 'smtp-server';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, scrollsSideways, signIn } from '../support/browser';
import { awaitMail, catchMail, mailsTo } from '../support/mail-catcher';
import { ROOT, startPortal, type Portal } from '../support/portal';

const SECOND_PASSWORD = 'clave-de-la-presidenta';
const NEW_PASSWORD = 'clave-de-carla-2026';

let browser: Browser;
let portal: Portal;
let smtp: SMTPServer;
let dir: string;
const inbox: Array<{ to: string[]; data: string }> = [];

/** The link of the e-mail to `email`, once it has arrived. */
const linkSentTo = (email: string): Promise<string> =>
  awaitMail(
    inbox,
    email,
    (bodies) => /http:\/\/127\.0\.0\.1:\d+\/auth\/[\w-]+\?token=[\w-]{43}/.exec(bodies.at(-1) ?? '')?.[0],
    'none with a link',
  );

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first().waitFor();

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-admin-invitation-'));
  const sqlite = path.join(dir, 'portal.sqlite');
  const mail = await catchMail(inbox);
  smtp = mail.server;
  [browser, portal] = await Promise.all([
    launchBrowser(),
    startPortal({ SQLITE_PATH: sqlite, FILES_DIR: path.join(dir, 'files'), SMTP_URL: mail.url, MAIL_POLL_SECONDS: '1' }),
  ]);
  // The second admin who approves, made by the documented command.
  const created = spawnSync(
    process.execPath,
    [path.join(ROOT, 'api/dist/create-admin.js'), '--username', 'presidenta', '--name', 'Presidenta'],
    { env: { ...process.env, SQLITE_PATH: sqlite, DATABASE_URL: '', ADMIN_PASSWORD: SECOND_PASSWORD }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`create-admin failed: ${created.stderr}`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

it('invites a committee member on a phone, sends it once a second admin approves, and the link makes an admin', async () => {
  const { page: admin } = await newPage(browser, PHONE);
  await signIn(admin, portal.url, 'admin');
  await admin.waitForURL(`${portal.url}/admin`);
  await admin.goto(`${portal.url}/admin/usuarios`);
  const card = admin.locator('.admin-invitation');
  await card.getByRole('heading', { name: 'Invitar administrador' }).waitFor();
  await card.getByLabel('Nombre completo').fill('Carla Méndez');
  await card.getByLabel('Correo').fill('carla@example.com');
  await card.getByRole('button', { name: 'Enviar invitación' }).click();
  await toast(admin, 'Invitación registrada');
  await card.getByRole('button', { name: 'Retirar la invitación de Carla Méndez' }).waitFor();
  expect(await card.getByRole('button', { name: /^Aprobar/ }).count()).toBe(0);
  expect(await scrollsSideways(admin)).toBe(false);
  await screenshot(admin, 'admin-invitation');
  await admin.setViewportSize(DESKTOP);
  await screenshot(admin, 'admin-invitation');

  const { page: second } = await newPage(browser, PHONE);
  await signIn(second, portal.url, 'presidenta', SECOND_PASSWORD);
  await second.waitForURL(`${portal.url}/admin`);
  await second.goto(`${portal.url}/admin/usuarios`);
  const approve = second.getByRole('button', { name: 'Aprobar y enviar la invitación de Carla Méndez' });
  await approve.waitFor();
  // Proposed is not sent: nothing reached the address before the second admin's approval.
  expect(mailsTo(inbox, 'carla@example.com')).toHaveLength(0);
  await screenshot(second, 'admin-invitation-approve');
  await approve.click();
  await toast(second, 'Invitación aprobada y enviada');
  const link = await linkSentTo('carla@example.com');
  expect(link).toContain('/auth/invitacion-admin?token=');

  const { page: invited } = await newPage(browser, PHONE);
  await invited.goto(link);
  await invited.getByRole('heading', { name: 'Crea tu cuenta de administrador' }).waitFor();
  expect(await invited.getByLabel('Email').inputValue()).toBe('carla@example.com');
  await invited.getByLabel('Nombre de usuario').fill('carla.m');
  await invited.getByLabel('Contraseña', { exact: true }).fill(NEW_PASSWORD);
  await invited.getByLabel('Confirmar contraseña').fill(NEW_PASSWORD);
  expect(await scrollsSideways(invited)).toBe(false);
  await screenshot(invited, 'admin-invitation-accept');
  await invited.setViewportSize(DESKTOP);
  await screenshot(invited, 'admin-invitation-accept');
  await invited.setViewportSize(PHONE);
  await invited.getByRole('button', { name: 'Crear cuenta' }).click();
  await invited.waitForURL(`${portal.url}/admin`);
  await invited.goto(`${portal.url}/admin/usuarios`);
  await invited.getByText('carla.m · ', { exact: false }).first().waitFor();
});
