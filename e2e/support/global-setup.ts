// The browser suite's global setup (jest.config.cjs): one portal seeds the demo (its closed Class
// of 2025 archived, then the Class of 2026) and stops; every suite's portal starts on a copy of its
// database and files (startPortal) instead of seeding its own. A folder given in PORTAL_E2E_DEMO
// (tools/test.sh gives one per lane, whose parts of the suite run one after the other) is seeded
// once and kept; otherwise global-teardown.ts removes the one made here.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_TEMPLATE_ENV, startPortal } from './portal';

/** Set when the folder was made by this run, which removes it at its end. */
export const DEMO_MADE_HERE_ENV = 'PORTAL_E2E_DEMO_MADE_HERE';

export default async function setup(): Promise<void> {
  const given = process.env[DEMO_TEMPLATE_ENV];
  if (given && existsSync(path.join(given, 'portal.sqlite'))) return;
  const dir = given ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-demo-'));
  // This portal seeds the demo itself: it copies no template.
  delete process.env[DEMO_TEMPLATE_ENV];
  const portal = await startPortal({ SQLITE_PATH: path.join(dir, 'portal.sqlite'), FILES_DIR: path.join(dir, 'files') });
  // Stopped by its signal, the portal closes its database: the file holds everything.
  await portal.stop();
  process.env[DEMO_TEMPLATE_ENV] = dir;
  if (!given) process.env[DEMO_MADE_HERE_ENV] = '1';
}
