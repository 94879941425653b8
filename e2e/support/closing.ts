// Closing the class through the screens, the steps tests/class-closing.e2e.ts checks one by one:
// one admin waives what is left and proposes the closing, a second admin approves it; and the
// portal of its own such a test starts, with that second admin.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { ROOT, startPortal, type Portal } from './portal';

export const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first().waitFor();

/** The second admin that closing a class needs, besides the demo's: 'presidenta', with this password. */
export const PRESIDENT_PASSWORD = 'clave-de-la-presidenta';

export interface ClassPortal {
  browser: Browser;
  portal: Portal;
  /** Its own temporary folder (the database and the files live in it), removed by `stop`. */
  dir: string;
  stop(): Promise<void>;
}

/**
 * A browser and a portal of its own on a fresh database and files folder (the demo's data), with
 * the admin 'presidenta' made by the documented command.
 */
export async function classPortal(name: string): Promise<ClassPortal> {
  const dir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  const sqlite = path.join(dir, 'portal.sqlite');
  const [browser, portal] = await Promise.all([launchBrowser(), startPortal({ SQLITE_PATH: sqlite, FILES_DIR: path.join(dir, 'files') })]);
  const created = spawnSync(
    process.execPath,
    [path.join(ROOT, 'api/dist/create-admin.js'), '--username', 'presidenta', '--name', 'Presidenta'],
    { env: { ...process.env, SQLITE_PATH: sqlite, DATABASE_URL: '', ADMIN_PASSWORD: PRESIDENT_PASSWORD }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`create-admin failed: ${created.stderr}`);
  return {
    browser,
    portal,
    dir,
    async stop() {
      await browser.close();
      await portal.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Both pages signed in as two different admins of the class; `destination`, the balance's as the
 * form words it (left out: its first, back to the families).
 */
export async function closeClass(proposer: Page, approver: Page, url: string, destination?: string): Promise<void> {
  await proposer.goto(`${url}/admin/cierre`);
  const open = proposer.locator('[data-testid^="closing-check-"]').filter({ has: proposer.getByLabel('Razón para omitirlo') });
  await open.first().waitFor();
  const count = await open.count();
  for (let index = 0; index < count; index += 1)
    await open.nth(index).getByLabel('Razón para omitirlo').fill('Lo revisó la asamblea: queda constancia en el acta.');
  const form = proposer.locator('form').filter({ has: proposer.getByRole('button', { name: 'Proponer el cierre' }) });
  if (destination) await form.getByLabel(destination).check();
  await form.getByLabel('Acta que aprobó el cierre').fill('Acta 14-2026, asamblea del 25 de noviembre');
  await form.getByRole('button', { name: 'Proponer el cierre' }).click();
  await toast(proposer, 'Cierre propuesto');

  await approver.goto(`${url}/admin/cierre`);
  await approver.getByTestId('closing-pending').getByRole('button', { name: 'Aprobar y cerrar la promoción' }).click();
  await approver.getByRole('alertdialog').getByRole('button', { name: 'Aprobar y cerrar la promoción' }).click();
  await toast(approver, 'Promoción cerrada');
  await approver.getByTestId('closing-report').getByText('Informe final').waitFor();
}
