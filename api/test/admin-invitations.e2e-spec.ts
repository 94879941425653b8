import type { AdminInvitation, AdminInvitationCheck, User } from '@portal/contracts';
import { AdminInvitationEntity } from '../src/accounts/admin-invitation.entity';
import { HistoryEntity } from '../src/history/history.entity';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { UserEntity } from '../src/users/user.entity';
import { expectSpanishError } from './fixtures';
import { DATABASES, PASSWORD, startApi, type Agent, type Response, type TestApi } from './harness';

const BAD_LINK = 'El enlace no es válido o ya venció. Pide uno nuevo.';
const NEW_PASSWORD = 'comite-promocion-2026';

const spanish = (response: Response) => expectSpanishError({ statusCode: response.status, headers: response.headers, body: response.text });

// 'Invitar administrador' (docs/security.md): an admin can move money, so a committee member is
// invited by one admin and e-mailed only once a second approves; alone in the deployment, at once.
// (Every route for every role: authorization-matrix.e2e-spec.ts.)
describe.each(DATABASES)('admin invitations (%s)', (kind) => {
  let api: TestApi;
  let ana: Agent & { user: User };
  let beto: Agent & { user: User };

  beforeAll(async () => {
    api = await startApi(kind, { PUBLIC_URL: 'https://portal.example.edu.gt' });
    ana = await api.signedIn('admin', { name: 'Ana Comité' });
  });
  afterAll(() => api.close());

  const mailsTo = (email: string) =>
    api.dataSource.getRepository(OutboxMessageEntity).find({ where: { recipient: email, kind: 'admin-invitation' }, order: { id: 'ASC' } });

  async function tokenSentTo(email: string): Promise<string> {
    const [message] = await mailsTo(email);
    const token = message && /https:\/\/portal\.example\.edu\.gt\/auth\/invitacion-admin\?token=([\w-]{43})/.exec(message.text)?.[1];
    if (!token) throw new Error(`no invitation e-mail to ${email}`);
    return token;
  }

  const actions = async () => (await api.dataSource.getRepository(HistoryEntity).find({ order: { id: 'ASC' } })).map((row) => row.action);

  const accept = (token: string, username: string) =>
    api.agent().post<User>('/api/admin-invitation/accept', {
      token,
      name: 'Nueva Admin',
      username,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });

  it('sends at once when the deployment has one enabled admin, and says so in Historial', async () => {
    const response = await ana.post<AdminInvitation>('/api/admin-invitations', { name: 'Sola Pérez', email: 'Sola@Example.com' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email: 'sola@example.com', state: 'aprobada', sentAlone: true, proposedByName: 'Ana Comité' });
    const [mail] = await mailsTo('sola@example.com');
    expect(mail).toMatchObject({ subject: 'Invitación para administrar el portal · Class of 2026' });
    expect(await actions()).toEqual(expect.arrayContaining(['account.admin-invite-propose', 'account.admin-invite-sent-alone']));
    // The token is in the e-mail only: not in the answer, nor in 'Historial'.
    const token = await tokenSentTo('sola@example.com');
    expect(response.text).not.toContain(token);
    const history = await api.dataSource.getRepository(HistoryEntity).find();
    expect(JSON.stringify(history)).not.toContain(token);
  });

  it('waits for a second admin, who sends it; the link makes an admin who signs in and reaches an admin route', async () => {
    beto = await api.signedIn('admin', { name: 'Beto Tesorero' });
    const proposed = await ana.post<AdminInvitation>('/api/admin-invitations', { name: 'Carla Méndez', email: 'carla@example.com' });
    expect(proposed.status).toBe(201);
    expect(proposed.body).toMatchObject({ state: 'pendiente', sentAlone: false });
    expect(await mailsTo('carla@example.com')).toHaveLength(0);
    expect((await beto.get<AdminInvitation[]>('/api/admin-invitations')).body).toContainEqual(
      expect.objectContaining({ id: proposed.body.id, state: 'pendiente', proposedById: ana.user.id }),
    );

    const own = await ana.post(`/api/admin-invitations/${proposed.body.id}/approve`);
    expect(own.status).toBe(403);
    expect(spanish(own).message).toBe('No puedes aprobar una invitación que tú propusiste: la aprueba otro administrador.');
    expect(await mailsTo('carla@example.com')).toHaveLength(0);

    const approved = await beto.post<AdminInvitation>(`/api/admin-invitations/${proposed.body.id}/approve`);
    expect(approved.status).toBe(201);
    expect(approved.body).toMatchObject({ state: 'aprobada', decidedByName: 'Beto Tesorero' });
    expect((await beto.post(`/api/admin-invitations/${proposed.body.id}/approve`)).status).toBe(409);
    const [mail] = await mailsTo('carla@example.com');
    expect(mail!.text).toContain('Hola, Carla Méndez:');
    expect(mail!.html).toContain('https://portal.example.edu.gt/auth/invitacion-admin?token=');
    const token = await tokenSentTo('carla@example.com');

    const check = await api.agent().post<AdminInvitationCheck>('/api/admin-invitation/check', { token });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ name: 'Carla Méndez', email: 'carla@example.com' });

    const accepted = await accept(token, 'carla.m');
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ role: 'admin', email: 'carla@example.com', emailVerified: true, username: 'carla.m' });
    const carla = api.agent();
    expect((await carla.login('carla.m', NEW_PASSWORD)).role).toBe('admin');
    expect((await carla.get('/api/accounts')).status).toBe(200);
    expect(await actions()).toEqual(expect.arrayContaining(['account.admin-invite-approve', 'account.admin-invite-accept']));
    const row = await api.dataSource.getRepository(AdminInvitationEntity).findOneByOrFail({ id: proposed.body.id });
    expect(row).toMatchObject({ state: 'aceptada', userId: accepted.body.id });

    // Used once: a second use is refused, and makes no account.
    const again = await accept(token, 'carla.otra');
    expect(again.status).toBe(400);
    expect(spanish(again).message).toBe(BAD_LINK);
    expect(await api.dataSource.getRepository(UserEntity).existsBy({ username: 'carla.otra' })).toBe(false);
  });

  it('refuses an expired link', async () => {
    const proposed = await ana.post<AdminInvitation>('/api/admin-invitations', { name: 'Diego Vencido', email: 'diego@example.com' });
    await beto.post(`/api/admin-invitations/${proposed.body.id}/approve`);
    const token = await tokenSentTo('diego@example.com');
    await api.dataSource.getRepository(AdminInvitationEntity).update({ id: proposed.body.id }, { expiresAt: new Date(Date.now() - 1000) });
    const check = await api.agent().post('/api/admin-invitation/check', { token });
    expect(check.status).toBe(400);
    expect(spanish(check).message).toBe(BAD_LINK);
    expect((await accept(token, 'diego.v')).status).toBe(400);
    expect(await api.dataSource.getRepository(UserEntity).existsBy({ username: 'diego.v' })).toBe(false);
  });

  it('is rejected by another admin or withdrawn by its proposer, and then sends nothing', async () => {
    const first = await ana.post<AdminInvitation>('/api/admin-invitations', { name: 'Elena', email: 'elena@example.com' });
    const rejected = await beto.post<AdminInvitation>(`/api/admin-invitations/${first.body.id}/reject`);
    expect(rejected.body).toMatchObject({ state: 'rechazada', decidedByName: 'Beto Tesorero' });
    const second = await ana.post<AdminInvitation>('/api/admin-invitations', { name: 'Elena', email: 'elena@example.com' });
    expect(second.status).toBe(201);
    const withdrawn = await ana.post<AdminInvitation>(`/api/admin-invitations/${second.body.id}/reject`);
    expect(withdrawn.body).toMatchObject({ state: 'retirada' });
    expect((await beto.post(`/api/admin-invitations/${second.body.id}/approve`)).status).toBe(409);
    expect(await mailsTo('elena@example.com')).toHaveLength(0);
    expect(await actions()).toEqual(expect.arrayContaining(['account.admin-invite-reject', 'account.admin-invite-withdraw']));
  });

  it('answers bad input in Spanish: a 400 per field, a 409 for an address an account or a pending invitation holds', async () => {
    for (const [body, message] of [
      [{ name: '  ', email: 'x@example.com' }, 'El nombre de la persona invitada es requerido.'],
      [{ name: 'Fer', email: 'no-es-correo' }, 'El correo no es válido.'],
      [{ name: 'Fer' }, 'El correo es requerido.'],
    ] as const) {
      const response = await ana.post('/api/admin-invitations', body);
      expect(response.status).toBe(400);
      expect(spanish(response).message).toContain(message);
    }
    const taken = await ana.post('/api/admin-invitations', { name: 'Beto otra vez', email: beto.user.email!.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(spanish(taken).message).toBe('Ya existe una cuenta con ese correo.');
    await ana.post('/api/admin-invitations', { name: 'Gabi', email: 'gabi@example.com' });
    const twice = await beto.post('/api/admin-invitations', { name: 'Gabi', email: 'gabi@example.com' });
    expect(twice.status).toBe(409);
    expect(spanish(twice).message).toBe('Ya hay una invitación pendiente para ese correo.');
    expect((await ana.post('/api/admin-invitations/999999/approve')).status).toBe(404);
  });

  it('refuses a parent on every route of the committee (403), and changes nothing', async () => {
    const parent = await api.signedIn('parent');
    const pending = await ana.post<AdminInvitation>('/api/admin-invitations', { name: 'Hugo', email: 'hugo@example.com' });
    const before = await api.dataSource.getRepository(AdminInvitationEntity).find({ order: { id: 'ASC' } });
    for (const [method, url] of [
      ['GET', '/api/admin-invitations'],
      ['POST', '/api/admin-invitations'],
      ['POST', `/api/admin-invitations/${pending.body.id}/approve`],
      ['POST', `/api/admin-invitations/${pending.body.id}/reject`],
    ] as const) {
      const response = await parent.request(
        method,
        url,
        method === 'POST' ? { name: 'Padre', email: 'padre.admin@example.com' } : undefined,
      );
      expect({ method, url, status: response.status }).toEqual({ method, url, status: 403 });
    }
    expect(await api.dataSource.getRepository(AdminInvitationEntity).find({ order: { id: 'ASC' } })).toEqual(before);
    expect(await mailsTo('padre.admin@example.com')).toHaveLength(0);
    // Signed in as a parent, a sign-in with the old password still works: nothing changed the account.
    expect((await api.agent().post('/api/login', { username: parent.user.username, password: PASSWORD })).status).toBe(200);
  });
});
