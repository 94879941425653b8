// Every route of the application, called by five people: no session, the parent of family A, the
// parent of family B, an admin and a door volunteer. The table below says what each must get; it
// is checked against the app's real route table, so a new route without a row here fails this
// suite. Refusals must change no table; a parent's answers must never carry the other family's
// data; a door account reaches only the door's routes, and no family's e-mail or phone.
import type { Settings } from '@portal/contracts';
import { AccountTokens } from '../src/auth/account-tokens';
import { CalendarService } from '../src/calendar/calendar.service';
import { GalaDoorService } from '../src/gala/gala-door.service';
import { GalaPlanService } from '../src/gala/gala-plan.service';
import { hashPassword } from '../src/auth/password';
import { apiRoutes } from '../src/common/routes';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { OutboxService } from '../src/mail/outbox.service';
import { FamilyEntity } from '../src/families/family.entity';
import { FamilyImportService } from '../src/families/family-import.service';
import { SettingsService } from '../src/settings/settings.service';
import { SettingsEntity } from '../src/settings/settings.entity';
import { unsubscribeToken } from '../src/mail/unsubscribe';
import { UserEntity } from '../src/users/user.entity';
import { toUser } from '../src/users/users.service';
import { BankStatementReadEntity } from '../src/bank/bank-line.entity';
import { lineChecksum } from '../src/bank/bank.service';
import { ExpenseQuestionEntity, InvoiceFileEntity } from '../src/books/expense.entity';
import { LedgerEntryEntity } from '../src/ledger/ledger-entry.entity';
import { PaymentOverrideEntity } from '../src/payments/payment-override.entity';
import { ReceiptEntity } from '../src/receipts/receipt.entity';
import { ReceiptFileEntity } from '../src/receipts/receipt-file.entity';
import { DATABASES, PASSWORD, startApi, type Agent, type Response, type TestApi } from './harness';
import { BOUNDARY, multipart, PDF, upload } from './receipts-fixtures';
import {
  createEvent,
  createFamily,
  createNotification,
  createUser,
  privateTexts,
  saveControlChange,
  saveExpense,
  seedTwoFamilies,
  sessionAgent,
  snapshotTables,
  type FamilyFixture,
  type Snapshot,
  type TwoFamilies,
} from './fixtures';

type Caller = 'anonymous' | 'parentA' | 'parentB' | 'admin' | 'door';
const CALLERS: Caller[] = ['anonymous', 'parentA', 'parentB', 'admin', 'door'];
type Statuses = [number, number, number, number, number];

interface Context {
  api: TestApi;
  fx: TwoFamilies;
  caller: Caller;
}

interface RouteRule {
  /** Expected status for [anonymous, parent A, parent B, admin, door]. */
  expect: Statuses;
  /** The URL (for routes with parameters) and a valid body; may create the row it targets. */
  request?: (context: Context) => Promise<{ url?: string; body?: unknown }> | { url?: string; body?: unknown };
  /** Sends the request itself (a multipart upload) instead of a JSON body. */
  send?: (context: Context, agent: Agent, url: string) => Promise<Response>;
  /** Receipt files say `private, no-store`. */
  cacheControl?: string;
}

/** A receipt of the caller's own family (family A's for admins and anonymous callers). */
async function ownProof({ api, fx, caller }: Context): Promise<{ url: string }> {
  const family = caller === 'parentB' ? fx.b.family : fx.a.family;
  const proof = await api.dataSource
    .getRepository(ReceiptEntity)
    .save({ familyId: family.id, paymentNumber: 4, fileName: 'comprobante-pago-4.pdf', uploadedAt: new Date() });
  return { url: `/api/my-family/payment-proofs/${proof.id}` };
}

/** Family A's fixture receipt, with stored bytes. */
async function proofWithFile(api: TestApi, fx: TwoFamilies, variant: 'file' | 'thumbnail'): Promise<{ url: string }> {
  const files = api.dataSource.getRepository(ReceiptFileEntity);
  if (!(await files.findOneBy({ proofId: fx.a.proof.id }))) await files.insert({ proofId: fx.a.proof.id, data: PDF, thumbnail: PDF });
  return { url: `/api/payment-proofs/${fx.a.proof.id}/${variant}` };
}

/** A school list of one new family (a new e-mail at each call). */
function schoolList(): Buffer {
  registrations += 1;
  return Buffer.from(
    `Graduando;Encargado;Correo;Teléfono\nNueva Graduada;Nuevo Contacto;lista.${registrations}@example.com;5555-0000\n`,
    'utf8',
  );
}

/** The school's list as the committee's form sends it. */
async function sendList({ api }: Context, agent: Agent, url: string, data: Buffer, fields: Record<string, string> = {}): Promise<Response> {
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await api.app.inject({
    method: 'POST',
    url,
    payload: multipart(fields, { data, name: 'lista.csv', type: 'text/csv' }),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
  });
  return {
    status: response.statusCode,
    body: response.json(),
    text: response.body,
    rawBody: response.rawPayload,
    headers: response.headers as Response['headers'],
  };
}

