import type { Role } from '@portal/contracts';

/** Where a signed-in user lands: admins in the admin panel, every other role in the parents' portal. */
export function homeFor(role: Role): string {
  return role === 'admin' ? '/admin' : '/parent';
}
