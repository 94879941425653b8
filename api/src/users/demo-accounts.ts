import type { Role } from '@portal/contracts';

// The demo sign-ins of `npm start` (SEED_DEMO): the seed creates them, the login page lists them
// (GET /api/config) and the start-up banner prints them.
export const DEMO_PASSWORD = 'graduacion2026';

export const DEMO_ACCOUNTS: ReadonlyArray<{ role: Role; username: string; password: string; name: string; email: string }> = [
  { role: 'admin', username: 'admin', password: DEMO_PASSWORD, name: 'Comité de Padres', email: 'admin@example.com' },
  { role: 'parent', username: 'padre', password: DEMO_PASSWORD, name: 'Carlos Morales', email: 'padre@example.com' },
];