const ALL_OK: Statuses = [200, 200, 200, 200, 200];
/** Any full account (admin or parent); a door account is refused (routes without @Roles). */
const SIGNED_IN: Statuses = [401, 200, 200, 200, 403];
const ADMIN = (status: number): Statuses => [401, 403, 403, status, 403];
const PARENT: Statuses = [401, 200, 200, 403, 403];
/** The door's routes: the committee and door volunteers. */
const DOOR = (status: number): Statuses => [401, 403, 403, status, status];

/** Tables whose rows are not the portal's data: the history itself, e-mails queued, marks of what was seen or read. */
const UNRECORDED_TABLES = new Set(['history', 'outbox', 'sessions', 'rate_limits']);
/** Routes that change data without a line in 'Historial', and why. */
const WITHOUT_HISTORY = new Map<string, string>([
  ['POST /api/register', "a stranger's account, linked to no family: its e-mail proof writes the line (account.verify-email)"],
  ['POST /api/bank-statements/preview', 'keeps the lines read as facts; each decision on them writes its line when confirmed'],
  ['PUT /api/my-notices-seen', 'when the parent last opened the notices: a mark, not data'],
  ['PUT /api/my-books/seen', "when the family last opened 'Cuentas': a mark, not data"],
]);

let registrations = 0;
const MATRIX_PASSWORD = 'clave-temporal-de-la-matriz';

/** The family a caller aims an admin write at: A's parent at B, B's parent at its own, admins at a new one. */
async function targetFamily({ api, fx, caller }: Context): Promise<FamilyEntity> {
  if (caller === 'admin') return createFamily(api, { tablesBooked: 0 });
  return caller === 'parentA' ? fx.b.family : fx.a.family;
}

/** A free gala table with this number (made if missing), at its own place on the plan. */
async function galaTable(api: TestApi, number: number, x: number): Promise<number> {
  await api.dataSource.query('DELETE FROM gala_tables WHERE number = ?', [number]);
  await api.dataSource.query('INSERT INTO gala_tables (number, seats, x, y) VALUES (?, 8, ?, 39)', [number, x]);
  return number;
}

/** A door account in the middle of its night: opened 12 hours ago, ends in 6 (made by the fixtures, not by the route under test). */
async function doorUser(api: TestApi): Promise<UserEntity> {
  const user = await createUser(api, 'door', null, 'Voluntario de la entrada');
  const accessUntil = new Date(Date.now() + 6 * 3_600_000);
  await api.dataSource.getRepository(UserEntity).update({ id: user.id }, { accessUntil });
  return { ...user, accessUntil };
}

/** The door account every row is called by. */
let door: UserEntity;

/** The id of a new message in the outbox. */
/** A new family's one-click unsubscribe link (a family of its own, so no fixture family changes). */
async function unsubscribeUrl({ api }: Context): Promise<{ url: string }> {
  const { mailSecret } = await api.dataSource.getRepository(SettingsEntity).findOneByOrFail({ id: 1 });
  return { url: `/api/unsubscribe/${unsubscribeToken(mailSecret!, (await createFamily(api)).id)}` };
}

async function outboxMessage(api: TestApi): Promise<number> {
  await api.dataSource.transaction((manager) =>
    api.app.get(OutboxService).enqueue(manager, { kind: 'prueba', to: 'alguien@example.com', subject: 'Asunto', text: 'Texto', html: '' }),
  );
  const [latest] = await api.dataSource.getRepository(OutboxMessageEntity).find({ order: { id: 'DESC' }, take: 1 });
  return latest!.id;
}

/** A valid invitation for a new family. */
async function invitationToken(api: TestApi): Promise<string> {
  const family = await createFamily(api, { tablesBooked: 0 });
  return api.app.get(AccountTokens).issue(api.dataSource.manager, { familyId: family.id, email: family.email }, 'invitation', 3_600_000);
}

/** Admins act on a new parent account; parents aim at the other family's parent. */
function targetAccount(action: string): RouteRule['request'] {
  return async ({ api, fx, caller }) => {
    const user = caller === 'admin' ? await createUser(api, 'parent', null) : caller === 'parentA' ? fx.b.parent : fx.a.parent;
    return { url: `/api/accounts/${user.id}${action ? `/${action}` : ''}` };
  };
}

