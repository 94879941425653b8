import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  FREE_FAILURES_PER_ACCOUNT,
  FREE_FAILURES_PER_ACCOUNT_AND_IP,
  MAX_DELAY_PER_ACCOUNT_MS,
  MAX_FAILURES_PER_IP,
  TOO_MANY_ATTEMPTS,
} from '../src/auth/login-throttle';
import { AccountLinksService } from '../src/auth/account-links.service';
import { RateLimitEntity } from '../src/rate-limits/rate-limit.entity';
import { createApp } from '../src/app';
import { toUser } from '../src/users/users.service';
import { createUser } from './fixtures';
import { DATABASES, PASSWORD, startApi, type TestApi } from './harness';

/** A sign-in from `remoteAddress` through `app` (the first API instance unless told). */
const signIn = (app: NestFastifyApplication, remoteAddress: string, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });

/** Moves every counter's last failure back, as if `ms` had passed. */
async function timePasses(api: TestApi, ms: number): Promise<void> {
  const repository = api.dataSource.getRepository(RateLimitEntity);
  for (const row of await repository.find()) {
    await repository.update({ id: row.id }, { lastAt: String(Number(row.lastAt) - ms), firstAt: String(Number(row.firstAt) - ms) });
  }
}

describe.each(DATABASES)('sign-in limits count failures, not people (%s)', (kind) => {
  let api: TestApi;
  let address = 0;
  /** A fresh address for each test, so their counters never meet. */
  const nextAddress = () => `192.0.2.${(address += 1)}`;

  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  it("lets a meeting's worth of parents sign in from the school's one address", async () => {
    const school = nextAddress();
    const parents = await Promise.all([0, 1, 2, 3].map(() => createUser(api, 'parent', null)));
    // 60 sign-ins, twice the old limit on attempts from one address, with a few typos among them.
    const statuses: number[] = [];
    for (let index = 0; index < 60; index += 1) {
      const parent = parents[index % parents.length]!;
      if (index % 15 === 0) statuses.push((await signIn(api.app, school, parent.username, 'me-equivoque')).statusCode);
      statuses.push((await signIn(api.app, school, parent.username, PASSWORD)).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
  });

  it("past an address's ceiling, lets it try each account nobody failed on once, and the right password in, on both instances", async () => {
    const second = await createApp(api.config);
    try {
      const school = nextAddress();
      const parent = await createUser(api, 'parent', null);
      const admin = await createUser(api, 'admin', null);
      const other = await createUser(api, 'parent', null);
      const instances = [api.app, second];
      for (let index = 0; index < 100; index += 1) {
        const who = index % 2 ? parent : admin;
        expect((await signIn(instances[index % 2]!, school, who.username, PASSWORD)).statusCode).toBe(200);
      }
      for (let index = 0; index < MAX_FAILURES_PER_IP + 1; index += 1) {
        const expected = index < MAX_FAILURES_PER_IP ? 401 : 429;
        expect((await signIn(instances[index % 2]!, school, `nadie.${school}.${index}`, 'adivinando')).statusCode).toBe(expected);
      }
      // The accounts nobody failed on: their right password gets in, from either instance.
      for (const app of instances) {
        expect((await signIn(app, school, parent.username, PASSWORD)).statusCode).toBe(200);
        expect((await signIn(app, school, admin.username, PASSWORD)).statusCode).toBe(200);
      }
      // A guess on an account is one try: wrong, it is refused, and so is every try after it from here.
      const guess = await signIn(second, school, other.username, 'adivinando');
      expect(guess.statusCode).toBe(429);
      expect(guess.json()).toEqual({ statusCode: 429, message: TOO_MANY_ATTEMPTS });
      expect((await signIn(api.app, school, other.username, PASSWORD)).statusCode).toBe(429);
      expect((await signIn(api.app, nextAddress(), other.username, PASSWORD)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("counts an account's user name, e-mail and their case variants as one account", async () => {
    const from = nextAddress();
    const parent = await createUser(api, 'parent', 'cuenta.unica@example.com');
    const names = [
      parent.username,
      'CUENTA.UNICA@example.com',
      parent.username.toUpperCase(),
      'cuenta.unica@example.com',
      ` ${parent.username} `,
    ];
    for (const name of names.slice(0, FREE_FAILURES_PER_ACCOUNT_AND_IP)) {
      expect((await signIn(api.app, from, name, 'adivinando')).statusCode).toBe(401);
    }
    const waiting = await signIn(api.app, from, 'Cuenta.Unica@Example.com', PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json<{ message: string }>().message).toBe('Demasiados intentos fallidos. Espera 1 segundo e intenta de nuevo.');
  });

  it('never signs in a user name written with accents it does not have', async () => {
    const parent = await createUser(api, 'parent', null);
    await api.dataSource.getRepository('UserEntity').update({ id: parent.id }, { username: 'padreacentos' });
    for (const variant of ['pádreacentos', 'PÁDREACENTOS', 'pàdrëacentos']) {
      expect((await signIn(api.app, nextAddress(), variant, PASSWORD)).statusCode).toBe(401);
    }
    expect((await signIn(api.app, nextAddress(), 'PADREACENTOS', PASSWORD)).statusCode).toBe(200);
  });

  it('slows guesses on one account with a growing delay, and lets the right password in once it has passed', async () => {
    const from = nextAddress();
    const parent = await createUser(api, 'parent', null);
    for (let index = 0; index < FREE_FAILURES_PER_ACCOUNT_AND_IP; index += 1) {
      expect((await signIn(api.app, from, parent.username, 'adivinando')).statusCode).toBe(401);
    }
    expect((await signIn(api.app, from, parent.username, PASSWORD)).statusCode).toBe(429);
    await timePasses(api, 1_000);
    expect((await signIn(api.app, from, parent.username, 'otra-vez')).statusCode).toBe(401);
    const longer = await signIn(api.app, from, parent.username, PASSWORD);
    expect(longer.json<{ message: string }>().message).toBe('Demasiados intentos fallidos. Espera 2 segundos e intenta de nuevo.');
    await timePasses(api, 2_000);
    expect((await signIn(api.app, from, parent.username, PASSWORD)).statusCode).toBe(200);
    // The right password forgets the failures.
    expect((await signIn(api.app, from, parent.username, 'adivinando')).statusCode).toBe(401);
    expect((await signIn(api.app, from, parent.username, PASSWORD)).statusCode).toBe(200);
  });

  it('keeps an account others guess at reachable to its owner: the right password from an address that has not failed, on either instance', async () => {
    const second = await createApp(api.config);
    try {
      const admin = await createUser(api, 'admin', null);
      for (let index = 0; index < FREE_FAILURES_PER_ACCOUNT + 12; index += 1) {
        await signIn(index % 2 ? second : api.app, nextAddress(), admin.username, 'adivinando');
      }
      // A wrong password from a fresh address is counted and refused as the account's wait says.
      const stranger = await signIn(second, nextAddress(), admin.username, 'otra-adivinanza');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json<{ message: string }>().message).toMatch(/^Demasiados intentos fallidos\. Espera \d+ (segundos?|minutos?)/);
      expect((await signIn(second, nextAddress(), admin.username, PASSWORD)).statusCode).toBe(200);
      expect((await signIn(api.app, nextAddress(), admin.username, PASSWORD)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('never locks the right password out for longer than the cap from an address that failed on it too', async () => {
    const admin = await createUser(api, 'admin', null);
    const owner = nextAddress();
    expect((await signIn(api.app, owner, admin.username, 'me-equivoque')).statusCode).toBe(401);
    for (let index = 0; index < FREE_FAILURES_PER_ACCOUNT + 12; index += 1) {
      await signIn(api.app, nextAddress(), admin.username, 'adivinando');
    }
    const waiting = await signIn(api.app, owner, admin.username, PASSWORD);
    expect(waiting.statusCode).toBe(429);
    const [, amount, unit] = /Espera (\d+) (segundos?|minutos?)/.exec(waiting.json<{ message: string }>().message) ?? [];
    const seconds = Number(amount) * (unit?.startsWith('minuto') ? 60 : 1);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(MAX_DELAY_PER_ACCOUNT_MS / 1000);
    await timePasses(api, MAX_DELAY_PER_ACCOUNT_MS);
    expect((await signIn(api.app, owner, admin.username, PASSWORD)).statusCode).toBe(200);
  });

  it("forgets an account's failures once its owner resets the password by link", async () => {
    const owner = nextAddress();
    const parent = await createUser(api, 'parent', 'bloqueada@example.com');
    for (let index = 0; index < FREE_FAILURES_PER_ACCOUNT + 3; index += 1) {
      await signIn(api.app, index % 2 ? owner : nextAddress(), parent.username, 'adivinando');
    }
    expect((await signIn(api.app, owner, parent.username, PASSWORD)).statusCode).toBe(429);
    const committee = await createUser(api, 'admin', null);
    const { link } = await api.app.get(AccountLinksService).resetLinkFor(parent.id, toUser(committee));
    const token = new URL(link).searchParams.get('token');
    const reset = await api
      .agent()
      .post('/api/password-reset/confirm', { token, password: 'otra-clave-larga', confirmPassword: 'otra-clave-larga' });
    expect(reset.status).toBe(204);
    expect((await signIn(api.app, owner, parent.username, 'otra-clave-larga')).statusCode).toBe(200);
  });

  it('counts parallel guesses one by one', async () => {
    const from = nextAddress();
    const parent = await createUser(api, 'parent', null);
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(api.app, from, parent.username, 'adivinando')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_FAILURES_PER_ACCOUNT_AND_IP);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - FREE_FAILURES_PER_ACCOUNT_AND_IP);
  });

  it('shares the counters between API instances', async () => {
    const second = await createApp(api.config);
    try {
      const from = nextAddress();
      const parent = await createUser(api, 'parent', null);
      for (let index = 0; index < FREE_FAILURES_PER_ACCOUNT_AND_IP; index += 1) {
        const app = index % 2 ? second : api.app;
        expect((await signIn(app, from, parent.username, 'adivinando')).statusCode).toBe(401);
      }
      expect((await signIn(second, from, parent.username, PASSWORD)).statusCode).toBe(429);
      expect((await signIn(api.app, from, parent.username, PASSWORD)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
