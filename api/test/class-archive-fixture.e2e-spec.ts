// An archive made by an older schema (docs/classes.md 'Reading an archived class'): the Class of
// 2025 as a deployment archived it before the migrations of the year's cycle (fixtures/archive/
// make-archive.ts), installed as a closed class of a deployment on today's schema. Its committee
// and its families read it through the API as they would: its instance brings a working copy of
// the file up to date, and the books read the balance passed on as passed on, not as spent.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type {
  Books,
  ClassView,
  Family,
  FamilyStatement,
  GraduationEvent,
  MyClass,
  MyFamily,
  PaymentDate,
  ReadableClass,
  Statement,
} from '@portal/contracts';
import { filePath } from '../src/files/file-folder';
import { installArchive } from './fixtures/archive/install';
import { FIRST_UNDONE } from './fixtures/archive/make-archive';
import { sessionAgent } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(DATABASES)('an archive made by an older schema (%s)', (kind) => {
  let api: TestApi;
  let installed: Awaited<ReturnType<typeof installArchive>>;
  let committee: Agent;
  let family: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    installed = await installArchive(api);
    committee = await sessionAgent(api, installed.admin.id);
    family = await sessionAgent(api, installed.parent.id);
    for (const agent of [committee, family])
      expect((await agent.put('/api/my-classes/viewing', { classId: installed.classId })).status).toBe(204);
  });
  afterAll(() => api.close());

  it('is older than the schema the API runs', () => {
    expect(installed.migrations).not.toContain(FIRST_UNDONE);
    expect(installed.migrations.length).toBeGreaterThan(30);
  });

  it('reads to its committee as it was closed: families, payments, events, books and the frozen report', async () => {
    const viewing = (await committee.get<ReadableClass[]>('/api/my-classes')).body;
    expect(viewing.map((one) => `${one.name}${one.viewing ? ' (viendo)' : ''}`)).toEqual(['Promoción 2026', 'Promoción 2025 (viendo)']);

    const families = (await committee.get<Family[]>('/api/families')).body;
    expect(families.map((one) => one.graduateName).sort()).toEqual(['Andrea Morales', 'Fernando Díaz', 'Gabriela Ruiz', 'Pablo Castillo']);
    const dates = (await committee.get<PaymentDate[]>('/api/payment-dates')).body;
    expect(dates.map((date) => [date.date, date.amountQuetzales])).toEqual([
      ['2024-09-23', 2950],
      ['2024-10-22', 3400],
      ['2024-11-18', null],
      ['2025-01-17', null],
      ['2025-02-17', null],
      ['2025-03-10', null],
    ]);
    const events = (await committee.get<GraduationEvent[]>('/api/events')).body;
    expect(events.map((event) => [event.titulo, event.fecha])).toEqual([
      ['Ceremonia de Premiación', '2025-06-13T16:00:00.000Z'],
      ['Brunch de Padres y Graduados', '2025-06-15T16:00:00.000Z'],
    ]);

    const andrea = families.find((one) => one.graduateName === 'Andrea Morales')!;
    const statement = (await committee.get<Statement>(`/api/families/${andrea.id}/statement`)).body;
    expect(statement.totals).toMatchObject({ expected: 6_350, received: 5_900 });
    expect(statement.entries.map((entry) => [entry.kind, entry.amount])).toEqual([['credito', 5_900]]);

    // Written as money out by the older closing, read as passed on once the migrations ran.
    const books = (await committee.get<Books>('/api/books')).body;
    expect(books.totals).toMatchObject({ received: 21_950, spent: 17_312.5, passedOn: 4_637.5, balance: 0 });

    const view = (await committee.get<ClassView>('/api/class')).body;
    expect(view.schoolClass).toMatchObject({ id: installed.classId, name: 'Promoción 2025', state: 'cerrada' });
    expect(view.report).toMatchObject({ className: 'Promoción 2025', destination: 'siguiente', balanceGiven: 4_637.5 });
    expect(view.report!.sha256).toBe(installed.workbookFile);
    const workbook = await committee.get('/api/class/report/workbook');
    expect(workbook.status).toBe(200);
    expect(sha256(workbook.rawBody)).toBe(installed.workbookFile);

    // A table of a later migration is there to read, empty.
    const invitations = await committee.get<unknown[]>('/api/admin-invitations');
    expect(invitations.status).toBe(200);
  });

  it("reads to its family as its own: the family, its statement and the final report's figures", async () => {
    const mine = (await family.get<MyFamily>('/api/my-family')).body;
    expect(mine.graduateName).toBe('Andrea Morales');
    const statement = (await family.get<FamilyStatement>('/api/my-family/statement')).body;
    expect(statement.totals).toMatchObject({ expected: 6_350, received: 5_900 });
    const report = (await family.get<MyClass>('/api/my-class')).body;
    expect(report.schoolClass).toMatchObject({ name: 'Promoción 2025', state: 'cerrada', familiesReadUntil: '2099-03-31' });
    expect(report.report).toMatchObject({ className: 'Promoción 2025', balanceGiven: 4_637.5 });
    expect(report.report!.totals).toMatchObject({ received: 21_950, spent: 17_312.5 });
  });

  it('is served from a working copy: the stored file is not changed, and writes are refused', async () => {
    const refused = await committee.post('/api/families', {
      graduateName: 'Nueva',
      contactName: 'Nueva',
      email: 'nueva@example.com',
      phone: '5555-0000',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'La Promoción 2025 está cerrada: sus datos ya no cambian.' });
    expect(sha256(readFileSync(filePath(api.config.filesDir, installed.archiveFile)))).toBe(installed.archiveFile);
  });
});
