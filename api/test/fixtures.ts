// Fixtures shared by the security suites: two families with their parent accounts, an admin, an
// event with answers from both families, sessions made without the login route (so its rate
// limit is untouched), and a snapshot of every table to prove a request changed nothing.
import { ControlChangeEntity } from '../src/books/control-change.entity';
import { ExpenseEntity } from '../src/books/expense.entity';
import type { PaymentNumber, PaymentStatus, Role } from '@portal/contracts';
import { hashPassword } from '../src/users/password';
import { SessionsService } from '../src/auth/sessions.service';
import { EventEntity } from '../src/events/event.entity';
import { FamilyEntity } from '../src/families/family.entity';
import { NoticeEntity } from '../src/notices/notice.entity';
import { PaymentAnswerEntity } from '../src/payments/payment-answer.entity';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { ReceiptEntity } from '../src/receipts/receipt.entity';
import { EventRsvpEntity } from '../src/rsvps/event-rsvp.entity';
import { UserEntity } from '../src/users/user.entity';
import { SettingsEntity } from '../src/settings/settings.entity';
import { Agent, PASSWORD, type TestApi } from './harness';

export type Snapshot = Record<string, unknown[]>;

/**
 * Every row of every table, in primary-key order, as plain JSON (dates as ISO strings). The
 * rate-limit counters are left out: a refused request still counts (an upload refused for its
 * file costs the server the same), which is bookkeeping, not a change to anyone's data.
 */
export async function snapshotTables(api: TestApi, options: { except?: string[]; only?: string[] } = {}): Promise<Snapshot> {
  const snapshot: Snapshot = {};
  for (const { target } of api.dataSource.entityMetadatas) {
    const repository = api.dataSource.getRepository(target);
    const table = repository.metadata.tableName;
    if (table === 'rate_limits' || options.except?.includes(table) || (options.only && !options.only.includes(table))) continue;
    const order = Object.fromEntries(repository.metadata.primaryColumns.map((column) => [column.propertyName, 'ASC']));
    const rows = await repository.find({ order });
    snapshot[table] = JSON.parse(JSON.stringify(rows)) as unknown[];
  }
  return snapshot;
}

/**
 * Each table's fingerprint: equal fingerprints, equal rows (the rate-limit counters left out, as in
 * `snapshotTables`). On MariaDB one statement (`CHECKSUM TABLE`), on SQLite its rows read raw,
 * instead of every row of every table read as entities: the authorization matrix takes two per
 * caller of every route.
 */