/** An expense of the committee's books, recorded by another admin (so anyone may approve it), with its invoice. */
async function expense(api: TestApi, state: 'aprobado' | 'pendiente'): Promise<number> {
  const other = await createUser(api, 'admin', null, 'Tesorera');
  const row = await saveExpense(api, {
    invoiceType: 'application/pdf',
    hasThumbnail: true,
    state,
    approvedAt: state === 'aprobado' ? new Date() : null,
    createdById: other.id,
    createdByName: other.name,
  });
  await api.dataSource.getRepository(InvoiceFileEntity).insert({ expenseId: row.id, data: PDF, thumbnail: PDF });
  return row.id;
}

/** A pending raise of the books' threshold, proposed by another admin (so anyone may approve it). */
async function controlChange(api: TestApi): Promise<number> {
  const other = await createUser(api, 'admin', null, 'Tesorera');
  return (await saveControlChange(api, { createdById: other.id, createdByName: other.name })).id;
}

/** Sends a multipart form as the agent (an upload route), answered as a JSON response. */
async function sendForm(api: TestApi, agent: Agent, url: string, fields: Record<string, string>, data: Buffer): Promise<Response> {
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await api.app.inject({
    method: 'POST',
    url,
    payload: multipart(fields, { data }),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
  });
  return {
    status: response.statusCode,
    body: response.json(),
    text: response.body,
    rawBody: response.rawPayload,
    headers: response.headers as Response['headers'],
  };
}

