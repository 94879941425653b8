import type { AccountLink, BulkInvitationResult, Family, Invitation, User } from '@portal/contracts';
import { MAX_RESETS_PER_EMAIL } from '../src/auth/account-links.service';
import { AccountTokenEntity } from '../src/auth/account-token.entity';
import { FamilyEntity } from '../src/families/family.entity';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { UserEntity } from '../src/users/user.entity';
import { createFamily, createUser, expectSpanishError, sessionAgent } from './fixtures';
import { DATABASES, PASSWORD, startApi, type Agent, type TestApi } from './harness';

const NEW_PASSWORD = 'otra-clave-nueva';
const BAD_LINK = 'El enlace no es válido o ya venció. Pide uno nuevo.';

/** The token of the newest e-mail of `kind` to `email`. */
async function tokenSentTo(api: TestApi, email: string, kind: string): Promise<string> {
  const [message] = await api.dataSource
    .getRepository(OutboxMessageEntity)
    .find({ where: { recipient: email, kind }, order: { id: 'DESC' }, take: 1 });
  const token = message && /\/auth\/\w+\?token=([\w-]{43})/.exec(message.text)?.[1];
  if (!token) throw new Error(`no ${kind} e-mail to ${email}`);
  return token;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe.each(DATABASES)('password reset and invitations (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent & { user: User };

  beforeAll(async () => {
    api = await startApi(kind, { PUBLIC_URL: 'https://portal.example.edu.gt' });
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  describe('¿Olvidaste tu contraseña?', () => {
    it('e-mails a link that sets a new password, ends every session and works once', async () => {
      const user = await createUser(api, 'parent', 'olvido@example.com');
      const elsewhere = await sessionAgent(api, user.id);
      expect((await api.agent().post('/api/password-reset', { email: 'Olvido@Example.com' })).status).toBe(204);
      const [message] = await api.dataSource.getRepository(OutboxMessageEntity).findBy({ recipient: 'olvido@example.com' });
      expect(message).toMatchObject({ kind: 'reset-password', subject: 'Restablece tu contraseña · Class of 2026' });
      expect(message!.text).toContain('https://portal.example.edu.gt/auth/restablecer?token=');
      const token = await tokenSentTo(api, 'olvido@example.com', 'reset-password');

      const reset = await api.agent().post('/api/password-reset/confirm', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(reset.status).toBe(204);
      expect((await elsewhere.get('/api/user')).status).toBe(401);
      expect((await api.agent().post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(401);
      expect((await api.agent().post('/api/login', { username: user.username, password: NEW_PASSWORD })).status).toBe(200);
      const again = await api.app.inject({
        method: 'POST',
        url: '/api/password-reset/confirm',
        payload: { token, password: 'y-otra-mas-larga', confirmPassword: 'y-otra-mas-larga' },
      });
      expect(again.statusCode).toBe(400);
      expect(expectSpanishError(again).message).toBe(BAD_LINK);
    });

    it('answers the same for an address with no account, and tells that address no account uses it', async () => {
      const response = await api.agent().post('/api/password-reset', { email: 'Nadie.Aqui@example.com' });
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      const sent = await api.dataSource.getRepository(OutboxMessageEntity).findBy({ recipient: 'nadie.aqui@example.com' });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ kind: 'reset-no-account', subject: 'Restablecer contraseña · Class of 2026' });
      expect(sent[0]!.text).toContain('ninguna cuenta activa del portal lo usa');
      expect(sent[0]!.text).toContain('https://portal.example.edu.gt/auth');
      expect(sent[0]!.text).not.toContain('token=');
    });

    it('proves the address of an account that had not proven it, and refuses weak or mismatched passwords', async () => {
      const user = await createUser(api, 'parent', 'sin.probar.reset@example.com');
      await api.dataSource.getRepository(UserEntity).update({ id: user.id }, { emailVerifiedAt: null });
      await api.agent().post('/api/password-reset', { email: 'sin.probar.reset@example.com' });
      const token = await tokenSentTo(api, 'sin.probar.reset@example.com', 'reset-password');
      for (const [body, field] of [
        [{ password: 'corta', confirmPassword: 'corta' }, 'password'],
        [{ password: 'password1', confirmPassword: 'password1' }, 'password'],
        [{ password: NEW_PASSWORD, confirmPassword: 'otra-distinta' }, 'confirmPassword'],
      ] as const) {
        const response = await api.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, ...body } });
        expect(response.statusCode).toBe(400);
        expect(Object.keys(expectSpanishError(response).errors ?? {})).toContain(field);
      }
      expect(
        (await api.agent().post('/api/password-reset/confirm', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status,
      ).toBe(204);
      expect((await api.dataSource.getRepository(UserEntity).findOneByOrFail({ id: user.id })).emailVerifiedAt).not.toBeNull();
    });

    it('refuses an expired link, and sends no link to a disabled account', async () => {
      const user = await createUser(api, 'parent', 'vencido@example.com');
      await api.agent().post('/api/password-reset', { email: 'vencido@example.com' });
      const token = await tokenSentTo(api, 'vencido@example.com', 'reset-password');
      await api.dataSource.getRepository(AccountTokenEntity).update({ userId: user.id }, { expiresAt: new Date(Date.now() - 1000) });
      expect(
        (await api.agent().post('/api/password-reset/confirm', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status,
      ).toBe(400);
      const disabled = await createUser(api, 'parent', 'desactivada.reset@example.com');
      await api.dataSource.getRepository(UserEntity).update({ id: disabled.id }, { disabledAt: new Date() });
      expect((await api.agent().post('/api/password-reset', { email: 'desactivada.reset@example.com' })).status).toBe(204);
      const [sent, ...more] = await api.dataSource
        .getRepository(OutboxMessageEntity)
        .findBy({ recipient: 'desactivada.reset@example.com' });
      expect(more).toEqual([]);
      expect(sent).toMatchObject({ kind: 'reset-no-account' });
      expect(sent!.text).not.toContain('token=');
    });

    it('limits how often one address can be sent a link', async () => {
      await createUser(api, 'parent', 'insistente@example.com');
      for (let index = 0; index < MAX_RESETS_PER_EMAIL; index += 1) {
        expect((await api.agent().post('/api/password-reset', { email: 'insistente@example.com' })).status).toBe(204);
      }
      const refused = await api.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email: 'insistente@example.com' } });
      expect(refused.statusCode).toBe(429);
      expect(expectSpanishError(refused).message).toMatch(/^Ya pediste varios enlaces/);
    });

    it('gives an admin a reset link to hand over, and refuses it to parents', async () => {
      const user = await createUser(api, 'parent', 'entregar@example.com');
      const response = await admin.post<AccountLink>(`/api/accounts/${user.id}/reset-link`);
      expect(response.status).toBe(201);
      expect(response.body.link).toMatch(/^https:\/\/portal\.example\.edu\.gt\/auth\/restablecer\?token=[\w-]{43}$/);
      expect(await tokenSentTo(api, 'entregar@example.com', 'reset-password')).toBe(tokenOf(response.body.link));
      const token = tokenOf(response.body.link);
      expect(
        (await api.agent().post('/api/password-reset/confirm', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status,
      ).toBe(204);
      const parent = await api.signedIn('parent');
      expect((await parent.post(`/api/accounts/${user.id}/reset-link`)).status).toBe(403);
    });
  });

  describe("the committee's invitation", () => {
    it('e-mails the family a link where its parent creates an account that sees the family at once', async () => {
      const family = await createFamily(api, { email: 'invitada@example.com', contactName: 'Marta Invitada' });
      const invitation = await admin.post<AccountLink>(`/api/families/${family.id}/invitation`);
      expect(invitation.status).toBe(201);
      expect(invitation.body.link).toMatch(/^https:\/\/portal\.example\.edu\.gt\/auth\/invitacion\?token=[\w-]{43}$/);
      const [message] = await api.dataSource.getRepository(OutboxMessageEntity).findBy({ recipient: 'invitada@example.com' });
      expect(message).toMatchObject({ kind: 'invitation', subject: 'Invitación al portal de graduación · Class of 2026' });
      expect(message!.text).toContain('Hola, Marta Invitada:');
      const token = tokenOf(invitation.body.link);

      const check = await api.agent().post<Invitation>('/api/invitation/check', { token });
      expect(check).toMatchObject({
        status: 200,
        body: { graduateName: family.graduateName, email: 'invitada@example.com', contactName: 'Marta Invitada' },
      });
      const parent = api.agent();
      const body = { token, name: 'Marta Invitada', username: 'marta.invitada', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
      const accepted = await parent.post<User>('/api/invitation/accept', body);
      expect(accepted).toMatchObject({ status: 201, body: { email: 'invitada@example.com', emailVerified: true, role: 'parent' } });
      expect((await parent.get<Family>('/api/my-family')).body.id).toBe(family.id);

      const again = await api.agent().post('/api/invitation/accept', { ...body, username: 'otra.marta' });
      expect(again.status).toBe(400);
      expect((await api.agent().post('/api/invitation/check', { token })).status).toBe(400);
      // The family now has a proven account: no second invitation.
      expect((await admin.post(`/api/families/${family.id}/invitation`)).status).toBe(409);
    });

    it("takes the family's address back from an account that never proved it", async () => {
      const family = await createFamily(api, { email: 'recuperada@example.com' });
      const squatter = await createUser(api, 'parent', 'recuperada@example.com');
      await api.dataSource.getRepository(UserEntity).update({ id: squatter.id }, { emailVerifiedAt: null });
      const { body } = await admin.post<AccountLink>(`/api/families/${family.id}/invitation`);
      const parent = api.agent();
      const accepted = await parent.post<User>('/api/invitation/accept', {
        token: tokenOf(body.link),
        name: 'Dueña Real',
        username: 'duena.real',
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(accepted.status).toBe(201);
      expect((await api.dataSource.getRepository(UserEntity).findOneByOrFail({ id: squatter.id })).email).toBeNull();
      expect((await parent.get<Family>('/api/my-family')).body.id).toBe(family.id);
    });

    it("refuses a link once the family's e-mail changed, and a forged one", async () => {
      const family = await createFamily(api, { email: 'cambiada@example.com' });
      const { body } = await admin.post<AccountLink>(`/api/families/${family.id}/invitation`);
      await api.dataSource.getRepository(FamilyEntity).update({ id: family.id }, { email: 'nueva.direccion@example.com' });
      const stale = await api.app.inject({ method: 'POST', url: '/api/invitation/check', payload: { token: tokenOf(body.link) } });
      expect(stale.statusCode).toBe(400);
      expect(expectSpanishError(stale).message).toBe(BAD_LINK);
      expect((await api.agent().post('/api/invitation/check', { token: 'B'.repeat(43) })).status).toBe(400);
    });

    it('invites every family without an account at once, and says which it left out', async () => {
      const fresh = await startApi(kind);
      try {
        const committee = await fresh.signedIn('admin');
        const families = await Promise.all(
          ['uno', 'dos', 'tres'].map((name) =>
            createFamily(fresh, { email: `${name}.masiva@example.com`, graduateName: `Graduado ${name}` }),
          ),
        );
        await createUser(fresh, 'parent', 'dos.masiva@example.com');
        const response = await committee.post<BulkInvitationResult>('/api/families/invitations');
        expect(response.status).toBe(201);
        expect(response.body).toEqual({ invited: 2, skipped: [{ graduateName: 'Graduado dos', reason: 'Ya tiene cuenta.' }] });
        const recipients = (await fresh.dataSource.getRepository(OutboxMessageEntity).findBy({ kind: 'invitation' })).map(
          (one) => one.recipient,
        );
        expect(recipients.sort()).toEqual([families[0]!.email, families[2]!.email].sort());
      } finally {
        await fresh.close();
      }
    });
  });
});
