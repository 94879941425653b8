import type { User, VerificationCheck } from '@portal/contracts';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { createFamily } from './fixtures';
import { DATABASES, startApi, type TestApi } from './harness';

// Confirming an address is a deliberate act that names the account (decisions item 21), and an
// address not proven yet gets no text its registrant chose.

const LURE = 'Ana Hernández\n\nIMPORTANTE: tu pago venció. Paga en https://pagos.example.net/ya';
let counter = 0;
const registration = (email: string, name = `Persona ${++counter}`) => ({
  name,
  username: `prueba.${process.pid}.${++counter}`,
  email,
  password: 'una-clave-larga',
  confirmPassword: 'una-clave-larga',
});

async function newest(api: TestApi, recipient: string, kind: string): Promise<OutboxMessageEntity> {
  const [message] = await api.dataSource
    .getRepository(OutboxMessageEntity)
    .find({ where: { recipient, kind }, order: { id: 'DESC' }, take: 1 });
  if (!message) throw new Error(`no ${kind} e-mail to ${recipient}`);
  return message;
}
const tokenIn = (message: OutboxMessageEntity) => /token=([\w-]{43})/.exec(message.text)![1]!;

describe.each(DATABASES)('proving an e-mail address (%s)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  it('names the account a link is for without linking it; only the confirmation links it', async () => {
    await createFamily(api, { email: 'familia.prueba@example.com' });
    const stranger = api.agent();
    const body = registration('familia.prueba@example.com');
    expect((await stranger.post<User>('/api/register', body)).status).toBe(201);
    const token = tokenIn(await newest(api, 'familia.prueba@example.com', 'verify-email'));

    // The family (signed out) opens the page: it asks, twice even, and nothing is linked.
    for (let i = 0; i < 2; i += 1) {
      const check = await api.agent().post<VerificationCheck>('/api/verify-email/check', { token });
      expect(check).toMatchObject({ status: 200, body: { username: body.username } });
      expect(Object.keys(check.body)).toEqual(['username']);
    }
    expect((await stranger.get('/api/my-family')).status).toBe(404);
    expect((await stranger.get<User>('/api/user')).body.emailVerified).toBe(false);

    expect((await api.agent().post('/api/verify-email', { token })).status).toBe(204);
    expect((await stranger.get('/api/my-family')).status).toBe(200);
    // Spent: the page now says the link is no good.
    expect((await api.agent().post('/api/verify-email/check', { token })).status).toBe(400);
    expect((await api.agent().post('/api/verify-email/check', { token: 'x'.repeat(43) })).status).toBe(400);
  });

  it('sends an unproven address no text the registrant chose: neither the confirmation nor a reset link', async () => {
    const agent = api.agent();
    expect((await agent.post('/api/register', registration('victima.correo@example.com', LURE))).status).toBe(201);
    const confirmation = await newest(api, 'victima.correo@example.com', 'verify-email');
    for (const text of [confirmation.text, confirmation.html ?? '', confirmation.subject]) {
      expect(text).not.toContain('IMPORTANTE');
      expect(text).not.toContain('Ana Hernández');
      expect(text).not.toContain('pagos.example.net');
    }
    expect(confirmation.text.startsWith('Hola:\n\n')).toBe(true);

    expect((await api.agent().post('/api/password-reset', { email: 'victima.correo@example.com' })).status).toBe(204);
    const reset = await newest(api, 'victima.correo@example.com', 'reset-password');
    for (const text of [reset.text, reset.html ?? '']) {
      expect(text).not.toContain('IMPORTANTE');
      expect(text).not.toContain('pagos.example.net');
    }
  });

  it('greets a proven account by its name in a reset e-mail', async () => {
    const parent = await api.signedIn('parent', { name: 'Marta Probada', email: 'marta.probada@example.com' });
    expect(parent.user.emailVerified).toBe(true);
    expect((await api.agent().post('/api/password-reset', { email: 'marta.probada@example.com' })).status).toBe(204);
    expect((await newest(api, 'marta.probada@example.com', 'reset-password')).text.startsWith('Hola, Marta Probada:')).toBe(true);
  });
});
