import { randomBytes, scryptSync } from 'node:crypto';
import { loadConfig } from '../src/config';
import { UserEntity } from '../src/users/user.entity';
import { createUser } from './fixtures';
import { ANY_DATABASE, DATABASES, PASSWORD, startApi, type TestApi } from './harness';

// Passwords are hashed with scrypt N=2^17, r=8, p=1; an older hash is replaced at the next sign-in.

const storedHash = async (api: TestApi, id: number) =>
  (
    await api.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.id = :id', { id })
      .getOneOrFail()
  ).passwordHash;

/** A hash as the portal stored them before: N = 2^14. */
function oldHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe.each(DATABASES)("scrypt at OWASP's cost (%s)", (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    // The production cost, which the other suites lower for speed.
    api = await startApi(kind, { SCRYPT_LOG2_N: '17' });
  });
  afterAll(() => api.close());

  it('hashes new passwords with N=2^17, r=8, p=1', async () => {
    const user = await createUser(api, 'parent', null);
    expect(await storedHash(api, user.id)).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('replaces a 2^14 hash at the next sign-in, and the password still works', async () => {
    const user = await createUser(api, 'parent', null);
    await api.dataSource.getRepository(UserEntity).update({ id: user.id }, { passwordHash: oldHash(PASSWORD) });
    expect((await api.agent().post('/api/login', { username: user.username, password: 'otra-cosa' })).status).toBe(401);
    expect(await storedHash(api, user.id)).toMatch(/^scrypt\$16384\$/);
    expect((await api.agent().post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(200);
    expect(await storedHash(api, user.id)).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await api.agent().post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(200);
  });

  it('never lowers the cost outside the tests', () => {
    expect(loadConfig({ SCRYPT_LOG2_N: '10' }).scryptLog2N).toBe(17);
    expect(loadConfig({ NODE_ENV: 'test', SCRYPT_LOG2_N: '10' }).scryptLog2N).toBe(10);
  });
});

// The process's memory, whatever the database: measured on one.
describe('scrypt at its cost, several at once', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi(ANY_DATABASE, { SCRYPT_LOG2_N: '17' });
  });
  afterAll(() => api.close());

  it('hashes two passwords at a time: eight parents signing in at once do not take eight times 128 MB', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(api, 'parent', null)));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const statuses = await Promise.all(
      users.map(async (user) => (await api.agent().post('/api/login', { username: user.username, password: PASSWORD })).status),
    );
    clearInterval(sampler);
    expect(statuses).toEqual(Array(8).fill(200));
    // Two hashes of 128 MiB, and some room; four (libuv's threads) would be 512 MiB.
    expect((peak - before) / 1024 / 1024).toBeLessThan(330);
  });
});