const MATRIX: Record<string, RouteRule> = {
  'GET /api/health': { expect: ALL_OK },
  'GET /api/health/ready': { expect: ALL_OK },
  'GET /api/config': { expect: ALL_OK },
  'GET /api/user': { expect: [401, 200, 200, 200, 200] },
  'POST /api/login': {
    expect: ALL_OK,
    request: async ({ api, fx, caller }) => {
      const user =
        caller === 'door'
          ? door
          : caller === 'parentA'
            ? fx.a.parent
            : caller === 'parentB'
              ? fx.b.parent
              : caller === 'admin'
                ? fx.admin
                : null;
      return { body: { username: user?.username ?? (await createUser(api, 'parent', null)).username, password: PASSWORD } };
    },
  },
  'POST /api/register': {
    expect: [201, 201, 201, 201, 201],
    request: () => {
      registrations += 1;
      const username = `nueva.cuenta.${registrations}`;
      const password = 'promocion-2026-segura';
      return { body: { name: 'Cuenta Nueva', username, email: `${username}@example.com`, password, confirmPassword: password } };
    },
  },
  'POST /api/logout': { expect: [204, 204, 204, 204, 204] },
  'POST /api/verify-email': {
    expect: [204, 204, 204, 204, 204],
    request: async ({ api }) => {
      const user = await createUser(api, 'parent', `sin.probar.${(registrations += 1)}@example.com`);
      await api.dataSource.getRepository(UserEntity).update({ id: user.id }, { emailVerifiedAt: null });
      const token = await api.app
        .get(AccountTokens)
        .issue(api.dataSource.manager, { userId: user.id, email: user.email! }, 'verify-email', 3_600_000);
      return { body: { token } };
    },
  },
  'POST /api/verify-email/check': {
    expect: ALL_OK,
    request: async ({ api }) => {
      const user = await createUser(api, 'parent', `por.revisar.${(registrations += 1)}@example.com`);
      await api.dataSource.getRepository(UserEntity).update({ id: user.id }, { emailVerifiedAt: null });
      const token = await api.app
        .get(AccountTokens)
        .issue(api.dataSource.manager, { userId: user.id, email: user.email! }, 'verify-email', 3_600_000);
      return { body: { token } };
    },
  },
  // Every caller here has proven its address already (or has none): 409.
  'POST /api/verify-email/resend': { expect: [401, 409, 409, 409, 403] },
  'POST /api/password-reset': {
    expect: [204, 204, 204, 204, 204],
    request: () => ({ body: { email: `alguien.${(registrations += 1)}@example.com` } }),
  },
  'POST /api/password-reset/confirm': {
    expect: [204, 204, 204, 204, 204],
    request: async ({ api }) => {
      const user = await createUser(api, 'parent', null);
      const token = await api.app
        .get(AccountTokens)
        .issue(api.dataSource.manager, { userId: user.id, email: '' }, 'reset-password', 3_600_000);
      return { body: { token, password: 'promocion-2026-segura', confirmPassword: 'promocion-2026-segura' } };
    },
  },
  'POST /api/invitation/check': { expect: ALL_OK, request: async ({ api }) => ({ body: { token: await invitationToken(api) } }) },
  'POST /api/invitation/accept': {
    expect: [201, 201, 201, 201, 201],
    request: async ({ api }) => {
      const username = `invitada.${(registrations += 1)}`;
      const password = 'promocion-2026-segura';
      return { body: { token: await invitationToken(api), name: 'Invitada', username, password, confirmPassword: password } };
    },
  },
  'POST /api/families/invitations': { expect: ADMIN(201) },
  'POST /api/families/:id/invitation': {
    expect: ADMIN(201),
    request: async (context) => ({ url: `/api/families/${(await targetFamily(context)).id}/invitation` }),
  },
  'POST /api/accounts/:id/reset-link': { expect: ADMIN(201), request: targetAccount('reset-link') },
  'GET /api/emails': { expect: ADMIN(200) },
  // The link in e-mailed notices: no session, the signed link names the family.
  'GET /api/unsubscribe/:token': { expect: ALL_OK, request: unsubscribeUrl },
  'POST /api/unsubscribe/:token': {
    expect: ALL_OK,
    request: unsubscribeUrl,
    send: async ({ api }, _agent, url) => {
      const response = await api.app.inject({
        method: 'POST',
        url,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      return {
        status: response.statusCode,
        body: undefined,
        text: response.body,
        rawBody: response.rawPayload,
        headers: response.headers as Response['headers'],
      };
    },
  },
  'GET /api/payment-reminders': { expect: ADMIN(200) },
  'GET /api/my-notice-emails': { expect: PARENT },
  'PUT /api/my-notice-emails': { expect: PARENT, request: () => ({ body: { enabled: true } }) },
  'GET /api/emails/:id': { expect: ADMIN(200), request: async ({ api }) => ({ url: `/api/emails/${await outboxMessage(api)}` }) },
  'POST /api/emails/:id/resend': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/emails/${await outboxMessage(api)}/resend` }),
  },
  'GET /api/accounts': { expect: ADMIN(200) },
  'GET /api/history': { expect: ADMIN(200) },
  'GET /api/families/:id/history': { expect: ADMIN(200), request: ({ fx }) => ({ url: `/api/families/${fx.a.family.id}/history` }) },
  'GET /api/gala': { expect: ADMIN(200) },
  'PUT /api/gala/details': { expect: ADMIN(200), request: () => ({ body: { date: '2026-11-20', time: '19:00', place: 'Salón' } }) },
  'POST /api/gala/layout': { expect: ADMIN(200), request: () => ({ body: { count: 3, columns: 3 } }) },
  'PUT /api/gala/tables/:number': { expect: ADMIN(200), request: () => ({ url: '/api/gala/tables/150', body: { x: 30, y: 30 } }) },
  'DELETE /api/gala/tables/:number': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/gala/tables/${await galaTable(api, 199, 31)}` }),
  },
  'PUT /api/gala/tables/:number/family': {
    expect: ADMIN(200),
    request: async ({ api }) => ({
      url: `/api/gala/tables/${await galaTable(api, 198, 32)}/family`,
      body: { familyId: (await createFamily(api, { tablesBooked: 1 })).id },
    }),
  },
  'DELETE /api/gala/tables/:number/family': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/gala/tables/${await galaTable(api, 197, 33)}/family` }),
  },
  'POST /api/gala/auto-assign': { expect: ADMIN(200) },
  'POST /api/gala/families/:id/pass/revoke': {
    expect: ADMIN(204),
    request: async (context) => ({ url: `/api/gala/families/${(await targetFamily(context)).id}/pass/revoke` }),
  },
  'POST /api/gala/check-in': { expect: DOOR(200), request: async ({ api }) => ({ body: { familyId: (await createFamily(api)).id } }) },
  'POST /api/gala/families/:id/check-in/undo': {
    expect: ADMIN(204),
    request: async ({ api }) => {
      const family = await createFamily(api, { tablesBooked: 0 });
      await api.app.get(GalaDoorService).checkIn(toUser(await createUser(api, 'door', null)), { familyId: family.id });
      return { url: `/api/gala/families/${family.id}/check-in/undo`, body: { reason: 'Registrado por error' } };
    },
  },
  'GET /api/gala/arrivals': { expect: DOOR(200) },
  'GET /api/gala/door': { expect: DOOR(200) },
  'GET /api/door-accesses': { expect: ADMIN(200) },
  'POST /api/door-accesses': {
    expect: ADMIN(201),
    request: async ({ api, fx }) => {
      // Door accounts are for the gala's night: the gala needs a date ahead.
      await api.app.get(GalaPlanService).setDetails(toUser(fx.admin), { date: '2099-06-13', time: '19:00', place: 'Salón' });
      return { body: { name: 'Voluntaria', username: `puerta.${(registrations += 1)}` } };
    },
  },
  'POST /api/door-accesses/:id/revoke': {
    expect: ADMIN(204),
    request: async ({ api }) => ({ url: `/api/door-accesses/${(await doorUser(api)).id}/revoke` }),
  },
  'GET /api/gala/seating.xlsx': { expect: ADMIN(200) },
  'GET /api/my-gala': { expect: PARENT },
  'PUT /api/my-gala/guests': { expect: PARENT, request: () => ({ body: { guests: ['Ana'] } }) },
  'PUT /api/my-gala/near': { expect: PARENT, request: () => ({ body: { graduateName: null } }) },
  'GET /api/my-gala/pass': { expect: PARENT },
  'POST /api/accounts/:id/unlink': { expect: ADMIN(204), request: targetAccount('unlink') },
  'POST /api/accounts/:id/disable': { expect: ADMIN(204), request: targetAccount('disable') },
  'POST /api/accounts/:id/enable': { expect: ADMIN(204), request: targetAccount('enable') },
  'DELETE /api/accounts/:id': { expect: ADMIN(204), request: targetAccount('') },
  'PUT /api/user/password': {
    expect: [401, 204, 204, 204, 403],
    // The caller's password is set to another one first, and the change puts PASSWORD back.
    request: async ({ api, fx, caller }) => {
      const user = caller === 'parentA' ? fx.a.parent : caller === 'parentB' ? fx.b.parent : caller === 'admin' ? fx.admin : null;
      if (user) await api.dataSource.getRepository(UserEntity).update(user.id, { passwordHash: await hashPassword(MATRIX_PASSWORD) });
      return { body: { currentPassword: MATRIX_PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD } };
    },
  },
  'POST /api/user/logout-all': { expect: [401, 204, 204, 204, 403] },
  'GET /api/settings': { expect: SIGNED_IN },
  'PUT /api/settings': {
    expect: ADMIN(200),
    request: async ({ api }) => {
      const settings: Settings = await api.app.get(SettingsService).get();
      return { body: { ...settings, classYear: 2027 } };
    },
  },
  'GET /api/stats': { expect: ADMIN(200) },
  'GET /api/backup-status': { expect: ADMIN(200) },
  'GET /api/families': { expect: ADMIN(200) },
  'POST /api/families': {
    expect: ADMIN(201),
    request: () => {
      registrations += 1;
      return {
        body: {
          graduateName: 'Nueva Graduada',
          contactName: 'Nuevo Contacto',
          email: `nueva.familia.${registrations}@example.com`,
          phone: '5555-0000',
          tablesBooked: 1,
          hasPaid: true,
          paymentAmount: 100,
        },
      };
    },
  },
  'PUT /api/families/:id': {
    expect: ADMIN(200),
    request: async (context) => {
      const family = await targetFamily(context);
      return { url: `/api/families/${family.id}`, body: { tablesBooked: 1, hasPaid: true, paymentAmount: 1 } };
    },
  },
  'DELETE /api/families/:id': {
    expect: ADMIN(204),
    request: async (context) => ({ url: `/api/families/${(await targetFamily(context)).id}` }),
  },
  'GET /api/families/:id/statement': {
    expect: ADMIN(200),
    request: async (context) => ({ url: `/api/families/${(await targetFamily(context)).id}/statement` }),
  },
  'PUT /api/families/:id/payments/:payment/override': {
    expect: ADMIN(200),
    request: async (context) => ({
      url: `/api/families/${(await targetFamily(context)).id}/payments/3/override`,
      body: { amountQuetzales: 1000, reason: 'Beca' },
    }),
  },
  'DELETE /api/families/:id/payments/:payment/override': {
    expect: ADMIN(200),
    request: async (context) => {
      const family = await targetFamily(context);
      await context.api.dataSource
        .getRepository(PaymentOverrideEntity)
        .save({ familyId: family.id, paymentNumber: 4, amountCentavos: 100, reason: 'Beca', setByName: 'Comité', setAt: new Date() });
      return { url: `/api/families/${family.id}/payments/4/override`, body: { reason: 'Ya no tiene beca' } };
    },
  },
  'POST /api/families/:id/payments/:payment/cash': {
    expect: ADMIN(201),
    request: async (context) => ({
      url: `/api/families/${(await targetFamily(context)).id}/payments/5/cash`,
      body: { amountReceived: 100 },
    }),
  },
  'GET /api/events': { expect: SIGNED_IN },
  'POST /api/events': {
    expect: ADMIN(201),
    request: () => ({ body: { fecha: '2026-05-01T18:00:00.000Z', titulo: 'Ensayo general' } }),
  },
  'PUT /api/events/:id': {
    expect: ADMIN(200),
    request: async ({ api, fx, caller }) => {
      const event = caller === 'admin' ? await createEvent(api) : fx.event;
      return { url: `/api/events/${event.id}`, body: { titulo: 'Título cambiado' } };
    },
  },
  'DELETE /api/events/:id': {
    expect: ADMIN(204),
    request: async ({ api, fx, caller }) => ({ url: `/api/events/${caller === 'admin' ? (await createEvent(api)).id : fx.event.id}` }),
  },
  'GET /api/events/:id/calendar.ics': { expect: SIGNED_IN, request: ({ fx }) => ({ url: `/api/events/${fx.event.id}/calendar.ics` }) },
  'GET /api/my-calendar': { expect: SIGNED_IN },
  'POST /api/my-calendar': { expect: [401, 201, 201, 201, 403] },
  'DELETE /api/my-calendar': { expect: [401, 204, 204, 204, 403] },
  // The link is the proof: anyone holding a live one gets the calendar, session or not.
  'GET /api/calendar/:token.ics': {
    expect: ALL_OK,
    cacheControl: 'private, no-store',
    request: async ({ api, fx, caller }) => {
      const user = caller === 'parentA' ? fx.a.parent : caller === 'parentB' ? fx.b.parent : fx.admin;
      return { url: new URL((await api.app.get(CalendarService).create(toUser(user))).url).pathname };
    },
  },
  'GET /api/event-rsvps/:eventId': { expect: ADMIN(200), request: ({ fx }) => ({ url: `/api/event-rsvps/${fx.event.id}` }) },
  'GET /api/event-rsvps/:eventId/pending': {
    expect: ADMIN(200),
    request: ({ fx }) => ({ url: `/api/event-rsvps/${fx.event.id}/pending` }),
  },
  'GET /api/notifications': { expect: SIGNED_IN },
  'GET /api/notifications/reach': { expect: ADMIN(200) },
  'POST /api/notifications': {
    expect: ADMIN(201),
    request: () => ({ body: { title: 'Aviso', message: 'Texto del aviso', date: '2026-02-01T15:00:00.000Z' } }),
  },
  'PUT /api/notifications/:id': {
    expect: ADMIN(200),
    request: async ({ api }) => ({
      url: `/api/notifications/${(await createNotification(api)).id}`,
      body: { title: 'Aviso corregido', message: 'Texto corregido', type: 'warning', date: '2026-02-01T15:00:00.000Z' },
    }),
  },
  'DELETE /api/notifications/:id': {
    expect: ADMIN(204),
    request: async ({ api }) => ({ url: `/api/notifications/${(await createNotification(api)).id}` }),
  },
  'GET /api/payment-dates': { expect: SIGNED_IN },
  'PUT /api/payment-dates/:id': {
    expect: ADMIN(200),
    request: () => ({ url: '/api/payment-dates/3', body: { description: 'Tercer pago', date: '2025-11-15', amount: 'Q500 por mesa' } }),
  },
  'GET /api/my-family': { expect: PARENT },
  'GET /api/my-family/payment-proofs': { expect: PARENT },
  'GET /api/my-family/statement': { expect: PARENT },
  'POST /api/my-family/payment-proofs': {
    expect: [401, 201, 201, 403, 403],
    send: async ({ api }, agent) => {
      const response = await upload(api, agent, { paymentNumber: '4', amountDeclared: '2950' }, { data: PDF });
      return {
        status: response.statusCode,
        body: response.json(),
        text: response.body,
        rawBody: response.rawPayload,
        headers: response.headers as Response['headers'],
      };
    },
  },
  'DELETE /api/my-family/payment-proofs/:id': { expect: [401, 204, 204, 403, 403], request: ownProof },
  'POST /api/bank-statements/preview': {
    expect: ADMIN(200),
    send: async ({ api }, agent) => {
      const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/bank-statements/preview',
        payload: multipart({}, { data: Buffer.from('Fecha;Descripción;Crédito\n02/11/2026;DEPOSITO;Q100\n') }),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
      });
      return {
        status: response.statusCode,
        body: response.json(),
        text: response.body,
        rawBody: response.rawPayload,
        headers: response.headers as Response['headers'],
      };
    },
  },
  'POST /api/families/import/preview': {
    expect: ADMIN(200),
    send: (context, agent) => sendList(context, agent, '/api/families/import/preview', schoolList()),
  },
  'POST /api/families/import': {
    expect: ADMIN(201),
    send: async (context, agent) => {
      const list = schoolList();
      const { checksum } = await context.api.app.get(FamilyImportService).preview(list);
      return sendList(context, agent, '/api/families/import', list, { checksum });
    },
  },
  'POST /api/bank-statements/confirm': {
    expect: ADMIN(200),
    request: async ({ api, fx }) => {
      const line = {
        date: '2026-11-02',
        description: `DEPOSITO ${Date.now()}`,
        document: '',
        amountCentavos: 10000,
        familyId: fx.a.family.id,
      };
      // A line of a statement the API read (a preview keeps its checksum).
      await api.dataSource.getRepository(BankStatementReadEntity).insert({ checksum: lineChecksum(line), readAt: new Date() });
      return { body: { lines: [line] } };
    },
  },
  'POST /api/ledger-entries/:id/reverse': {
    expect: ADMIN(200),
    request: async ({ api, fx }) => {
      const { identifiers } = await api.dataSource.getRepository(LedgerEntryEntity).insert({
        familyId: fx.a.family.id,
        kind: 'credito',
        source: 'efectivo',
        amount: 100,
        createdByName: 'Comité',
        createdAt: new Date(),
      });
      return { url: `/api/ledger-entries/${identifiers[0]!.id}/reverse`, body: { reason: 'Monto mal escrito' } };
    },
  },
  'GET /api/payment-proofs': { expect: ADMIN(200) },
  'POST /api/payment-proofs/:id/verify': {
    expect: ADMIN(200),
    request: async (context) => ({
      url: (await ownProof(context)).url.replace('my-family/', '') + '/verify',
      body: { amountReceived: 2950 },
    }),
  },
  'POST /api/payment-proofs/:id/reject': {
    expect: ADMIN(200),
    request: async (context) => ({
      url: (await ownProof(context)).url.replace('my-family/', '') + '/reject',
      body: { reason: 'Ilegible' },
    }),
  },
  'GET /api/payment-proofs/:id/file': {
    expect: [401, 200, 404, 200, 403],
    cacheControl: 'private, no-store',
    request: ({ api, fx }) => proofWithFile(api, fx, 'file'),
  },
  'GET /api/payment-proofs/:id/thumbnail': {
    expect: [401, 200, 404, 200, 403],
    cacheControl: 'private, no-store',
    request: ({ api, fx }) => proofWithFile(api, fx, 'thumbnail'),
  },
  'PUT /api/my-family/rsvp': { expect: PARENT, request: () => ({ body: { awardsRsvp: true, brunchRsvp: true } }) },
  'GET /api/my-notices-seen': { expect: PARENT },
  'PUT /api/my-notices-seen': { expect: PARENT },
  'GET /api/my-event-rsvps': { expect: PARENT },
  'POST /api/event-rsvps': { expect: PARENT, request: ({ fx }) => ({ body: { eventId: fx.event.id, attending: false } }) },
  'GET /api/my-payment-confirmations': { expect: PARENT },
  'PUT /api/my-payment-confirmations/:paymentNumber': {
    expect: PARENT,
    request: () => ({ url: '/api/my-payment-confirmations/3', body: { status: 'ya_pague' } }),
  },
  'GET /api/payment-confirmations-report': { expect: ADMIN(200) },
  'GET /api/books': { expect: ADMIN(200) },
  'GET /api/books/report': { expect: ADMIN(200) },
  'GET /api/class': { expect: ADMIN(200) },
  // The fixtures leave receipts under review: a proposal without waivers is refused, changing nothing.
  'POST /api/class/closing': { expect: ADMIN(409), request: () => ({ body: { destination: 'colegio', acta: 'Acta 9-2026' } }) },
  'POST /api/class/closing/:id/approve': { expect: ADMIN(404), request: () => ({ url: '/api/class/closing/999999/approve' }) },
  'POST /api/class/closing/:id/reject': { expect: ADMIN(404), request: () => ({ url: '/api/class/closing/999999/reject' }) },
  // The class is open: no frozen report yet.
  'GET /api/class/report/workbook': { expect: [401, 404, 404, 404, 403] },
  'GET /api/my-class': { expect: PARENT },
  'POST /api/books/budgets': {
    expect: ADMIN(201),
    request: () => ({ body: { approvedOn: '2026-03-01', acta: 'Acta 4-2026', lines: [{ category: 'Salón', amount: 20000 }] } }),
  },
  'PUT /api/books/settings': { expect: ADMIN(200), request: () => ({ body: { approvalThreshold: 1000 } }) },
  'POST /api/books/expenses': {
    expect: ADMIN(201),
    send: ({ api }, agent, url) =>
      sendForm(
        api,
        agent,
        url,
        { kind: 'gasto', date: '2026-10-05', category: 'Salón', supplier: 'Salones', concept: 'Salón', amount: '500', method: 'cheque' },
        PDF,
      ),
  },
  'POST /api/books/expenses/:id/approve': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/books/expenses/${await expense(api, 'pendiente')}/approve` }),
  },
  'POST /api/books/control-changes/:id/approve': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/books/control-changes/${await controlChange(api)}/approve` }),
  },
  'POST /api/books/control-changes/:id/reject': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/books/control-changes/${await controlChange(api)}/reject` }),
  },
  'POST /api/books/expenses/:id/reverse': {
    expect: ADMIN(200),
    request: async ({ api }) => ({ url: `/api/books/expenses/${await expense(api, 'aprobado')}/reverse`, body: { reason: 'Duplicado' } }),
  },
  'GET /api/books/expenses/:id/invoice': {
    expect: [401, 200, 200, 200, 403],
    cacheControl: 'private, no-store',
    request: async ({ api }) => ({ url: `/api/books/expenses/${await expense(api, 'aprobado')}/invoice` }),
  },
  'GET /api/books/expenses/:id/thumbnail': {
    expect: [401, 200, 200, 200, 403],
    cacheControl: 'private, no-store',
    request: async ({ api }) => ({ url: `/api/books/expenses/${await expense(api, 'aprobado')}/thumbnail` }),
  },
  'POST /api/books/holdings': { expect: ADMIN(201), request: () => ({ body: { kind: 'banco', asOf: '2026-10-31', amount: 5000 } }) },
  'GET /api/books/questions/open': { expect: ADMIN(200) },
  'POST /api/books/questions/:id/answer': {
    expect: ADMIN(200),
    request: async ({ api, fx }) => {
      const expenseId = await expense(api, 'aprobado');
      const question = await api.dataSource.getRepository(ExpenseQuestionEntity).save({
        expenseId,
        familyId: fx.a.family.id,
        askedById: fx.a.parent.id,
        question: '¿Incluye IVA?',
        askedAt: new Date(),
        answer: null,
        answeredByName: null,
        answeredAt: null,
      });
      return { url: `/api/books/questions/${question.id}/answer`, body: { answer: 'Sí.' } };
    },
  },
  'GET /api/my-books': { expect: PARENT },
  'GET /api/my-books/answers': { expect: PARENT },
  'PUT /api/my-books/seen': { expect: PARENT },
  'POST /api/my-books/questions': {
    expect: [401, 201, 201, 403, 403],
    request: async ({ api }) => ({ body: { expenseId: await expense(api, 'aprobado'), question: '¿Quién es el proveedor?' } }),
  },
  'GET /api/event-rsvps-report': { expect: ADMIN(200) },
};

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

  it.each(Object.entries(MATRIX))('%s answers each caller as the table says', async (route, rule) => {
    const [method, path] = route.split(' ') as [string, string];
    for (const [index, caller] of CALLERS.entries()) {
      const agent = await agentFor(caller);
      const { url = path, body } = (await rule.request?.({ api, fx, caller })) ?? {};
      const before = await snapshotTables(api, { except: ['sessions'] });
      const response = rule.send ? await rule.send({ api, fx, caller }, agent, url) : await agent.request(method, url, body);
      expect({ route, caller, status: response.status }).toEqual({ route, caller, status: rule.expect[index] });
      // Personal or changing data, refusals too: never kept by a browser or a shared cache.
      const cacheControl = response.status < 400 && rule.cacheControl ? rule.cacheControl : 'no-store';
      expect({ route, caller, cacheControl: response.headers['cache-control'] }).toEqual({ route, caller, cacheControl });
      const after = await snapshotTables(api, { except: ['sessions'] });

      if (response.status >= 400) {
        // A refusal explains itself in Spanish and changes nothing.
        expect(response.body).toEqual({ statusCode: response.status, message: expect.stringMatching(/\S/) });
        expect({ route, caller, tables: after }).toEqual({ route, caller, tables: before });
        continue;
      }
      if (caller !== 'anonymous' && !LINK_ROUTES.has(route)) {
        // Whatever a request records in the history names the one who made it, GETs included
        // (each route hands its signed-in user to recordChange).
        const role = caller === 'admin' || caller === 'door' ? caller : 'parent';
        const recorded = (after.history ?? []).slice((before.history ?? []).length) as Array<{ actorRole: string }>;
        expect({ route, caller, actors: recorded.map((row) => row.actorRole) }).toEqual({
          route,
          caller,
          actors: recorded.map(() => role),
        });
      }
      if (caller !== 'anonymous' && !LINK_ROUTES.has(route) && !WITHOUT_HISTORY.has(route)) {
        // A change to the portal's data leaves its line in 'Historial'.
        const changed = Object.keys(after).filter(
          (table) => !UNRECORDED_TABLES.has(table) && JSON.stringify(after[table]) !== JSON.stringify(before[table]),
        );
        const recorded = (after.history ?? []).length - (before.history ?? []).length;
        expect({ route, caller, changed, recorded: changed.length === 0 || recorded > 0 }).toEqual({
          route,
          caller,
          changed,
          recorded: true,
        });
      }
      if (caller === 'parentA' || caller === 'parentB') {
        const [own, other] = caller === 'parentA' ? [fx.a, fx.b] : [fx.b, fx.a];
        // The other family's data never appears, and none of its rows changed.
        for (const text of privateTexts(other.family))
          expect({ route, caller, leaked: response.text.includes(text) }).toEqual({ route, caller, leaked: false });
        expect(rowsOf(after, other.family.id)).toEqual(rowsOf(before, other.family.id));
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

  /** Ids in a parent's answers are their own family's, their own proofs' or shared events'. */
  function checkOwnIds(route: string, body: unknown, own: FamilyFixture): void {
    if (route === 'GET /api/my-family' || route === 'PUT /api/my-family/rsvp') expect((body as { id: number }).id).toBe(own.family.id);
    if (route === 'GET /api/my-family/payment-proofs')
      expect((body as Array<{ id: number }>).map((proof) => proof.id)).toEqual([own.proof.id]);
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
