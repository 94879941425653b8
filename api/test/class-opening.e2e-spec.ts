// 'Nueva promoción' (decisions item 24, docs/classes.md): the closed Class of 2026 is archived with
// every row, the Class of 2027 opens with its settings, the calendar its committee confirmed, its
// accounts renamed and added, and the balance passed on (class-opening-calendar.e2e-spec.ts: the calendar's checks), and nothing of either class is visible from the other: a browser reads an
// archive only when it views it, only if its account was of that class, and never writes to it.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  Books,
  Family,
  FamilyImportPreview,
  MyClass,
  MoneyAccountInput,
  MyFamily,
  OpeningAccounts,
  PaymentDate,
  ReadableClass,
  SchoolClass,
} from '@portal/contracts';
import { backup } from '../src/backup/backup';
import { restore } from '../src/backup/restore';
import { archiveDataSource, archivedTables } from '../src/class-cycle/archive-copy';
import { ClassEntity } from '../src/classes/class.entity';
import { apiRoutes } from '../src/common/routes';
import { filePath } from '../src/files/file-folder';
import { HistoryEntity } from '../src/history/history.entity';
import { createUser, sessionAgent, seedTwoFamilies, snapshotTables, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { BOUNDARY, multipart } from './receipts-fixtures';
import { closeClass, confirmedCalendar, openingRequest } from './support/class-opening';

/** Rows per archived table, and the money columns' sums, read straight from a database. */
async function census(api: TestApi, source = api.dataSource) {
  const counts: Record<string, number> = {};
  for (const meta of archivedTables(api.dataSource)) counts[meta.tableName] = await source.getRepository(meta.tableName).count();
  const sum = async (sql: string) => Number((await source.query(sql))[0].total ?? 0);
  return {
    counts,
    ledger: await sum('SELECT SUM(amount) AS total FROM ledger_entries'),
    expenses: await sum('SELECT SUM(amount) AS total FROM expenses'),
  };
}

/** The savings account the committee adds as 2027 opens. */
const AHORRO: MoneyAccountInput = {
  name: 'Ahorro',
  bankName: 'Banrural',
  accountNumber: '445-566778-8',
  accountHolder: 'Comité de Padres Promoción 2027',
  accountType: 'ahorro',
};

describe.each(DATABASES)('opening the next class (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let treasurer: Agent;
  let president: Agent;
  let vocal: Agent;
  let vocalId: number;
  let treasurerId: number;
  let parentA: Agent;
  let parentB: Agent;
  let before: Awaited<ReturnType<typeof census>>;
  let balance2026 = 0;
  let opened: SchoolClass;
  let archived: ClassEntity;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    treasurerId = (await createUser(api, 'admin', null, 'Tesorera')).id;
    treasurer = await sessionAgent(api, treasurerId);
    president = await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidente')).id);
    vocalId = (await createUser(api, 'admin', null, 'Vocal')).id;
    vocal = await sessionAgent(api, vocalId);
    parentA = await sessionAgent(api, fx.a.parent.id);
    parentB = await sessionAgent(api, fx.b.parent.id);
    expect((await treasurer.post(`/api/families/${fx.a.family.id}/payments/1/cash`, { amountReceived: 3000.5 })).status).toBe(201);
    expect((await treasurer.post(`/api/families/${fx.b.family.id}/payments/1/cash`, { amountReceived: 1000.25 })).status).toBe(201);
    // A notice e-mailed to both families: no mail server here, so its e-mails wait in the outbox.
    const notice = {
      title: 'Cena de fin de año',
      message: 'El viernes a las 19:00.',
      type: 'info',
      date: '2026-11-20T00:00:00.000Z',
      sendEmail: true,
    };
    expect((await president.post('/api/notifications', notice)).status).toBe(201);
  });
  afterAll(() => api.close());

  it('refuses to open while the class is not closed, and changes nothing', async () => {
    const snapshot = await snapshotTables(api);
    const early = await president.post('/api/classes', openingRequest(2027, [], await confirmedCalendar(president)));
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      message: 'Primero cierra la Promoción 2026: la nueva promoción se abre cuando la anterior está cerrada.',
    });
    expect(await snapshotTables(api)).toEqual(snapshot);
  });

  it("refuses an opening that renames the main account or one the class lacks, or names an account empty or another's, and changes nothing", async () => {
    balance2026 = (await closeClass(treasurer, president)).report!.balanceGiven;
    expect(balance2026).toBe(4000.75);
    const calendar = await confirmedCalendar(president);
    const accounts = (await president.get<Books>('/api/books')).body.accounts;
    const main = accounts.find((account) => account.main)!;
    const cash = accounts.find((account) => account.kind === 'caja')!;
    const snapshot = await snapshotTables(api);
    const files = readdirSync(api.config.filesDir, { recursive: true });
    const refusal = async (changes: OpeningAccounts) => {
      const answer = await president.post<{ message: string }>('/api/classes', {
        ...openingRequest(2027, [treasurerId], calendar),
        accounts: changes,
      });
      return [answer.status, answer.body.message];
    };
    expect(await refusal({ renamed: [{ id: main.id, name: 'Monetaria' }], added: [] })).toEqual([
      400,
      'La cuenta que ven las familias se cambia en Configuración, y el cambio espera la aprobación de otro miembro del comité.',
    ]);
    expect(await refusal({ renamed: [{ id: 999_999, name: 'Ahorro' }], added: [] })).toEqual([
      400,
      'No encontramos esa cuenta de la promoción.',
    ]);
    expect(await refusal({ renamed: [{ id: cash.id, name: '   ' }], added: [] })).toEqual([
      400,
      'Escribe el nombre de la cuenta (hasta 60 caracteres), por ejemplo «Ahorro».',
    ]);
    expect(await refusal({ renamed: [], added: [{ ...AHORRO, name: '' }] })).toEqual([
      400,
      'Escribe el nombre de la cuenta (hasta 60 caracteres), por ejemplo «Ahorro».',
    ]);
    // Names compare as 'Cuentas del Comité' compares them, with the renames before them.
    expect(await refusal({ renamed: [{ id: cash.id, name: 'Ahorro' }], added: [{ ...AHORRO, name: ' ahorro ' }] })).toEqual([
      400,
      'Ya hay una cuenta llamada «Ahorro»: elige otro nombre.',
    ]);
    expect(await refusal({ renamed: [], added: [{ ...AHORRO, name: cash.name.toUpperCase() }] })).toEqual([
      400,
      `Ya hay una cuenta llamada «${cash.name}»: elige otro nombre.`,
    ]);
    expect(await snapshotTables(api)).toEqual(snapshot);
    expect(readdirSync(api.config.filesDir, { recursive: true })).toEqual(files);
    expect((await president.get<SchoolClass[]>('/api/classes')).body.map((one) => [one.name, one.state])).toEqual([
      ['Promoción 2026', 'cerrada'],
    ]);
  });

  it('archives 2026 with every row and sum, and opens 2027 with its confirmed schedule, its accounts renamed and added, and the balance passed on once', async () => {
    const dates2026 = (await president.get<PaymentDate[]>('/api/payment-dates')).body;
    const calendar = await confirmedCalendar(president);
    before = await census(api);
    expect(before.counts.families).toBe(2);

    const wrongYear = await president.post('/api/classes', openingRequest(2026, [], calendar));
    expect(wrongYear.status).toBe(400);
    const notAdmin = await president.post('/api/classes', openingRequest(2027, [fx.a.parent.id], calendar));
    expect(notAdmin.status).toBe(400);
    expect(notAdmin.body).toMatchObject({ message: 'Elige, para el nuevo comité, solo cuentas de administrador activas.' });

    // The notice's e-mails still waited when 2026 closed: its closing withheld them (the item
    // skipped with a reason), so nothing of 2026 goes out from 2027's outbox.
    const outbox = () => api.dataSource.query<Array<{ status: string }>>('SELECT status FROM outbox ORDER BY id');
    expect((await outbox()).length).toBeGreaterThan(0);
    expect((await outbox()).filter((mail) => mail.status === 'pending')).toEqual([]);

    const accounts2026 = (await president.get<Books>('/api/books')).body.accounts;
    const cash = accounts2026.find((account) => account.kind === 'caja')!;
    const response = await president.post<SchoolClass>('/api/classes', {
      ...openingRequest(2027, [treasurerId], calendar),
      accounts: {
        renamed: [{ id: cash.id, name: ' Caja chica ' }],
        added: [AHORRO],
      },
    });
    expect(response.status).toBe(201);
    // What was sent or withheld stays in the archive: 2027's outbox starts empty.
    expect(await outbox()).toEqual([]);
    opened = response.body;
    expect(opened).toMatchObject({ year: 2027, name: 'Promoción 2027', state: 'activa' });
    const again = await president.post('/api/classes', openingRequest(2028, [], calendar));
    expect(again.status).toBe(409);

    // The archive holds what the database held, table by table, centavo by centavo.
    archived = await api.dataSource.getRepository(ClassEntity).findOneByOrFail({ year: 2026 });
    const archive = archiveDataSource(
      filePath(api.config.filesDir, archived.archiveFile!),
      archivedTables(api.dataSource).map((meta) => meta.target),
    );
    await archive.initialize();
    try {
      expect(await census(api, archive)).toEqual(before);
      const [hash] = (await archive.query('SELECT passwordHash FROM users WHERE id = ?', [fx.a.parent.id])) as Array<{
        passwordHash: string;
      }>;
      expect(hash!.passwordHash).toBe('');
    } finally {
      await archive.destroy();
    }

    // 2027: no families, no money but the balance passed on; the schedule as confirmed.
    const after = await census(api);
    expect(after.counts.families).toBe(0);
    // What each owner ended (its endClass), gone from the live database; what 2026 held of it is in the archive.
    const ended = [
      'event_rsvps',
      'deleted_events',
      'notice_reads',
      'notifications',
      'payment_confirmations',
      'payment_overrides',
      'payment_override_removals',
      'payment_reminders',
      'payment_proof_files',
      'payment_proofs',
      'ledger_entries',
      'bank_lines',
      'bank_statement_reads',
      'gala_families',
      'gala_tables',
      'expense_questions',
      'expense_invoice_files',
      'books_question_digests',
      'books_visits',
      'control_changes',
      'families',
    ];
    expect(Object.fromEntries(ended.map((table) => [table, after.counts[table]]))).toEqual(
      Object.fromEntries(ended.map((table) => [table, 0])),
    );
    expect(ended.filter((table) => before.counts[table]! > 0).length).toBeGreaterThanOrEqual(5);
    expect(after.ledger).toBe(0);
    const books = (await president.get<Books>('/api/books')).body;
    expect(books.totals).toMatchObject({ received: 0, opening: balance2026, spent: 0, balance: balance2026 });
    expect(books.categories.map((category) => category.category)).not.toContain('Saldo inicial');
    // A figure of its own, not an entry of the list.
    expect(books.expenses).toEqual([]);
    // The cash box renamed, with what it passed on; the account added, at Q0; each with its line in 'Historial'.
    expect(books.accounts.map((account) => [account.name, account.kind, account.bankName, account.balance])).toEqual([
      ...accounts2026.filter((account) => account.main).map((account) => [account.name, 'banco', account.bankName, 0]),
      ['Caja chica', 'caja', null, 4000.75],
      ['Ahorro', 'banco', 'Banrural', 0],
    ]);
    const lines = await api.dataSource.getRepository(HistoryEntity).find({ order: { id: 'ASC' } });
    expect(lines.map((line) => [line.action, line.label])).toEqual([
      ['class.open', 'Promoción 2027'],
      ['books.account-update', 'Cuenta «Caja chica»'],
      ['books.account-create', 'Cuenta «Ahorro»'],
    ]);
    const dates2027 = (await president.get<PaymentDate[]>('/api/payment-dates')).body;
    expect(dates2027.map((date) => date.date)).toEqual(calendar.payments.map((payment) => payment.date));
    expect(dates2027.map((date) => [date.description, date.amount])).toEqual(dates2026.map((date) => [date.description, date.amount]));
    // The admin not named for 2027 was signed out (its role changed).
    expect((await vocal.get('/api/user')).status).toBe(401);
    vocal = await sessionAgent(api, vocalId);
    expect((await president.get<SchoolClass[]>('/api/classes')).body.map((one) => [one.name, one.state])).toEqual([
      ['Promoción 2027', 'activa'],
      ['Promoción 2026', 'cerrada'],
    ]);
  });

  it('reads 2026 only when a browser views it, as that class knew the account, and never writes to it', async () => {
    // 2027's families, from the school's list: A's parent has a child in each class.
    const list = Buffer.from(
      `Alumno(a),Encargado,E-mail,Celular\r\nLucía Núñez,${fx.a.family.contactName},${fx.a.family.email},5555-2701\r\nTomás Ávila,Inés Ávila,ines.avila@example.com,5555-2702\r\n`,
    );
    const send = (url: string, fields: Record<string, string> = {}) =>
      api.app.inject({
        method: 'POST',
        url,
        payload: multipart(fields, { data: list, name: 'lista.csv', type: 'text/csv' }),
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          cookie: [...president.cookies].map(([key, value]) => `${key}=${value}`).join('; '),
        },
      });
    const preview = (await send('/api/families/import/preview')).json<FamilyImportPreview>();
    expect(preview.refused).toEqual([]);
    expect((await send('/api/families/import', { checksum: preview.checksum })).statusCode).toBe(201);
    const parentC = await sessionAgent(api, (await createUser(api, 'parent', 'ines.avila@example.com', 'Inés Ávila')).id);

    const classes = async (agent: Agent) =>
      (await agent.get<ReadableClass[]>('/api/my-classes')).body.map(
        (one) => `${one.name}${one.current ? ' actual' : ''}${one.viewing ? ' (viendo)' : ''}`,
      );
    expect(await classes(parentA)).toEqual(['Promoción 2027 actual (viendo)', 'Promoción 2026']);
    expect(await classes(parentB)).toEqual(['Promoción 2027 actual (viendo)', 'Promoción 2026']);
    expect(await classes(parentC)).toEqual(['Promoción 2027 actual (viendo)']);
    expect(await classes(vocal)).toEqual(['Promoción 2027 actual (viendo)', 'Promoción 2026']);

    // A 2027-only family cannot view 2026.
    const refused = await parentC.put('/api/my-classes/viewing', { classId: archived.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'No perteneces a esa promoción.' });

    const family = async (agent: Agent) => {
      const answer = await agent.get<MyFamily>('/api/my-family');
      return answer.status === 200 ? answer.body.graduateName : answer.status;
    };
    expect(await family(parentA)).toBe('Lucía Núñez');
    expect((await parentA.put('/api/my-classes/viewing', { classId: archived.id })).status).toBe(204);
    expect(await classes(parentA)).toEqual(['Promoción 2027 actual', 'Promoción 2026 (viendo)']);
    expect(await family(parentA)).toBe(fx.a.family.graduateName);

    // Writes to the archive are refused and change nothing, in either database.
    const snapshot = await snapshotTables(api, { except: ['sessions'] });
    const write = await parentA.put('/api/my-payment-confirmations/3', { status: 'ya_pague' });
    expect(write.status).toBe(409);
    expect(write.body).toMatchObject({ message: 'La Promoción 2026 está cerrada: sus datos ya no cambian.' });
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(snapshot);

    // Every read route, in each class: the other class's families never appear.
    const names2026 = [fx.a.family.graduateName, fx.b.family.graduateName];
    const names2027 = ['Lucía Núñez', 'Tomás Ávila'];
    const reads = apiRoutes(api.app).filter((route) => route.method === 'GET' && !route.url.includes(':'));
    const sweep = async (agent: Agent, hidden: string[]) => {
      for (const route of reads) {
        const answer = await agent.get(route.url);
        for (const name of hidden) expect(`${route.url} ${answer.text}`).not.toContain(name);
      }
    };
    await sweep(parentA, names2027);
    expect((await vocal.put('/api/my-classes/viewing', { classId: archived.id })).status).toBe(204);
    await sweep(vocal, names2027);
    expect((await vocal.get<Family[]>('/api/families')).body.map((one) => one.graduateName).sort()).toEqual([...names2026].sort());
    expect((await parentA.put('/api/my-classes/viewing', { classId: opened.id })).status).toBe(204);
    await sweep(parentA, names2026);
    await sweep(president, names2026);

    // The admin not named for 2027 reads 2026 as its committee, and 2027 not at all.
    expect((await vocal.put('/api/my-classes/viewing', { classId: opened.id })).status).toBe(204);
    expect((await vocal.get('/api/families')).status).toBe(403);
  }, 120_000);

  it("ends a 2026 family's access to the archive after the day set; the committee still reads it", async () => {
    expect((await parentB.put('/api/my-classes/viewing', { classId: archived.id })).status).toBe(204);
    await api.dataSource.getRepository(ClassEntity).update({ id: archived.id }, { familiesReadUntil: '2026-01-31' });
    expect((await parentB.get<ReadableClass[]>('/api/my-classes')).body.map((one) => one.name)).toEqual(['Promoción 2027']);
    // Its browser's choice no longer reaches the archive: the current class answers.
    expect((await parentB.get('/api/my-family')).status).toBe(404);
    const refused = await parentB.put('/api/my-classes/viewing', { classId: archived.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'El acceso de las familias a la Promoción 2026 terminó el 31/01/2026. Si necesitas algo, comunícate con el comité.',
    });
    expect((await vocal.put('/api/my-classes/viewing', { classId: archived.id })).status).toBe(204);
    expect((await vocal.get<Books>('/api/books')).body.totals.balance).toBe(0);
  });

  it('lets the committee give 2026’s families more days, and the archive’s own pages say so', async () => {
    const url = `/api/classes/${archived.id}/families-read-until`;
    const past = await president.put(url, { familiesReadUntil: '2026-01-31' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ message: 'La fecha de acceso de las familias no puede ser anterior a hoy.' });
    const open = await president.put(`/api/classes/${opened.id}/families-read-until`, { familiesReadUntil: '2099-06-30' });
    expect(open.status).toBe(409);
    expect(open.body).toMatchObject({
      message: 'La Promoción 2027 no está cerrada: la fecha de acceso de las familias se elige al proponer su cierre.',
    });
    expect((await president.put('/api/classes/999999/families-read-until', { familiesReadUntil: '2099-06-30' })).status).toBe(404);
    expect((await parentB.put('/api/my-classes/viewing', { classId: archived.id })).status).toBe(403);

    const changed = await president.put<SchoolClass>(url, { familiesReadUntil: '2099-06-30' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: archived.id, state: 'cerrada', familiesReadUntil: '2099-06-30' });
    expect((await parentB.put('/api/my-classes/viewing', { classId: archived.id })).status).toBe(204);
    // The archive itself (already running for the committee) tells its families the new day.
    expect((await parentB.get<MyClass>('/api/my-class')).body.schoolClass).toMatchObject({
      name: 'Promoción 2026',
      familiesReadUntil: '2099-06-30',
    });
    expect(await api.dataSource.getRepository(HistoryEntity).findBy({ action: 'class.families-read-until' })).toEqual([
      expect.objectContaining({ entityId: archived.id, label: 'Promoción 2026' }),
    ]);
    expect((await parentB.put('/api/my-classes/viewing', { classId: opened.id })).status).toBe(204);
  });

  it('backs the archive up with the receipts, and refuses a restore that would name an archive it lacks', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-class-backups-'));
    try {
      const file = await backup(api.config, dir);
      expect(existsSync(filePath(path.join(dir, 'files'), archived.archiveFile!))).toBe(true);
      rmSync(path.join(dir, 'files'), { recursive: true, force: true });
      rmSync(api.config.filesDir, { recursive: true, force: true });
      await expect(restore(api.config, file)).rejects.toThrow(
        /receipt, invoice or class files it names are in neither .* nothing was changed/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
