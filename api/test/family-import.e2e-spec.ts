// 'Importar lista del colegio': the committee opening a class reads the school's list (CSV or
// XLSX), sees each row it would create and each row refused with its reason, imports the good
// rows in one go and invites them. Nothing is written by the preview, nothing for a refused row,
// and nothing twice.
import type { Family, FamilyImportPreview, FamilyImportResult, BulkInvitationResult } from '@portal/contracts';
import { HistoryEntity } from '../src/history/history.entity';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { createFamily, createUser, expectSpanishError, sessionAgent, snapshotTables } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { BOUNDARY, multipart } from './receipts-fixtures';
import { EXCEL, EXISTING_EMAIL, MIXED, SECUNDARIA, type SchoolList } from './fixtures/school/make-fixtures';

const PREVIEW = '/api/families/import/preview';
const IMPORT = '/api/families/import';

describe.each(DATABASES)('importing the school list (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let adminId: number;
  let parent: Agent;
  /** The checksum of the first list's preview, once imported. */
  let firstChecksum = '';

  const send = async (agent: Agent | null, url: string, data: Buffer, fields: Record<string, string> = {}, name = 'lista.csv') => {
    const cookie = agent ? [...agent.cookies].map(([key, value]) => `${key}=${value}`).join('; ') : '';
    return api.app.inject({
      method: 'POST',
      url,
      payload: multipart(fields, { data, name, type: 'text/csv' }),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(cookie && { cookie }) },
    });
  };
  const preview = async (list: SchoolList) => {
    const response = await send(admin, PREVIEW, await list.bytes(), {}, list.fileName);
    expect(response.statusCode).toBe(200);
    return response.json<FamilyImportPreview>();
  };
  const importList = async (list: SchoolList, checksum: string) => send(admin, IMPORT, await list.bytes(), { checksum }, list.fileName);
  const families = async () => (await admin.get<Family[]>('/api/families')).body;
  const byEmail = async (email: string) => (await families()).filter((family) => family.email === email);

  beforeAll(async () => {
    api = await startApi(kind);
    adminId = (await createUser(api, 'admin', 'secretaria@example.com', 'Secretaria del comité')).id;
    admin = await sessionAgent(api, adminId);
    const own = await createFamily(api, { graduateName: 'Pablo Estrada', contactName: 'Elena Estrada', email: EXISTING_EMAIL });
    parent = await sessionAgent(api, (await createUser(api, 'parent', own.email, 'Elena Estrada')).id);
  });
  afterAll(() => api.close());

  it('shows every row of a UTF-8 list with accents, a BOM, semicolons and a title row, writing nothing, then imports them', async () => {
    const before = await snapshotTables(api);
    const read = await preview(SECUNDARIA);
    expect(read.rows).toEqual(SECUNDARIA.accepted);
    expect(read.refused).toEqual([]);
    expect(await snapshotTables(api)).toEqual(before);

    firstChecksum = read.checksum;
    const response = await importList(SECUNDARIA, read.checksum);
    expect(response.statusCode).toBe(201);
    expect(response.json<FamilyImportResult>().created).toBe(3);
    const [jose] = await byEmail('maria.avila@example.com');
    expect(jose).toMatchObject({
      graduateName: 'José Peñate Ávila',
      contactName: 'María Ávila de Peñate',
      phone: '5555-1201',
      tablesBooked: 0,
    });
    // History says who created each, as for a family created by hand.
    const created = await api.dataSource.getRepository(HistoryEntity).findBy({ action: 'family.create', entityId: jose!.id });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actorUserId: adminId, actorName: 'Secretaria del comité' });
  });

  it('refuses each bad row of a Latin-1 list with its number and reason, and imports the others, one with no phone and one with two addresses', async () => {
    const count = (await families()).length;
    const read = await preview(MIXED);
    expect(read.rows).toEqual(MIXED.accepted);
    expect(read.refused.map((row) => ({ line: row.line, reason: row.reasons[0] }))).toEqual(MIXED.refused);
    // The refused row is shown as the school wrote it, to find it in the file.
    expect(read.refused[0]).toMatchObject({ graduateName: 'Sofía Pérez', contactName: 'Ana Pérez', email: 'ana.perez(arroba)example.com' });

    const response = await importList(MIXED, read.checksum);
    expect(response.statusCode).toBe(201);
    expect(response.json<FamilyImportResult>().created).toBe(5);
    const after = await families();
    expect(after).toHaveLength(count + 5);
    const names = after.map((family) => family.graduateName);
    expect(names).toEqual(expect.arrayContaining(['Íñigo Cifuentes', 'Mateo García', 'Valeria Juárez', 'Renata Sandoval', 'Lía Morales']));
    for (const refused of ['Sofía Pérez', 'Camila Juárez']) expect(names).not.toContain(refused);
    // No phone: the family is there, its number to be added; two addresses: the first is the
    // family's, the second its second contact.
    expect(await byEmail('julian.garcia@example.com')).toEqual([
      expect.objectContaining({ graduateName: 'Mateo García', phone: '', secondEmail: null }),
    ]);
    expect(await byEmail('carmen.morales@example.com')).toEqual([
      expect.objectContaining({ graduateName: 'Lía Morales', secondEmail: 'jorge.morales@example.com' }),
    ]);
    expect(await byEmail('jorge.morales@example.com')).toEqual([]);
    // The family the portal had is left as it was; the repeated e-mail gave one family.
    expect(await byEmail(EXISTING_EMAIL)).toEqual([
      expect.objectContaining({ graduateName: 'Pablo Estrada', contactName: 'Elena Estrada' }),
    ]);
    expect(await byEmail('nidia.juarez@example.com')).toEqual([expect.objectContaining({ graduateName: 'Valeria Juárez' })]);
  });

  it('reads the Excel workbook the school exports, its phone a number cell', async () => {
    const read = await preview(EXCEL);
    expect(read.rows).toEqual(EXCEL.accepted);
    const response = await importList(EXCEL, read.checksum);
    expect(response.statusCode).toBe(201);
    expect(await byEmail('rocio.nunez@example.com')).toEqual([
      expect.objectContaining({ graduateName: 'Ximena Alvarado Núñez', contactName: 'Rocío Núñez', phone: '55551401' }),
    ]);
  });

  it('creates nothing when the same list is confirmed again, and says why', async () => {
    const before = await snapshotTables(api);
    const again = await importList(SECUNDARIA, firstChecksum);
    expect(again.statusCode).toBe(409);
    const body = again.json<{ message: string; details: { preview: FamilyImportPreview } }>();
    expect(body.message).toMatch(/^La lista cambió desde que la revisaste/);
    expect(body.details.preview.rows).toEqual([]);
    expect(body.details.preview.refused.map((row) => [row.line, row.reasons])).toEqual([
      [4, ['Ya existe una familia con ese email.']],
      [5, ['Ya existe una familia con ese email.']],
      [6, ['Ya existe una familia con ese email.']],
    ]);
    // Read again, the list has nothing left to import.
    const read = await preview(SECUNDARIA);
    const nothing = await importList(SECUNDARIA, read.checksum);
    expect(nothing.statusCode).toBe(400);
    expect(expectSpanishError(nothing).message).toBe('La lista no tiene familias para importar.');
    expect(await snapshotTables(api)).toEqual(before);
    expect(await byEmail('maria.avila@example.com')).toHaveLength(1);
  });

  it('creates nothing when the list changed since it was read (another admin registered one of its families)', async () => {
    const list: SchoolList = {
      ...SECUNDARIA,
      bytes: async () =>
        Buffer.from('Graduando;Encargado;Correo;Teléfono\nNoé Quiñónez;Inés Quiñónez;ines.quinonez@example.com;5555-1501\n', 'utf8'),
    };
    const read = await preview(list);
    expect(read.rows.map((row) => row.graduateName)).toEqual(['Noé Quiñónez']);
    await createFamily(api, { graduateName: 'Noé Quiñónez', email: 'ines.quinonez@example.com' });
    const before = await snapshotTables(api);
    const response = await importList(list, read.checksum);
    expect(response.statusCode).toBe(409);
    const body = response.json<{ message: string; details: { preview: FamilyImportPreview } }>();
    expect(body.message).toMatch(/^La lista cambió desde que la revisaste/);
    expect(body.details.preview.refused).toEqual([expect.objectContaining({ line: 2, reasons: ['Ya existe una familia con ese email.'] })]);
    expect(await snapshotTables(api)).toEqual(before);
  });

  it('refuses a file that is not a list and a list without its e-mails, and reads one without phones', async () => {
    const pdf = await send(admin, PREVIEW, Buffer.from('%PDF-1.4\n1 0 obj\n'), {}, 'lista.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(expectSpanishError(pdf).message).toMatch(/^El archivo no es una lista/);
    const noEmail = await send(admin, PREVIEW, Buffer.from('Alumno,Encargado,Celular\nAna,Luis,5555\n'));
    expect(noEmail.statusCode).toBe(400);
    expect(expectSpanishError(noEmail).message).toBe('Falta en la lista la columna del correo (Correo o E-mail).');
    const noPhones = await send(admin, PREVIEW, Buffer.from('Alumno,Encargado,Correo\nAna,Luis,luis.sin.telefono@example.com\n'));
    expect(noPhones.statusCode).toBe(200);
    expect(noPhones.json<FamilyImportPreview>().rows).toEqual([
      {
        line: 2,
        graduateName: 'Ana',
        contactName: 'Luis',
        email: 'luis.sin.telefono@example.com',
        phone: '',
        otherEmails: [],
        secondEmail: null,
      },
    ]);
  });

  it('is the committee’s alone: a parent and a visitor are refused, and nothing is created', async () => {
    const list: SchoolList = {
      ...SECUNDARIA,
      bytes: async () => Buffer.from('Graduando;Encargado;Correo;Teléfono\nIntrusa;Intruso;intruso@example.com;5555-1601\n', 'utf8'),
    };
    const checksum = (await preview(list)).checksum;
    const before = await snapshotTables(api, { except: ['sessions'] });
    const bytes = await list.bytes();
    expect((await send(parent, PREVIEW, bytes)).statusCode).toBe(403);
    expect((await send(parent, IMPORT, bytes, { checksum })).statusCode).toBe(403);
    expect((await send(null, PREVIEW, bytes)).statusCode).toBe(401);
    expect((await send(null, IMPORT, bytes, { checksum })).statusCode).toBe(401);
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
  });

  it('then invites every imported family in one action', async () => {
    const response = await admin.post<BulkInvitationResult>('/api/families/invitations');
    expect(response.status).toBe(201);
    const recipients = (await api.dataSource.getRepository(OutboxMessageEntity).findBy({ kind: 'invitation' })).map((one) => one.recipient);
    expect(recipients).toEqual(
      expect.arrayContaining([...SECUNDARIA.accepted, ...MIXED.accepted, ...EXCEL.accepted].map((family) => family.email)),
    );
  });
});
