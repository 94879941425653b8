import { rmSync } from 'node:fs';
import { DEMO_MADE_HERE_ENV } from './global-setup';
import { DEMO_TEMPLATE_ENV } from './portal';

export default function teardown(): void {
  const dir = process.env[DEMO_TEMPLATE_ENV];
  if (dir && process.env[DEMO_MADE_HERE_ENV]) rmSync(dir, { recursive: true, force: true });
}
