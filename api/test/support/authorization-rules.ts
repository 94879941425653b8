// What the authorization matrix (authorization-matrix.e2e-spec.ts) says of a route: the five
// callers, the status each must get, and the request that reaches it. The rows are in the
// authorization-*.ts files beside this one, a file per part of the portal.
import type { Agent, Response, TestApi } from '../harness';
import { createFamily, createUser, type TwoFamilies } from '../fixtures';
import type { FamilyEntity } from '../../src/families/family.entity';
import { UserEntity } from '../../src/users/user.entity';

export type Caller = 'anonymous' | 'parentA' | 'parentB' | 'admin' | 'door';
export const CALLERS: Caller[] = ['anonymous', 'parentA', 'parentB', 'admin', 'door'];
export type Statuses = [number, number, number, number, number];

export interface Context {
  api: TestApi;
  fx: TwoFamilies;
  caller: Caller;
  /** The door account every row is called by. */
  door: UserEntity;
}

export interface RouteRule {
  /** Expected status for [anonymous, parent A, parent B, admin, door]. */
  expect: Statuses;
  /** The URL (for routes with parameters) and a valid body; may create the row it targets. */
  request?: (context: Context) => Promise<{ url?: string; body?: unknown }> | { url?: string; body?: unknown };
  /** Sends the request itself (a multipart upload) instead of a JSON body. */
  send?: (context: Context, agent: Agent, url: string) => Promise<Response>;
  /** Receipt files say `private, no-store`. */
  cacheControl?: string;
}

export const ALL_OK: Statuses = [200, 200, 200, 200, 200];
/** Any full account (admin or parent); a door account is refused (routes without @Roles). */
export const SIGNED_IN: Statuses = [401, 200, 200, 200, 403];
export const ADMIN = (status: number): Statuses => [401, 403, 403, status, 403];
export const PARENT: Statuses = [401, 200, 200, 403, 403];
/** The door's routes: the committee and door volunteers. */
export const DOOR = (status: number): Statuses => [401, 403, 403, status, status];

let registrations = 0;
/** A number no earlier request used, for new user names and e-mails. */
export const nextNumber = () => (registrations += 1);

/** The rows of every part, as one table; a route in two parts would hide one of its rows. */
export function joinRules(...parts: Array<Record<string, RouteRule>>): Record<string, RouteRule> {
  const table: Record<string, RouteRule> = {};
  for (const part of parts) {
    for (const [route, rule] of Object.entries(part)) {
      if (route in table) throw new Error(`${route} has two rows in the authorization matrix.`);
      table[route] = rule;
    }
  }
  return table;
}

/** The family a caller aims an admin write at: A's parent at B, B's parent at its own, admins at a new one. */
export async function targetFamily({ api, fx, caller }: Context): Promise<FamilyEntity> {
  if (caller === 'admin') return createFamily(api, { tablesBooked: 0 });
  return caller === 'parentA' ? fx.b.family : fx.a.family;
}

/** A door account in the middle of its night: opened 12 hours ago, ends in 6 (made by the fixtures, not by the route under test). */
export async function doorUser(api: TestApi): Promise<UserEntity> {
  const user = await createUser(api, 'door', null, 'Voluntario de la entrada');
  const accessUntil = new Date(Date.now() + 6 * 3_600_000);
  await api.dataSource.getRepository(UserEntity).update({ id: user.id }, { accessUntil });
  return { ...user, accessUntil };
}
