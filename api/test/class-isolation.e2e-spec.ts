// Two classes on one deployment (docs/classes.md), tested the way they break: random sequences of
// accounts switching classes and reading every route never show one class's families in the
// other; no write reaches an archive; an id of one class names nothing in the other; two admins
// opening the next class at once, on two API instances, open it once.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { SchoolClass } from '@portal/contracts';
import { ClassEntity } from '../src/classes/class.entity';
import { apiRoutes } from '../src/common/routes';
import { filePath } from '../src/files/file-folder';
import { HistoryEntity } from '../src/history/history.entity';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { createFamily, createUser, sessionAgent, seedTwoFamilies, snapshotTables } from './fixtures';
import { DATABASES, startApi, startSecondApi, type Agent, type TestApi } from './harness';
import { closeClass, confirmedCalendar, openingRequest } from './support/class-opening';

describe.each(DATABASES)('two classes on one deployment (%s)', (kind) => {
  let api: TestApi;
  let second: TestApi;
  /** Who signs in, and which class each may read: 2026 archived, 2027 current. */
  /** `home`: the page that shows the account's families, with what it shows in each class. */
  interface Account {
    agent: Agent;
    reads: Array<2026 | 2027>;
    refused?: number;
    home?: { url: string; shows: Record<2026 | 2027, string[]> };
  }
  const accounts: Record<string, Account> = {};
  const names: Record<2026 | 2027, string[]> = { 2026: [], 2027: [] };
  const ids: Record<2026 | 2027, number[]> = { 2026: [], 2027: [] };
  const classIds: Record<2026 | 2027, number> = { 2026: 0, 2027: 0 };
  let archiveFile = '';

  beforeAll(async () => {
    api = await startApi(kind);
    second = await startSecondApi(api);
    const fx = await seedTwoFamilies(api);
    const treasurerId = (await createUser(api, 'admin', null, 'Tesorera')).id;
    const presidentId = (await createUser(api, 'admin', null, 'Presidente')).id;
    const treasurer = await sessionAgent(api, treasurerId);
    const president = await sessionAgent(api, presidentId);
    expect((await treasurer.post(`/api/families/${fx.a.family.id}/payments/1/cash`, { amountReceived: 2950 })).status).toBe(201);
    // The family's e-mail about that money went long before the class closed (one still waiting
    // would be carried into the next class, to be sent: class-cycle/opening.service.ts).
    await api.dataSource.getRepository(OutboxMessageEntity).update({ status: 'pending' }, { status: 'sent', sentAt: new Date() });
    names[2026] = [fx.a.family.graduateName, fx.b.family.graduateName, fx.a.family.contactName, fx.b.family.contactName];
    ids[2026] = [fx.a.family.id, fx.b.family.id];
    await closeClass(treasurer, president);
    classIds[2026] = (await api.dataSource.getRepository(ClassEntity).findOneByOrFail({ year: 2026 })).id;

    // Two admins open 2027 at the same moment, each through its own API instance.
    const onSecond = second.agent();
    onSecond.cookies.set('portal_session', treasurer.sessionCookie!);
    const body = openingRequest(2027, [treasurerId, presidentId], await confirmedCalendar(president));
    const answers = await Promise.all([
      president.post<SchoolClass>('/api/classes', body),
      onSecond.post<SchoolClass>('/api/classes', body),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({
      message: expect.stringMatching(/abrió la nueva promoción|cierra la Promoción/),
    });
    const classes = await api.dataSource.getRepository(ClassEntity).find({ order: { id: 'ASC' } });
    expect(classes.map((row) => [row.year, row.state, row.archiveFile !== null])).toEqual([
      [2026, 'cerrada', true],
      [2027, 'activa', false],
    ]);
    expect(await api.dataSource.getRepository(HistoryEntity).countBy({ action: 'class.open' })).toBe(1);
    classIds[2027] = classes[1]!.id;
    archiveFile = classes[0]!.archiveFile!;

    // 2027's families: A's parent has a child in each class; C's only in 2027.
    const sibling = await createFamily(api, { graduateName: 'Lucía Núñez', contactName: 'Contacto Núñez', email: fx.a.family.email });
    const other = await createFamily(api, { graduateName: 'Tomás Ávila', contactName: 'Inés Ávila', email: 'ines.avila@example.com' });
    names[2027] = [sibling.graduateName, other.graduateName, other.contactName];
    ids[2027] = [sibling.id, other.id];
    const parentC = (await createUser(api, 'parent', other.email, 'Inés Ávila')).id;
    const family = (shows2026: string[], shows2027: string[]) => ({ url: '/api/my-family', shows: { 2026: shows2026, 2027: shows2027 } });
    accounts.parentA = {
      agent: await sessionAgent(api, fx.a.parent.id),
      reads: [2027, 2026],
      home: family([fx.a.family.graduateName], [sibling.graduateName]),
    };
    accounts.parentB = {
      agent: await sessionAgent(api, fx.b.parent.id),
      reads: [2027, 2026],
      home: family([fx.b.family.graduateName], []),
    };
    accounts.parentC = { agent: await sessionAgent(api, parentC), reads: [2027], home: family([], [other.graduateName]) };
    accounts.president = {
      agent: await sessionAgent(api, presidentId),
      reads: [2027, 2026],
      home: { url: '/api/families', shows: { 2026: names[2026].slice(0, 2), 2027: names[2027].slice(0, 2) } },
    };
    // A door account outside its gala night has no session at all.
    accounts.door = { agent: await sessionAgent(api, (await createUser(api, 'door', null, 'Puerta')).id), reads: [], refused: 401 };
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await api?.close();
  });

  const readRoutes = () => apiRoutes(api.app).filter((route) => route.method === 'GET' && !route.url.includes(':'));

  it('never shows, along random sequences of switches and reads, one class’s families in the other', async () => {
    const routes = readRoutes().map((route) => route.url);
    const step = fc.record({
      who: fc.constantFrom(...Object.keys(accounts)),
      act: fc.oneof(fc.record({ view: fc.constantFrom(2026 as const, 2027 as const) }), fc.record({ read: fc.constantFrom(...routes) })),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        // Every browser starts on the current class.
        const viewing: Record<string, 2026 | 2027> = {};
        for (const name of Object.keys(accounts)) {
          accounts[name]!.agent.cookies.delete('portal_clase');
          viewing[name] = 2027;
        }
        for (const { who, act } of steps) {
          const { agent, reads, refused = 403, home } = accounts[who]!;
          if ('view' in act) {
            const answer = await agent.put('/api/my-classes/viewing', { classId: classIds[act.view] });
            const allowed = reads.includes(act.view);
            expect([who, act.view, answer.status]).toEqual([who, act.view, allowed ? 204 : refused]);
            if (allowed) viewing[who] = act.view;
            continue;
          }
          const hidden = names[viewing[who] === 2026 ? 2027 : 2026];
          const answer = await agent.get(act.read);
          for (const name of hidden) expect(`${who} viewing ${viewing[who]}: ${act.read} ${answer.text}`).not.toContain(name);
          // And the page of its families shows the class it views, only.
          if (!home) continue;
          const page = (await agent.get(home.url)).text;
          for (const name of hidden) expect(`${who} viewing ${viewing[who]}: ${home.url} ${page}`).not.toContain(name);
          for (const name of home.shows[viewing[who]!]) expect(`${who} viewing ${viewing[who]}: ${home.url} ${page}`).toContain(name);
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);

  it('answers an id of one class with nothing from the other', async () => {
    const withId = apiRoutes(api.app).filter((route) => route.method === 'GET' && route.url.includes(':'));
    expect(withId.map((route) => route.url)).toEqual(expect.arrayContaining(['/api/families/:id/statement', '/api/families/:id/history']));
    const { agent } = accounts.president!;
    for (const [view, other] of [
      [2026, 2027],
      [2027, 2026],
    ] as const) {
      expect((await agent.put('/api/my-classes/viewing', { classId: classIds[view] })).status).toBe(204);
      for (const route of withId) {
        for (const id of ids[other]) {
          const answer = await agent.get(route.url.replace(/:[a-zA-Z]+/g, String(id)));
          for (const name of names[other]) expect(`${route.url} ${id} ${answer.text}`).not.toContain(name);
        }
      }
    }
  }, 120_000);

  it('refuses every write while a browser views the archive, and neither the database nor the archive changes', async () => {
    const { agent } = accounts.parentA!;
    expect((await agent.put('/api/my-classes/viewing', { classId: classIds[2026] })).status).toBe(204);
    // What the live API answers whichever class is viewed, as its routes declare (common/class-scope.ts).
    const live = apiRoutes(api.app).filter((route) => route.method !== 'GET' && route.classScope === 'deployment');
    expect(live.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'POST /api/classes',
      'POST /api/classes/next/families/preview',
      'POST /api/invitation/accept',
      'POST /api/invitation/check',
      'POST /api/login',
      'POST /api/logout',
      'POST /api/password-reset',
      'POST /api/password-reset/confirm',
      'POST /api/register',
      'POST /api/user/logout-all',
      'POST /api/verify-email',
      'POST /api/verify-email/check',
      'POST /api/verify-email/resend',
      'PUT /api/classes/:id/families-read-until',
      'PUT /api/my-classes/viewing',
      'PUT /api/user/password',
    ]);
    const writes = apiRoutes(api.app).filter((route) => route.method !== 'GET' && route.classScope !== 'deployment');
    expect(writes.length).toBeGreaterThan(50);
    const before = await snapshotTables(api, { except: ['sessions'] });
    for (const route of writes) {
      const answer = await agent.request(route.method, route.url.replace(/:[a-zA-Z]+/g, '1'), {});
      expect([route.method, route.url, answer.status]).toEqual([route.method, route.url, 409]);
    }
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
    const bytes = readFileSync(filePath(api.config.filesDir, archiveFile));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(archiveFile);
  }, 120_000);
});