export async function tableFingerprints(api: TestApi, options: { except?: string[] } = {}): Promise<Record<string, string>> {
  const tables = [...new Set(api.dataSource.entityMetadatas.map((metadata) => metadata.tableName))].filter(
    (table) => table !== 'rate_limits' && !options.except?.includes(table),
  );
  if (api.dataSource.options.type === 'better-sqlite3') {
    // The rows as SQLite stores them, read raw: no entity is built for a comparison.
    const read = async (table: string) => JSON.stringify(await api.dataSource.query(`SELECT * FROM "${table}" ORDER BY rowid`));
    return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await read(table)] as const)));
  }
  const rows = (await api.dataSource.query(`CHECKSUM TABLE ${tables.map((table) => `\`${table}\``).join(', ')}`)) as Array<{
    Table: string;
    Checksum: string | number | null;
  }>;
  return Object.fromEntries(rows.map((row) => [row.Table.split('.').at(-1)!, String(row.Checksum)]));
}

let counter = 0;
const unique = () => `${process.pid}${Date.now().toString(36)}${(counter += 1)}`;

export async function createUser(api: TestApi, role: Role, email: string | null, name = `Usuario ${unique()}`): Promise<UserEntity> {
  const username = `${role}${unique()}`.toLowerCase();
  return api.dataSource.getRepository(UserEntity).save({
    name,
    username,
    email,
    passwordHash: await hashPassword(PASSWORD),
    role,
    createdAt: new Date(),
    // Proven: these accounts stand for parents who followed the link sent to them.
    emailVerifiedAt: new Date(),
    disabledAt: null,
  });
}

/** The families' awards / brunch answers as the old columns wrote them: true is an attending answer. */
export type KeyAnswerFlags = { awardsRsvp?: boolean; brunchRsvp?: boolean };

/** Records the family's answer to the settings' awards ceremony or brunch (null: no answer). */
export async function setKeyAnswer(
  api: TestApi,
  familyId: number,
  key: 'awards' | 'brunch',
  attending: boolean | null,
  guests: number | null = attending ? 1 : null,
): Promise<void> {
  const settings = await api.dataSource.getRepository(SettingsEntity).findOneByOrFail({ id: 1 });
  const eventId = key === 'awards' ? settings.awardsEventId! : settings.brunchEventId!;
  const rsvps = api.dataSource.getRepository(EventRsvpEntity);
  await rsvps.delete({ eventId, familyId });
  if (attending !== null) await rsvps.insert({ eventId, familyId, attending, guests });
}

export async function createFamily(api: TestApi, overrides: Partial<FamilyEntity> & KeyAnswerFlags = {}): Promise<FamilyEntity> {
  const id = unique();
  const { awardsRsvp, brunchRsvp, ...columns } = overrides;
  const family = await api.dataSource.getRepository(FamilyEntity).save({
    graduateName: `Graduado ${id}`,
    contactName: `Contacto ${id}`,
    email: `familia.${id}@example.com`,
    phone: `+502 5555 ${id.slice(-4)}`,
    tablesBooked: 1,
    hasPaid: false,
    paymentAmount: 0,
    ...columns,
  });
  if (awardsRsvp) await setKeyAnswer(api, family.id, 'awards', true);
  if (brunchRsvp) await setKeyAnswer(api, family.id, 'brunch', true);
  return family;
}

/** The six payments of the money suites, in quetzales: Q11,350 in all. */
export const PAYMENT_AMOUNTS = [2950, 3400, 1500, 1500, 1000, 1000];

/** The six payments' amounts, in quetzales; twins owe the same (no amount of their own). */
export async function setPaymentAmounts(api: TestApi, amounts = PAYMENT_AMOUNTS): Promise<void> {
  for (const [index, amount] of amounts.entries()) {
    await api.dataSource
      .getRepository(PaymentDateEntity)
      .update({ id: (index + 1) as 1 }, { amountCentavos: amount * 100, twinsAmountCentavos: null });
  }
}

/** Noon in Guatemala, a year from now: an event on it is not over, so parents may answer it. */
export function nextYear(): Date {
  const at = new Date(Date.now() + 365 * 86_400_000);
  at.setUTCHours(18, 0, 0, 0);
  return at;
}

/**
 * Moves the awards ceremony and the brunch to next year. A new portal has them on the spec's
 * dates (June 2026), which are over: parents could no longer answer them.
 */
export async function keyEventsAhead(api: TestApi): Promise<void> {
  const settings = await api.dataSource.getRepository(SettingsEntity).findOneByOrFail({ id: 1 });
  const events = api.dataSource.getRepository(EventEntity);
  for (const id of [settings.awardsEventId, settings.brunchEventId]) {
    const event = id === null ? null : await events.findOneBy({ id });
    if (!event) continue;
    // Same day and time (the settings' start and end times stay in order), next year.
    const fecha = new Date(event.fecha);
    fecha.setUTCFullYear(new Date().getUTCFullYear() + 1);
    await events.update(event.id, { fecha });
  }
}

/** An event next year (parents may answer it), with a title or the fields given. */
export function createEvent(api: TestApi, fields: string | Partial<EventEntity> = {}): Promise<EventEntity> {
  return api.dataSource.getRepository(EventEntity).save({
    fecha: nextYear(),
    titulo: `Evento ${unique()}`,
    descripcion: null,
    horario: null,
    lugar: null,
    vestimenta: null,
    imagen: null,
    rsvpDeadline: null,
    ...(typeof fields === 'string' ? { titulo: fields } : fields),
  });
}

/** The family's answer to an event (`guests`: how many people; one by default when attending). */
export function answerEvent(
  api: TestApi,
  eventId: number,
  familyId: number,
  attending: boolean,
  guests: number | null = attending ? 1 : null,
): Promise<EventRsvpEntity> {
  return api.dataSource.getRepository(EventRsvpEntity).save({ eventId, familyId, attending, guests });
}

/** The family's answers to the payments ('Ya pagué', ...), by payment number. */
export function answerPayments(
  api: TestApi,
  familyId: number,
  answers: Partial<Record<PaymentNumber, PaymentStatus>>,
): Promise<PaymentAnswerEntity[]> {
  return api.dataSource.getRepository(PaymentAnswerEntity).save(
    Object.entries(answers).map(([paymentNumber, status]) => ({
      familyId,
      paymentNumber: Number(paymentNumber) as PaymentNumber,
      status,
    })),
  );
}

/** A receipt for one of the family's payments: a PDF waiting for review unless `fields` say otherwise. */
export function addReceipt(
  api: TestApi,
  familyId: number,
  paymentNumber: number,
  fields: Partial<ReceiptEntity> = {},
): Promise<ReceiptEntity> {
  return api.dataSource
    .getRepository(ReceiptEntity)
    .save({ familyId, paymentNumber: paymentNumber as PaymentNumber, fileName: 'comprobante.pdf', uploadedAt: new Date(), ...fields });
}

export function createNotice(api: TestApi): Promise<NoticeEntity> {
  return api.dataSource
    .getRepository(NoticeEntity)
    .save({ title: `Aviso ${unique()}`, message: 'Mensaje', type: 'info', date: new Date('2026-01-10T15:00:00.000Z') });
}

/** A browser signed in as `userId`, through a session made directly (no login request). */
export async function sessionAgent(api: TestApi, userId: number): Promise<Agent> {
  const token = await api.app.get(SessionsService).create(userId);
  const agent = api.agent();
  agent.cookies.set('portal_session', token);
  return agent;
}

export interface FamilyFixture {
  family: FamilyEntity;
  parent: UserEntity;
  rsvp: EventRsvpEntity;
  receipt: ReceiptEntity;
}

export interface TwoFamilies {
  a: FamilyFixture;
  b: FamilyFixture;
  admin: UserEntity;
  event: EventEntity;
}

async function familyWithParent(api: TestApi, label: string, event: EventEntity, attending: boolean): Promise<FamilyFixture> {
  const family = await createFamily(api, {
    graduateName: `Graduada ${label} ${unique()}`,
    contactName: `Contacto ${label} ${unique()}`,
    email: `familia.${label.toLowerCase()}.${unique()}@example.com`,
    phone: `+502 4444 ${label === 'A' ? '1111' : '2222'}`,
    tablesBooked: label === 'A' ? 2 : 3,
    hasPaid: label === 'B',
    paymentAmount: label === 'A' ? 2950 : 4250,
  });
  const parent = await createUser(api, 'parent', family.email, `Padre ${label} ${unique()}`);
  const rsvp = await api.dataSource.getRepository(EventRsvpEntity).save({ eventId: event.id, familyId: family.id, attending });
  await api.dataSource.getRepository(PaymentAnswerEntity).save([
    { familyId: family.id, paymentNumber: 1, status: 'ya_pague' },
    { familyId: family.id, paymentNumber: 2, status: attending ? 'no_asistire' : 'ya_pague' },
  ]);
  const receipt = await api.dataSource.getRepository(ReceiptEntity).save({
    familyId: family.id,
    paymentNumber: 1,
    fileName: `comprobante-${label}.pdf`,
    uploadedAt: new Date('2025-09-20T15:00:00.000Z'),
  });
  return { family, parent, rsvp, receipt };
}

/** Families A and B, each with a parent account, an answer to one event and two payment answers. */
export async function seedTwoFamilies(api: TestApi): Promise<TwoFamilies> {
  await keyEventsAhead(api);
  const event = await createEvent(api, 'Cena de graduación');
  const a = await familyWithParent(api, 'A', event, true);
  const b = await familyWithParent(api, 'B', event, false);
  const admin = await createUser(api, 'admin', null, 'Comité');
  return { a, b, admin, event };
}

/** Texts of family B that must never reach family A (and the other way round). */
export function privateTexts(family: FamilyEntity): string[] {
  return [family.email, family.graduateName, family.contactName, family.phone];
}

const ENGLISH = /\b(the|must|should|is not|cannot|unexpected|invalid|request|required|property|payload|unsupported|error|failed)\b/i;
const SPANISH = /\b(el|la|los|las|de|del|no|es|un|una|debe|puede|solicitud|campo)\b|[áéíóúñ¿¡]/i;

/** A JSON error body `{ statusCode, message, errors? }` whose message is a Spanish sentence. */
export function expectSpanishError(response: { statusCode: number; headers: Record<string, unknown>; body: string }): {
  statusCode: number;
  message: string;
  errors?: Record<string, string[]>;
} {
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as { statusCode: number; message: string; errors?: Record<string, string[]> };
  expect(body.statusCode).toBe(response.statusCode);
  expect(typeof body.message).toBe('string');
  // Field names a caller sent are quoted «like this» and may be in any language.
  const sentence = body.message.replace(/«[^»]*»/g, '«»');
  expect({ message: body.message, spanish: SPANISH.test(sentence) && !ENGLISH.test(sentence) }).toEqual({
    message: body.message,
    spanish: true,
  });
  return body;
}

/** A pending raise of the books' threshold (Q1,000 to Q5,000), as an admin proposed it. */
export function saveControlChange(
  api: TestApi,
  fields: Partial<ControlChangeEntity> & Pick<ControlChangeEntity, 'createdById' | 'createdByName'>,
): Promise<ControlChangeEntity> {
  return api.dataSource.getRepository(ControlChangeEntity).save({
    kind: 'threshold',
    before: '1000',
    after: '5000',
    state: 'pendiente',
    decidedById: null,
    decidedByName: null,
    decidedAt: null,
    createdAt: new Date(),
    ...fields,
  });
}

/** An expense row of the committee's books, as an admin recorded it: a Q3,500 cheque to the hall, no invoice unless given. */
export function saveExpense(
  api: TestApi,
  fields: Partial<ExpenseEntity> & Pick<ExpenseEntity, 'createdById' | 'createdByName'>,
): Promise<ExpenseEntity> {
  return api.dataSource.getRepository(ExpenseEntity).save({
    kind: 'gasto',
    date: '2026-10-05',
    category: 'Salón',
    supplier: 'Salones El Prado',
    concept: 'Anticipo',
    // Centavos, as the table keeps them.
    amount: 350000,
    method: 'cheque',
    nit: null,
    felSeries: null,
    felNumber: null,
    felUuid: null,
    invoiceType: null,
    hasThumbnail: false,
    state: 'pendiente',
    approvedById: null,
    approvedByName: null,
    approvedAt: null,
    reversesId: null,
    reversedById: null,
    reason: null,
    createdAt: new Date(),
    ...fields,
  });
}
