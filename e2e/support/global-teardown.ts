import { rmSync } from 'node:fs';
import { DEMO_TEMPLATE_ENV } from './portal';

export default function teardown(): void {
  const dir = process.env[DEMO_TEMPLATE_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
}
