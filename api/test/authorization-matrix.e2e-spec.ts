// Every route of the application, called by five people: no session, the parent of family A, the
// parent of family B, an admin and a door volunteer. The table (support/authorization-*.ts, a file
// per part of the portal) says what each must get; it is checked against the app's real route
// table, so a new route without a row there fails this suite. Refusals must change no table; a parent's answers must never carry the other family's
// data; a door account reaches only the door's routes, and no family's e-mail or phone.
import { MoreThan } from 'typeorm';
import { apiRoutes } from '../src/common/routes';
import { HistoryEntity } from '../src/history/history.entity';
import type { UserEntity } from '../src/users/user.entity';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import {
  createUser,
  privateTexts,
  seedTwoFamilies,
  sessionAgent,
  snapshotTables,
  tableFingerprints,
  type FamilyFixture,
  type Snapshot,
  type TwoFamilies,
} from './fixtures';
import { ACCOUNT_ROUTES } from './support/authorization-accounts';
import { BOOKS_ROUTES } from './support/authorization-books';
import { EVENT_ROUTES } from './support/authorization-events';
import { FAMILY_ROUTES } from './support/authorization-families';
import { CALLERS, doorUser, joinRules, type Caller } from './support/authorization-rules';

/** Tables whose rows are not the portal's data: the history itself, e-mails queued, marks of what was seen or read. */
const UNRECORDED_TABLES = new Set(['history', 'outbox', 'sessions', 'rate_limits']);
/** Routes that change data without a line in 'Historial', and why. */
const WITHOUT_HISTORY = new Map<string, string>([
  ['POST /api/register', "a stranger's account, linked to no family: its e-mail proof writes the line (account.verify-email)"],
  ['POST /api/bank-statements/preview', 'keeps the lines read as facts; each decision on them writes its line when confirmed'],
  ['PUT /api/my-notices-seen', 'when the parent last opened the notices: a mark, not data'],
  ['PUT /api/my-books/seen', "when the family last opened 'Cuentas': a mark, not data"],
  ['PUT /api/my-classes/viewing', 'which class the browser views: a cookie, not data'],
]);

/** Every route's row, by part of the portal (support/authorization-*.ts). */
const MATRIX = joinRules(ACCOUNT_ROUTES, EVENT_ROUTES, FAMILY_ROUTES, BOOKS_ROUTES);

/** Rows that belong to one family: its own row and everything keyed by its id. */
function rowsOf(snapshot: Snapshot, familyId: number): unknown[] {
  const byFamily = (table: string) => (snapshot[table] as Array<{ familyId: number }>).filter((row) => row.familyId === familyId);
  return [
    (snapshot.families as Array<{ id: number }>).filter((row) => row.id === familyId),
    byFamily('event_rsvps'),
    byFamily('payment_confirmations'),
    byFamily('payment_proofs'),
  ];
}

