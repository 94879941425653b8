// Admins deleting events and families through one API instance while parents answer through
// another, on one MariaDB database: lock conflicts between the transactions never reach a client
// (the API runs the write again), every request gets the answer it would get alone, and what is
// left agrees with those answers. MariaDB only: SQLite runs one write at a
// time, so its transactions cannot deadlock.
import type { LightMyRequestResponse } from 'fastify';
import { createConnection, type Connection } from 'mysql2/promise';
import { PAYMENT_NUMBERS, type PaymentStatus } from '@portal/contracts';
import { EventEntity } from '../src/events/event.entity';
import { FamilyEntity } from '../src/families/family.entity';
import { SettingsEntity } from '../src/settings/settings.entity';
import { PaymentAnswerEntity } from '../src/payments/payment-answer.entity';
import { ReceiptEntity } from '../src/receipts/receipt.entity';
import { EventRsvpEntity } from '../src/rsvps/event-rsvp.entity';
import { startApi, startSecondApi, type TestApi } from './harness';
import { createEvent, createFamily, createUser, keyEventsAhead, sessionAgent } from './fixtures';

const FAMILIES = 30;
const EVENTS = 15;
/** Deleted while the parents answer: the first events and every third family. */
const DELETED_EVENTS = 10;
const DELETED_FAMILIES = 10;
/** Requests each of a parent's three devices sends, one after another (all devices at once). */
const ANSWERS_PER_DEVICE = 4;

/** How many answers had each status, shown when the test fails. */
function count(statuses: number[]): Record<number, number> {
  return statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
}

/** Deadlocks the server has broken since it started (on every database: other suites' too). */
async function deadlocks(connection: Connection): Promise<number> {
  const [rows] = await connection.query("SHOW GLOBAL STATUS LIKE 'Innodb_deadlocks'");
  return Number((rows as Array<{ Value: string }>)[0]!.Value);
}

const describeMariaDb = process.env.MYSQL_URL ? describe : describe.skip;

interface Answer {
  kind: 'event' | 'family' | 'payment';
  familyId: number;
  /** The event or the payment number answered. */
  target: number;
  value: boolean | PaymentStatus;
  response: LightMyRequestResponse;
}

