// The authorization matrix's rows (authorization-rules.ts) for signing in, accounts, e-mails, the
// history and the settings.
import type { Settings } from '@portal/contracts';
import { AdminInvitationEntity } from '../../src/accounts/admin-invitation.entity';
import { AccountTokens, hashToken, newToken } from '../../src/auth/account-tokens';
import { hashPassword } from '../../src/users/password';
import { OutboxMessageEntity } from '../../src/mail/outbox-message.entity';
import { OutboxService } from '../../src/mail/outbox.service';
import { unsubscribeToken } from '../../src/mail/unsubscribe';
import { SettingsEntity } from '../../src/settings/settings.entity';
import { SettingsService } from '../../src/configuration/settings.service';
import { UserEntity } from '../../src/users/user.entity';
import { createFamily, createUser } from '../fixtures';
import { PASSWORD, type Response, type TestApi } from '../harness';
import { ADMIN, ALL_OK, nextNumber, PARENT, SIGNED_IN, targetFamily, type Context, type RouteRule } from './authorization-rules';

const MATRIX_PASSWORD = 'clave-temporal-de-la-matriz';

/** A new family's one-click unsubscribe link (a family of its own, so no fixture family changes). */
async function unsubscribeUrl({ api }: Context): Promise<{ url: string }> {
  const { mailSecret } = await api.dataSource.getRepository(SettingsEntity).findOneByOrFail({ id: 1 });
  return { url: `/api/unsubscribe/${unsubscribeToken(mailSecret!, (await createFamily(api)).id)}` };
}

/** The id of a new message in the outbox. */
async function outboxMessage(api: TestApi): Promise<number> {
  await api.dataSource.transaction((manager) =>
    api.app.get(OutboxService).enqueue(manager, { kind: 'prueba', to: 'alguien@example.com', subject: 'Asunto', text: 'Texto', html: '' }),
  );
  const [latest] = await api.dataSource.getRepository(OutboxMessageEntity).find({ order: { id: 'DESC' }, take: 1 });
  return latest!.id;
}

/** A valid invitation for a new family. */
async function invitationToken(api: TestApi): Promise<string> {
  const family = await createFamily(api, { tablesBooked: 0 });
  return api.app.get(AccountTokens).issue(api.dataSource.manager, { familyId: family.id, email: family.email }, 'invitation', 3_600_000);
}

/**
 * A new admin invitation by another admin: pending, or approved with the token its e-mail would carry.
 */
async function adminInvitation(api: TestApi, state: 'pendiente' | 'aprobada'): Promise<{ id: number; token: string }> {
  const proposer = await createUser(api, 'admin', null);
  const token = newToken();
  const row = api.dataSource.getRepository(AdminInvitationEntity).create({
    name: 'Invitada al comité',
    email: `comite.${nextNumber()}@example.com`,
    state,
    createdById: proposer.id,
    createdByName: proposer.name,
    createdAt: new Date(),
    sentAlone: false,
    tokenHash: state === 'aprobada' ? hashToken(token) : null,
    expiresAt: state === 'aprobada' ? new Date(Date.now() + 3_600_000) : null,
  });
  await api.dataSource.getRepository(AdminInvitationEntity).insert(row);
  return { id: row.id, token };
}

/** Admins act on a new parent account; parents aim at the other family's parent. */
function targetAccount(action: string): RouteRule['request'] {
  return async ({ api, fx, caller }) => {
    const user = caller === 'admin' ? await createUser(api, 'parent', null) : caller === 'parentA' ? fx.b.parent : fx.a.parent;
    return { url: `/api/accounts/${user.id}${action ? `/${action}` : ''}` };
  };
}

