// The browser suite's global setup (jest.config.cjs): one portal seeds the demo (its closed Class
// of 2025 archived, then the Class of 2026) and stops; every suite's portal starts on a copy of its
// database and files (startPortal) instead of seeding its own. global-teardown.ts removes it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_TEMPLATE_ENV, startPortal } from './portal';

export default async function setup(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-demo-'));
  const portal = await startPortal({ SQLITE_PATH: path.join(dir, 'portal.sqlite'), FILES_DIR: path.join(dir, 'files') });
  // Stopped by its signal, the portal closes its database: the file holds everything.
  await portal.stop();
  process.env[DEMO_TEMPLATE_ENV] = dir;
}