describeMariaDb('lock conflicts between two API instances on one MariaDB database (MariaDB only: set MYSQL_URL)', () => {
  let admins: TestApi;
  let parents: TestApi;

  beforeAll(async () => {
    admins = await startApi('mariadb');
    parents = await startSecondApi(admins);
    await keyEventsAhead(admins);
  });
  afterAll(async () => {
    await parents?.close();
    await admins?.close();
  });

  it('stores every answer and every delete, answers 404 only for what was deleted, and leaves no orphan rows', async () => {
    const events = await Promise.all(Array.from({ length: EVENTS }, (_, index) => createEvent(admins, `Evento ${index}`)));
    const families: FamilyEntity[] = [];
    const cookies = new Map<number, string>();
    for (let index = 0; index < FAMILIES; index += 1) {
      const family = await createFamily(admins, { tablesBooked: 1 });
      const parent = await createUser(admins, 'parent', family.email);
      families.push(family);
      cookies.set(family.id, `portal_session=${(await sessionAgent(parents, parent.id)).sessionCookie}`);
    }
    // Every family has answered every event and two payments, so each delete has rows to remove.
    await admins.dataSource
      .getRepository(EventRsvpEntity)
      .insert(families.flatMap((family) => events.map((event) => ({ eventId: event.id, familyId: family.id, attending: true }))));
    await admins.dataSource.getRepository(PaymentAnswerEntity).insert(
      families.flatMap((family) => [
        { familyId: family.id, paymentNumber: 1, status: 'ya_pague' as const },
        { familyId: family.id, paymentNumber: 2, status: 'ya_pague' as const },
      ]),
    );
    await admins.dataSource
      .getRepository(ReceiptEntity)
      .insert(families.map((family) => ({ familyId: family.id, paymentNumber: 1, fileName: 'comprobante.pdf', uploadedAt: new Date() })));
    const admin = await createUser(admins, 'admin', null);
    const familiesBefore = await admins.dataSource.getRepository(FamilyEntity).count();
    const eventsBefore = await admins.dataSource.getRepository(EventEntity).count();
    const adminCookie = `portal_session=${(await sessionAgent(admins, admin.id)).sessionCookie}`;

    const doomedEvents = events.slice(0, DELETED_EVENTS);
    const doomedFamilies = families.filter((_, index) => index % 3 === 0).slice(0, DELETED_FAMILIES);

    // Each delete starts once the parents have sent a given number of answers, so the deletes
    // overlap the answers however fast the machine is.
    let answered = 0;
    const waiting: Array<{ after: number; start: () => void }> = [];
    const progress = () => {
      answered += 1;
      for (const waiter of waiting.filter(({ after }) => after <= answered)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.start();
      }
    };

    /**
     * One parent's answers from three devices at once: event answers, family answers and payments,
     * each device one request after another (so each stored answer is that device's last 200).
     */
    async function answer(family: FamilyEntity, familyIndex: number): Promise<Answer[]> {
      const cookie = cookies.get(family.id)!;
      const device = async (kind: Answer['kind']) => {
        const answers: Answer[] = [];
        for (let step = 0; step < ANSWERS_PER_DEVICE; step += 1) {
          const attending = (familyIndex + step) % 2 === 0;
          const value: Answer['value'] = kind === 'payment' ? (attending ? 'ya_pague' : 'no_asistire') : attending;
          const target =
            kind === 'payment'
              ? PAYMENT_NUMBERS[(familyIndex + step) % PAYMENT_NUMBERS.length]!
              : kind === 'event'
                ? events[(familyIndex + step) % events.length]!.id
                : 0;
          const request =
            kind === 'payment'
              ? { method: 'PUT' as const, url: `/api/my-payment-confirmations/${target}`, payload: { status: value } }
              : kind === 'family'
                ? { method: 'PUT' as const, url: '/api/my-family/rsvp', payload: { awardsRsvp: value } }
                : { method: 'POST' as const, url: '/api/event-rsvps', payload: { eventId: target, attending } };
          const response = await parents.app.inject({ ...request, headers: { cookie } });
          answers.push({ kind, familyId: family.id, target, value, response });
          progress();
        }
        return answers;
      };
      return (await Promise.all([device('event'), device('family'), device('payment')])).flat();
    }

    async function remove(url: string, after: number): Promise<{ url: string; response: LightMyRequestResponse }> {
      await new Promise<void>((start) => (after <= answered ? start() : waiting.push({ after, start })));
      return { url, response: await admins.app.inject({ method: 'DELETE', url, headers: { cookie: adminCookie } }) };
    }

    const total = FAMILIES * 3 * ANSWERS_PER_DEVICE;
    const removals = doomedEvents.flatMap((event, index) => [`/api/events/${event.id}`, `/api/families/${doomedFamilies[index]!.id}`]);
    const [answers, deletes] = await Promise.all([
      Promise.all(families.map(answer)).then((lists) => lists.flat()),
      // Spread over the first four fifths of the answers, an event and a family in turn.
      Promise.all(removals.map((url, index) => remove(url, Math.round(((index + 1) * total * 0.8) / removals.length)))),
    ]);

    // What each request should get, known before it is sent. The API runs a write again after a
    // lock conflict, so a conflict never reaches anyone here: every delete removes its row (204),
    // every answer about a family and an event nobody deletes is stored (200), and an answer about
    // a doomed one is stored or, once an admin has deleted it, a 404.
    const doomedFamilyIds = new Set(doomedFamilies.map((family) => family.id));
    const doomedEventIds = new Set(doomedEvents.map((event) => event.id));
    const contested = ({ kind, familyId, target }: Answer) =>
      doomedFamilyIds.has(familyId) || (kind === 'event' && doomedEventIds.has(target));
    const outcomes = [
      ...deletes.map(({ url, response }) => ({ request: `DELETE ${url}`, allowed: [204], response })),
      ...answers.map((answer) => ({
        request: `${answer.kind} ${answer.familyId}:${answer.target}`,
        allowed: contested(answer) ? [200, 404] : [200],
        response: answer.response,
      })),
    ];
    // Every unexpected answer with its body: a 409/503 shows its Spanish message, a 500 its cause.
    expect(
      outcomes
        .filter(({ allowed, response }) => !allowed.includes(response.statusCode))
        .map(({ request, response }) => `${request}: ${response.statusCode} ${response.body}`),
    ).toEqual([]);
    expect(count(deletes.map(({ response }) => response.statusCode))).toEqual({ 204: removals.length });
    const untouched = answers.filter((answer) => !contested(answer));
    expect(new Set(untouched.map(({ kind }) => kind))).toEqual(new Set(['event', 'family', 'payment']));
    expect(count(untouched.map(({ response }) => response.statusCode))).toEqual({ 200: untouched.length });

    // Parents get a 404 only for a family or an event that an admin deleted, and from then on: a
    // device that got a 404 for a row never gets a 200 for it again (`answers` lists each device's
    // requests in the order it sent them).
    const gone = new Set<string>();
    for (const { kind, familyId, target, response } of answers) {
      const device = `${kind}:${familyId}`;
      const row = `${kind}:${familyId}:${target}`;
      if (response.statusCode === 404) {
        expect(doomedFamilyIds.has(familyId) || (kind === 'event' && doomedEventIds.has(target))).toBe(true);
        gone.add(row);
        // Not the event: the family is gone, for every later answer of this device.
        if (kind !== 'event' || !doomedEventIds.has(target)) gone.add(device);
      } else expect({ row, gone: gone.has(device) || gone.has(row) }).toEqual({ row, gone: false });
    }

    const rsvps = await admins.dataSource.getRepository(EventRsvpEntity).find();
    const paymentAnswers = await admins.dataSource.getRepository(PaymentAnswerEntity).find();
    const receipts = await admins.dataSource.getRepository(ReceiptEntity).find();
    const familyRows = await admins.dataSource.getRepository(FamilyEntity).find();
    const eventIds = new Set((await admins.dataSource.getRepository(EventEntity).find()).map((event) => event.id));
    const familyIds = new Set(familyRows.map((family) => family.id));

    // What was deleted is gone with everything that hung from it, and nothing else is: the counts
    // are the ones before the run less the 204s.
    const removed = (prefix: string) => deletes.filter(({ url, response }) => url.startsWith(prefix) && response.statusCode === 204).length;
    expect(familyRows.length).toBe(familiesBefore - removed('/api/families/'));
    expect(eventIds.size).toBe(eventsBefore - removed('/api/events/'));
    for (const id of doomedEventIds) expect(eventIds.has(id)).toBe(false);
    for (const id of doomedFamilyIds) expect(familyIds.has(id)).toBe(false);
    expect(rsvps.filter((row) => !eventIds.has(row.eventId) || !familyIds.has(row.familyId))).toEqual([]);
    expect(paymentAnswers.filter((row) => !familyIds.has(row.familyId))).toEqual([]);
    expect(receipts.filter((row) => !familyIds.has(row.familyId))).toEqual([]);

    // Each surviving family keeps its answer to every surviving event (an answer changes a row,
    // never removes it), its receipt, and one answer per payment it had or answered with a 200.
    const survivors = families.filter((family) => !doomedFamilyIds.has(family.id));
    const survivingEvents = events.filter((event) => !doomedEventIds.has(event.id));
    const rowsOf = (familyId: number) => ({
      answers: rsvps.filter((row) => row.familyId === familyId && survivingEvents.some((event) => event.id === row.eventId)).length,
      receipts: receipts.filter((row) => row.familyId === familyId).length,
      paymentAnswers: paymentAnswers.filter((row) => row.familyId === familyId).length,
    });
    const expectedRows = (familyId: number) => ({
      answers: survivingEvents.length,
      receipts: 1,
      paymentAnswers: new Set([
        1,
        2,
        ...answers
          .filter((answer) => answer.kind === 'payment' && answer.familyId === familyId && answer.response.statusCode === 200)
          .map(({ target }) => target),
      ]).size,
    });
    expect(survivors.map((family) => ({ id: family.id, ...rowsOf(family.id) }))).toEqual(
      survivors.map((family) => ({ id: family.id, ...expectedRows(family.id) })),
    );

    // Each parent wrote one answer at a time: what is stored is the last answer that got a 200.
    const stored = new Map<string, unknown>([
      ...rsvps.map((row) => [`event:${row.familyId}:${row.eventId}`, row.attending] as const),
      ...paymentAnswers.map((row) => [`payment:${row.familyId}:${row.paymentNumber}`, row.status] as const),
    ]);
    // The awards answer is the family's answer to the awards event: unanswered reads as false.
    const awardsEventId = (await admins.dataSource.getRepository(SettingsEntity).findOneByOrFail({ id: 1 })).awardsEventId;
    for (const row of familyRows) {
      stored.set(
        `family:${row.id}:0`,
        rsvps.find((rsvp) => rsvp.familyId === row.id && rsvp.eventId === awardsEventId)?.attending ?? false,
      );
    }
    const expected = new Map<string, unknown>();
    for (const { kind, familyId, target, value, response } of answers) {
      if (response.statusCode === 200 && familyIds.has(familyId) && (kind !== 'event' || eventIds.has(target))) {
        expected.set(`${kind}:${familyId}:${target}`, value);
      }
    }
    expect([...expected].filter(([key, value]) => stored.get(key) !== value)).toEqual([]);
  });

  it("runs a parent's answer again when MariaDB rolls it back to break a deadlock", async () => {
    const family = await createFamily(admins);
    const parent = await createUser(admins, 'parent', family.email);
    const cookie = `portal_session=${(await sessionAgent(parents, parent.id)).sessionCookie}`;
    // Another client of the database that locks the family row by id first and its e-mail entry
    // second, against the order the API keeps. It has written rows already, so the database
    // rolls back the API's transaction, the smaller one, to break the deadlock.
    const other = await createConnection(admins.config.databaseUrl!);
    try {
      await other.query('BEGIN');
      await other.query(
        "INSERT INTO notifications (title, message, type, date) SELECT 'Aviso', 'Mensaje', 'info', NOW() FROM payment_dates",
      );
      await other.query('SELECT id FROM families WHERE id = ? FOR UPDATE', [family.id]);
      const answer = parents.app.inject({ method: 'PUT', url: '/api/my-family/rsvp', payload: { awardsRsvp: true }, headers: { cookie } });
      // The API holds the e-mail entry and waits for the row (InnoDB's own lists of waits are
      // refreshed too seldom to watch; the API's connection shows its query while it waits).
      for (let tries = 0; ; tries += 1) {
        const [waiting] = await other.query(
          "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID() AND INFO LIKE '%FOR UPDATE'",
        );
        if (Number((waiting as Array<{ n: number }>)[0]!.n) > 0) break;
        if (tries > 200) throw new Error('the answer never waited for the lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      const before = await deadlocks(other);
      await other.query('SELECT id FROM families WHERE email = ? FOR UPDATE', [family.email]);
      expect(await deadlocks(other)).toBeGreaterThan(before);
      await other.query('COMMIT');

      const response = await answer;
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 200,
        body: expect.objectContaining({ awardsRsvp: true }),
      });
      expect(await admins.dataSource.getRepository(EventRsvpEntity).findBy({ familyId: family.id })).toEqual([
        expect.objectContaining({ attending: true, guests: 1 }),
      ]);
    } finally {
      await other.end();
    }
  });
});
