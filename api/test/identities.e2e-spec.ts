import type { Account, AccountLink, User } from '@portal/contracts';
import { ExactIdentities1764500000000 } from '../src/database/migrations/1764500000000-exact-identities';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { createFamily } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

// Identities compare exactly after one normalisation (decisions item 21). The look-alike
// address's domain is another domain: `exámple.com` is `xn--exmple-qta.com`, which anyone can buy.

let counter = 0;
const PASSWORD = 'una-clave-larga';
const registration = (email: string, username = `ident.${process.pid}.${++counter}`) => ({
  name: `Persona ${counter}`,
  username,
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
});

async function newestToken(api: TestApi, recipient: string, kind: string): Promise<string> {
  const [message] = await api.dataSource
    .getRepository(OutboxMessageEntity)
    .find({ where: { recipient, kind }, order: { id: 'DESC' }, take: 1 });
  const token = message && /token=([\w-]{43})/.exec(message.text)?.[1];
  if (!token) throw new Error(`no ${kind} e-mail to ${recipient}`);
  return token;
}

async function registerAndVerify(api: TestApi, email: string, recipient: string): Promise<Agent & { user: User }> {
  const agent = api.agent();
  const response = await agent.post<User>('/api/register', registration(email));
  if (response.status !== 201) throw new Error(`register: ${response.status} ${response.text}`);
  const verified = await agent.post('/api/verify-email', { token: await newestToken(api, recipient, 'verify-email') });
  if (verified.status !== 204 && verified.status !== 200 && verified.status !== 201)
    throw new Error(`verify: ${verified.status} ${verified.text}`);
  return Object.assign(agent, { user: response.body });
}

describe.each(DATABASES)('identities compare exactly after one normalisation (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  it("gives an account proven on an accented look-alike address nothing of the family, and leaves the family's parent free to register", async () => {
    const family = await createFamily(api, { email: 'ana.hernandez@example.com' });
    const stranger = await registerAndVerify(api, 'ana.hernandez@exámple.com', 'ana.hernandez@xn--exmple-qta.com');
    expect(stranger.user.email).toBe('ana.hernandez@xn--exmple-qta.com');
    expect((await stranger.get('/api/my-family')).status).toBe(404);
    expect((await stranger.get('/api/user')).body).toMatchObject({ emailVerified: true });

    const parent = await registerAndVerify(api, 'Ana.Hernandez@Example.com', 'ana.hernandez@example.com');
    const mine = await parent.get<{ id: number }>('/api/my-family');
    expect(mine).toMatchObject({ status: 200, body: { id: family.id } });

    // 'Cuentas' links each account to the family of its own address only.
    const accounts = (await admin.get<Account[]>('/api/accounts')).body;
    expect(accounts.find((account) => account.id === stranger.user.id)?.family).toBeNull();
    expect(accounts.find((account) => account.id === parent.user.id)?.family).toMatchObject({ id: family.id });
  });

  it('lets the committee invite a family whose look-alike address someone proved, and its parent accept', async () => {
    const family = await createFamily(api, { email: 'jose.garcia@example.com' });
    const stranger = await registerAndVerify(api, 'jose.garcia@examplé.com', 'jose.garcia@xn--exampl-gva.com');
    expect((await stranger.get('/api/my-family')).status).toBe(404);

    const invitation = await admin.post<AccountLink>(`/api/families/${family.id}/invitation`);
    expect(invitation.status).toBe(201);
    const token = /token=([\w-]{43})/.exec(invitation.body.link)![1]!;
    const parent = api.agent();
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { email, ...account } = registration('');
    const accepted = await parent.post<User>('/api/invitation/accept', { token, ...account });
    expect(accepted).toMatchObject({ status: 201, body: { email: 'jose.garcia@example.com', emailVerified: true } });
    expect((await parent.get<{ id: number }>('/api/my-family')).body).toMatchObject({ id: family.id });
    expect((await stranger.get('/api/my-family')).status).toBe(404);
  });

  it('treats every spelling of one address or user name as one identity, and none other', async () => {
    const first = api.agent();
    const username = `mx.${process.pid}`;
    expect((await first.post('/api/register', registration('luis@xn--exmple-qta.com', username))).status).toBe(201);
    // The same address written with the accent, in capitals, decomposed (NFD): taken.
    for (const email of ['LUIS@EXÁMPLE.COM', 'luis@exa\u0301mple.com']) {
      const again = await api.agent().post<{ message: string }>('/api/register', registration(email));
      expect({ email, status: again.status }).toEqual({ email, status: 409 });
    }
    // A user name differs from another only by case: taken; the sign-in finds it in any case.
    expect((await api.agent().post('/api/register', registration('otro@example.com', username.toUpperCase()))).status).toBe(409);
    expect((await api.agent().post('/api/login', { username: username.toUpperCase(), password: PASSWORD })).status).toBe(200);
    expect((await api.agent().post('/api/login', { username: 'LUIS@EXÁMPLE.com', password: PASSWORD })).status).toBe(200);
    // The address without the accent is another address: no such account.
    expect((await api.agent().post('/api/login', { username: 'luis@example.com', password: PASSWORD })).status).toBe(401);
  });

  it('normalises the addresses and user names already stored; of two that become one, the proven account keeps it', async () => {
    const query = (sql: string, values: unknown[] = []) => api.dataSource.query(sql, values);
    const now = '2026-01-01 00:00:00.000';
    const insertUser = (username: string, email: string | null, proven: boolean) =>
      query(
        "INSERT INTO users (name, username, email, passwordHash, role, createdAt, emailVerifiedAt) VALUES ('Vieja', ?, ?, 'x', 'parent', ?, ?)",
        [username, email, now, proven ? now : null],
      );
    await insertUser('Vieja.Cuenta', 'Rosa@Exámple.com', false);
    await insertUser('vieja.probada', 'rosa@xn--exmple-qta.com', true);
    await insertUser('vieja.sola', 'MARTA@EXAMPLE.COM', true);
    const familyA = await createFamily(api, { email: 'pre.existing@example.com' });
    await query('UPDATE families SET email = ? WHERE id = ?', ['Familia@Exámple.com', familyA.id]);

    const runner = api.dataSource.createQueryRunner();
    try {
      await new ExactIdentities1764500000000().up(runner);
    } finally {
      await runner.release();
    }
    const rows: Array<{ username: string; email: string | null }> = await query(
      "SELECT username, email FROM users WHERE name = 'Vieja' ORDER BY id",
    );
    expect(rows).toEqual([
      { username: 'vieja.cuenta', email: null },
      { username: 'vieja.probada', email: 'rosa@xn--exmple-qta.com' },
      { username: 'vieja.sola', email: 'marta@example.com' },
    ]);
    const [family]: Array<{ email: string }> = await query('SELECT email FROM families WHERE id = ?', [familyA.id]);
    expect(family!.email).toBe('familia@xn--exmple-qta.com');
  });
});