describe.each(DATABASES)('authorization matrix (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  /** The door account every row is called by. */
  let door: UserEntity;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    door = await doorUser(api);
  });
  afterAll(() => api.close());

  async function agentFor(caller: Caller): Promise<Agent> {
    if (caller === 'anonymous') return api.agent();
    const user = caller === 'door' ? door : caller === 'admin' ? fx.admin : caller === 'parentA' ? fx.a.parent : fx.b.parent;
    return sessionAgent(api, user.id);
  }

  /** Routes a link from an e-mail opens: what they record names the link's owner (or the system), whoever is signed in. */
  const LINK_ROUTES = new Set([
    'POST /api/verify-email',
    'POST /api/password-reset/confirm',
    'POST /api/invitation/accept',
    'POST /api/admin-invitation/accept',
    'POST /api/unsubscribe/:token',
  ]);

  it('has one rule for every route the application serves, and no rule without a route', () => {
    const served = apiRoutes(api.app)
      .filter((route) => !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((route) => !(route in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !served.includes(route))).toEqual([]);
  });

  /** The tables whose fingerprints differ. */
  const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
    Object.keys(after).filter((table) => after[table] !== before[table]);
  const lastHistoryId = async () => (await api.dataSource.getRepository(HistoryEntity).maximum('id')) ?? 0;
  /** The rows a parent's request must leave alone: the other family's (`rowsOf`). */
  const familyRows = () => snapshotTables(api, { only: ['families', 'event_rsvps', 'payment_confirmations', 'payment_proofs'] });

  it.each(Object.entries(MATRIX))('%s answers each caller as the table says', async (route, rule) => {
    const [method, path] = route.split(' ') as [string, string];
    for (const [index, caller] of CALLERS.entries()) {
      const agent = await agentFor(caller);
      const { url = path, body } = (await rule.request?.({ api, fx, caller, door })) ?? {};
      const parent = caller === 'parentA' || caller === 'parentB';
      // Each table's fingerprint, the last line of 'Historial', and (for a parent) the families' rows, before and after.
      const before = await tableFingerprints(api, { except: ['sessions'] });
      const historyBefore = await lastHistoryId();
      const rowsBefore = parent ? await familyRows() : null;
      const response = rule.send ? await rule.send({ api, fx, caller, door }, agent, url) : await agent.request(method, url, body);
      expect({ route, caller, status: response.status }).toEqual({ route, caller, status: rule.expect[index] });
      // Personal or changing data, refusals too: never kept by a browser or a shared cache.
      const cacheControl = response.status < 400 && rule.cacheControl ? rule.cacheControl : 'no-store';
      expect({ route, caller, cacheControl: response.headers['cache-control'] }).toEqual({ route, caller, cacheControl });
      const changed = changedTables(before, await tableFingerprints(api, { except: ['sessions'] }));
      const recorded = await api.dataSource
        .getRepository(HistoryEntity)
        .find({ where: { id: MoreThan(historyBefore) }, order: { id: 'ASC' } });

      if (response.status >= 400) {
        // A refusal explains itself in Spanish and changes nothing.
        expect(response.body).toEqual({ statusCode: response.status, message: expect.stringMatching(/\S/) });
        expect({ route, caller, changed }).toEqual({ route, caller, changed: [] });
        continue;
      }
      if (caller !== 'anonymous' && !LINK_ROUTES.has(route)) {
        // Whatever a request records in the history names the one who made it, GETs included
        // (each route hands its signed-in user to recordChange).
        const role = caller === 'admin' || caller === 'door' ? caller : 'parent';
        expect({ route, caller, actors: recorded.map((row) => row.actorRole) }).toEqual({
          route,
          caller,
          actors: recorded.map(() => role),
        });
      }
      if (caller !== 'anonymous' && !LINK_ROUTES.has(route) && !WITHOUT_HISTORY.has(route)) {
        // A change to the portal's data leaves its line in 'Historial'.
        const data = changed.filter((table) => !UNRECORDED_TABLES.has(table));
        expect({ route, caller, changed: data, recorded: data.length === 0 || recorded.length > 0 }).toEqual({
          route,
          caller,
          changed: data,
          recorded: true,
        });
      }
      if (parent) {
        const [own, other] = caller === 'parentA' ? [fx.a, fx.b] : [fx.b, fx.a];
        // The other family's data never appears, and none of its rows changed.
        for (const text of privateTexts(other.family))
          expect({ route, caller, leaked: response.text.includes(text) }).toEqual({ route, caller, leaked: false });
        expect(rowsOf(await familyRows(), other.family.id)).toEqual(rowsOf(rowsBefore!, other.family.id));
        checkOwnIds(route, response.body, own);
      }
      if (caller === 'door') {
        // What the door may read names families and tables, never how to reach them.
        for (const family of [fx.a.family, fx.b.family])
          for (const text of [family.email, family.phone])
            expect({ route, caller, leaked: response.text.includes(text) }).toEqual({ route, caller, leaked: false });
      }
    }
  });

  /** Ids in a parent's answers are their own family's, their own receipts' or shared events'. */
  function checkOwnIds(route: string, body: unknown, own: FamilyFixture): void {
    if (route === 'GET /api/my-family' || route === 'PUT /api/my-family/rsvp') expect((body as { id: number }).id).toBe(own.family.id);
    if (route === 'GET /api/my-family/payment-proofs')
      expect((body as Array<{ id: number }>).map((receipt) => receipt.id)).toEqual([own.receipt.id]);
    if (route === 'GET /api/my-event-rsvps') {
      // The shared event's answer, and perhaps the family's own to the awards ceremony and the brunch.
      const answers = body as Array<{ eventId: number; attending: boolean; guests: number | null }>;
      expect(answers.filter((row) => row.eventId === fx.event.id)).toEqual([
        {
          eventId: fx.event.id,
          attending: expect.any(Boolean),
          guests: answers.find((row) => row.eventId === fx.event.id)!.attending ? 1 : null,
        },
      ]);
    }
  }

  describe('field level: a parent changes only their own answers', () => {
    const notAllowed = (field: string) => `El campo «${field}» no está permitido.`;

    it.each([
      ['PUT', '/api/my-family/rsvp', { awardsRsvp: true, tablesBooked: 200 }, 'tablesBooked'],
      ['PUT', '/api/my-family/rsvp', { brunchRsvp: true, hasPaid: true }, 'hasPaid'],
      ['PUT', '/api/my-family/rsvp', { awardsRsvp: true, paymentAmount: 0 }, 'paymentAmount'],
      ['PUT', '/api/my-family/rsvp', { awardsRsvp: true, email: 'otra@example.com' }, 'email'],
      ['PUT', '/api/my-family/rsvp', { awardsRsvp: true, id: 'B' }, 'id'],
      ['POST', '/api/event-rsvps', { eventId: 'EVENT', attending: true, familyId: 'B' }, 'familyId'],
      ['PUT', '/api/my-payment-confirmations/1', { status: 'no_asistire', familyId: 'B' }, 'familyId'],
    ])('%s %s with %j is refused and changes nothing', async (method, url, template, field) => {
      const parentA = await agentFor('parentA');
      const body = Object.fromEntries(
        Object.entries(template).map(([key, value]) => [key, value === 'B' ? fx.b.family.id : value === 'EVENT' ? fx.event.id : value]),
      );
      const before = await snapshotTables(api, { except: ['sessions'] });
      const response = await parentA.request(method, url, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: notAllowed(field) });
      expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
    });

    it("refuses a parent's admin writes on their own family and on the other one", async () => {
      const parentA = await agentFor('parentA');
      const before = await snapshotTables(api, { except: ['sessions'] });
      for (const family of [fx.a.family, fx.b.family]) {
        for (const body of [{ tablesBooked: 10 }, { hasPaid: true }, { paymentAmount: 999_999 }, { email: 'robada@example.com' }]) {
          expect((await parentA.put(`/api/families/${family.id}`, body)).status).toBe(403);
        }
        expect((await parentA.delete(`/api/families/${family.id}`)).status).toBe(403);
      }
      expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
    });

    it("an answer changes the parent's own family's answer to the awards event and nothing else", async () => {
      const parentA = await agentFor('parentA');
      const before = await snapshotTables(api, { except: ['sessions'] });
      const settings = (before.settings as Array<{ awardsEventId: number }>)[0]!;
      const rsvps = before.event_rsvps as Array<{ eventId: number; familyId: number; attending: boolean }>;
      const isOwnAwards = (row: { eventId: number; familyId: number }) =>
        row.eventId === settings.awardsEventId && row.familyId === fx.a.family.id;
      const attending = !rsvps.find(isOwnAwards)?.attending;
      const response = await parentA.put('/api/my-family/rsvp', { awardsRsvp: attending });
      expect(response.status).toBe(200);
      const after = await snapshotTables(api, { except: ['sessions'] });
      const afterRsvps = after.event_rsvps as typeof rsvps;
      expect(afterRsvps.filter(isOwnAwards)).toEqual([expect.objectContaining({ attending, guests: attending ? 1 : null })]);
      // And the history says so, under the parent's own family.
      expect((after.history as unknown[]).slice(before.history!.length)).toEqual([
        expect.objectContaining({ action: 'rsvp.answer', familyId: fx.a.family.id, actorUserId: fx.a.parent.id }),
      ]);
      expect({ ...after, event_rsvps: afterRsvps.filter((row) => !isOwnAwards(row)), history: before.history }).toEqual({
        ...before,
        event_rsvps: rsvps.filter((row) => !isOwnAwards(row)),
      });
    });

    it('a parent account linked to no family reaches nothing and writes nothing', async () => {
      const orphan = await sessionAgent(api, (await createUser(api, 'parent', 'sin.familia@example.com')).id);
      const before = await snapshotTables(api, { except: ['sessions'] });
      for (const [method, url, body] of [
        ['GET', '/api/my-family'],
        ['PUT', '/api/my-family/rsvp', { awardsRsvp: true }],
        ['POST', '/api/event-rsvps', { eventId: fx.event.id, attending: true }],
        ['PUT', '/api/my-payment-confirmations/1', { status: 'ya_pague' }],
      ] as Array<[string, string, unknown?]>) {
        expect((await orphan.request(method, url, body)).status).toBe(404);
      }
      expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
    });
  });
});