export const ACCOUNT_ROUTES: Record<string, RouteRule> = {
  'GET /api/health': { expect: ALL_OK },
  'GET /api/health/ready': { expect: ALL_OK },
  'GET /api/config': { expect: ALL_OK },
  'GET /api/user': { expect: [401, 200, 200, 200, 200] },
  'POST /api/login': {
    expect: ALL_OK,
    request: async ({ api, fx, caller, door }) => {
      const user =
        caller === 'door'
          ? door
          : caller === 'parentA'
            ? fx.a.parent
            : caller === 'parentB'
              ? fx.b.parent
              : caller === 'admin'
                ? fx.admin
                : null;
      return { body: { username: user?.username ?? (await createUser(api, 'parent', null)).username, password: PASSWORD } };
    },
  },
  'POST /api/register': {
    expect: [201, 201, 201, 201, 201],
    request: () => {
      const username = `nueva.cuenta.${nextNumber()}`;
      const password = 'promocion-2026-segura';
      return { body: { name: 'Cuenta Nueva', username, email: `${username}@example.com`, password, confirmPassword: password } };
    },
  },
  'POST /api/logout': { expect: [204, 204, 204, 204, 204] },
  'POST /api/verify-email': {
    expect: [204, 204, 204, 204, 204],
    request: async ({ api }) => {
      const user = await createUser(api, 'parent', `sin.probar.${nextNumber()}@example.com`);
      await api.dataSource.getRepository(UserEntity).update({ id: user.id }, { emailVerifiedAt: null });
      const token = await api.app
        .get(AccountTokens)
        .issue(api.dataSource.manager, { userId: user.id, email: user.email! }, 'verify-email', 3_600_000);
      return { body: { token } };
    },
  },
  'POST /api/verify-email/check': {
    expect: ALL_OK,
    request: async ({ api }) => {
      const user = await createUser(api, 'parent', `por.revisar.${nextNumber()}@example.com`);
      await api.dataSource.getRepository(UserEntity).update({ id: user.id }, { emailVerifiedAt: null });
      const token = await api.app
        .get(AccountTokens)
        .issue(api.dataSource.manager, { userId: user.id, email: user.email! }, 'verify-email', 3_600_000);
      return { body: { token } };
    },
  },
  // Every caller here has proven its address already (or has none): 409.
  'POST /api/verify-email/resend': { expect: [401, 409, 409, 409, 403] },
  'POST /api/password-reset': {
    expect: [204, 204, 204, 204, 204],
    request: () => ({ body: { email: `alguien.${nextNumber()}@example.com` } }),
  },
  'POST /api/password-reset/confirm': {
    expect: [204, 204, 204, 204, 204],
    request: async ({ api }) => {
      const user = await createUser(api, 'parent', null);
      const token = await api.app
        .get(AccountTokens)
        .issue(api.dataSource.manager, { userId: user.id, email: '' }, 'reset-password', 3_600_000);
      return { body: { token, password: 'promocion-2026-segura', confirmPassword: 'promocion-2026-segura' } };
    },
  },
  'POST /api/invitation/check': { expect: ALL_OK, request: async ({ api }) => ({ body: { token: await invitationToken(api) } }) },
  'POST /api/invitation/accept': {
    expect: [201, 201, 201, 201, 201],
    request: async ({ api }) => {
      const username = `invitada.${nextNumber()}`;
      const password = 'promocion-2026-segura';
      return { body: { token: await invitationToken(api), name: 'Invitada', username, password, confirmPassword: password } };
    },
  },
  'POST /api/families/invitations': { expect: ADMIN(201) },
  'GET /api/admin-invitations': { expect: ADMIN(200) },
  'POST /api/admin-invitations': {
    expect: ADMIN(201),
    request: () => ({ body: { name: 'Miembro del comité', email: `miembro.${nextNumber()}@example.com` } }),
  },
  'POST /api/admin-invitations/:id/approve': {
    expect: ADMIN(201),
    request: async ({ api }) => ({ url: `/api/admin-invitations/${(await adminInvitation(api, 'pendiente')).id}/approve` }),
  },
  'POST /api/admin-invitations/:id/reject': {
    expect: ADMIN(201),
    request: async ({ api }) => ({ url: `/api/admin-invitations/${(await adminInvitation(api, 'pendiente')).id}/reject` }),
  },
  'POST /api/admin-invitation/check': {
    expect: ALL_OK,
    request: async ({ api }) => ({ body: { token: (await adminInvitation(api, 'aprobada')).token } }),
  },
  'POST /api/admin-invitation/accept': {
    expect: [201, 201, 201, 201, 201],
    request: async ({ api }) => {
      const username = `comite.${nextNumber()}`;
      const password = 'promocion-2026-segura';
      const { token } = await adminInvitation(api, 'aprobada');
      return { body: { token, name: 'Invitada al comité', username, password, confirmPassword: password } };
    },
  },
  'POST /api/families/:id/invitation': {
    expect: ADMIN(201),
    request: async (context) => ({ url: `/api/families/${(await targetFamily(context)).id}/invitation` }),
  },
  'POST /api/accounts/:id/reset-link': { expect: ADMIN(201), request: targetAccount('reset-link') },
  'GET /api/emails': { expect: ADMIN(200) },
  // The link in e-mailed notices: no session, the signed link names the family.
  'GET /api/unsubscribe/:token': { expect: ALL_OK, request: unsubscribeUrl },
  'POST /api/unsubscribe/:token': {
    expect: ALL_OK,
    request: unsubscribeUrl,
    send: async ({ api }, _agent, url) => {
      const response = await api.app.inject({
        method: 'POST',
        url,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      return {
        status: response.statusCode,
        body: undefined,
        text: response.body,
        rawBody: response.rawPayload,
        headers: response.headers as Response['headers'],
      };
    },
  },
  'GET /api/payment-reminders': { expect: ADMIN(200) },
  'GET /api/my-notice-emails': { expect: PARENT },
  'PUT /api/my-notice-emails': { expect: PARENT, request: () => ({ body: { enabled: true } }) },
  'GET /api/emails/:id': { expect: ADMIN(200), request: async ({ api }) => ({ url: `/api/emails/${await outboxMessage(api)}` }) },
  'POST /api/emails/:id/resend': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/emails/${await outboxMessage(api)}/resend` }),
  },
  'GET /api/accounts': { expect: ADMIN(200) },
  'GET /api/history': { expect: ADMIN(200) },
  'GET /api/families/:id/history': { expect: ADMIN(200), request: ({ fx }) => ({ url: `/api/families/${fx.a.family.id}/history` }) },
  'POST /api/accounts/:id/unlink': { expect: ADMIN(204), request: targetAccount('unlink') },
  'POST /api/accounts/:id/disable': { expect: ADMIN(204), request: targetAccount('disable') },
  'POST /api/accounts/:id/enable': { expect: ADMIN(204), request: targetAccount('enable') },
  'DELETE /api/accounts/:id': { expect: ADMIN(204), request: targetAccount('') },
  'PUT /api/user/password': {
    expect: [401, 204, 204, 204, 403],
    // The caller's password is set to another one first, and the change puts PASSWORD back.
    request: async ({ api, fx, caller }) => {
      const user = caller === 'parentA' ? fx.a.parent : caller === 'parentB' ? fx.b.parent : caller === 'admin' ? fx.admin : null;
      if (user) await api.dataSource.getRepository(UserEntity).update(user.id, { passwordHash: await hashPassword(MATRIX_PASSWORD) });
      return { body: { currentPassword: MATRIX_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD } };
    },
  },
  'POST /api/user/logout-all': { expect: [401, 204, 204, 204, 403] },
  'GET /api/settings': { expect: SIGNED_IN },
  'PUT /api/settings': {
    expect: ADMIN(200),
    request: async ({ api }) => {
      const settings: Settings = await api.app.get(SettingsService).get();
      return { body: { ...settings, classYear: 2027 } };
    },
  },
  'GET /api/stats': { expect: ADMIN(200) },
  'GET /api/backup-status': { expect: ADMIN(200) },
};
