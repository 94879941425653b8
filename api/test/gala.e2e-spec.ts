// The Fiesta de Graduación: the plan, assignment rules, guests, 'sit near', passes and check-in.
import type { GalaArrivals, GalaCheckIn, GalaPass, GalaPlan, GraduationEvent, HistoryPage, MyGala } from '@portal/contracts';
import { formatTime } from '@portal/format';
import ExcelJS from 'exceljs';
import { GalaTableEntity } from '../src/gala/gala-table.entity';
import { SettingsEntity } from '../src/settings/settings.entity';
import { DATABASES, type Agent, type TestApi, startApi } from './harness';
import { createFamily, createUser, sessionAgent } from './fixtures';

async function familyWithParent(api: TestApi, tablesBooked: number, name?: string) {
  const family = await createFamily(api, { tablesBooked, ...(name ? { graduateName: name } : {}) });
  const parent = await createUser(api, 'parent', family.email);
  return { family, parent: await sessionAgent(api, parent.id) };
}

describe.each(DATABASES)('gala (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await sessionAgent(api, (await createUser(api, 'admin', null, 'Comité')).id);
    const layout = await admin.post<GalaPlan>('/api/gala/layout', { count: 20, columns: 5 });
    expect(layout.status).toBe(200);
  });
  afterAll(() => api.close());

  const assign = (number: number, familyId: number) => admin.put<GalaPlan>(`/api/gala/tables/${number}/family`, { familyId });
  const freeAll = () => api.dataSource.query('UPDATE gala_tables SET familyId = NULL');

  it('lays out the tables with 8 seats on a grid, and keeps two tables off one place', async () => {
    const plan = (await admin.get<GalaPlan>('/api/gala')).body;
    expect(plan.tables).toHaveLength(20);
    expect(plan.tables[6]).toMatchObject({ number: 7, seats: 8, x: 1, y: 1, familyId: null });
    const moved = await admin.put<GalaPlan>('/api/gala/tables/7', { x: 0, y: 0 });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ message: 'Ese lugar del plano ya lo ocupa la mesa 1.' });
    const zone = await admin.put<GalaPlan>('/api/gala/tables/7', { x: 1, y: 1, seats: 10, zone: ' Terraza ' });
    expect(zone.body.tables[6]).toMatchObject({ seats: 10, zone: 'Terraza' });
    await admin.put('/api/gala/tables/7', { x: 1, y: 1, seats: 8 });
    expect((await admin.put('/api/gala/tables/300', { x: 1, y: 1 })).status).toBe(400);
    expect((await admin.put('/api/gala/tables/8', { x: 99, y: 1 })).body).toMatchObject({ message: expect.stringContaining('columna') });
  });

  it('saves the date, time and place of the gala and shows them to families', async () => {
    const saved = await admin.put('/api/gala/details', { date: '2026-11-20', time: '19:00', place: ' Salón Los Arcos ' });
    expect(saved.body).toEqual({ date: '2026-11-20', time: '19:00', place: 'Salón Los Arcos' });
    expect((await admin.put('/api/gala/details', { date: '2026-02-30', time: '19:00', place: 'x' })).status).toBe(400);
    const { parent } = await familyWithParent(api, 1);
    expect((await parent.get<MyGala>('/api/my-gala')).body.details).toEqual(saved.body);
    expect((await parent.get('/api/gala')).status).toBe(403);

    // One source: the event 'Fiesta de Graduación' in 'Eventos' says the same, and a change there
    // is the gala's too. A schedule keeps its length when the start moves.
    const { galaEventId } = await api.dataSource.getRepository(SettingsEntity).findOneByOrFail({ id: 1 });
    const event = () => parent.get<GraduationEvent[]>('/api/events').then(({ body }) => body.find((one) => one.id === galaEventId)!);
    expect(await event()).toMatchObject({ titulo: 'Fiesta de Graduación', fecha: '2026-11-21T01:00:00.000Z', lugar: 'Salón Los Arcos' });
    await admin.put(`/api/events/${galaEventId}`, { lugar: 'Hotel Camino Real', horario: '7:00 PM - 11:00 PM' });
    expect((await parent.get<MyGala>('/api/my-gala')).body.details).toEqual({
      date: '2026-11-20',
      time: '19:00',
      place: 'Hotel Camino Real',
    });
    await admin.put('/api/gala/details', { date: '2026-11-20', time: '19:30', place: 'Hotel Camino Real' });
    expect(await event()).toMatchObject({
      fecha: '2026-11-21T01:30:00.000Z',
      horario: '7:30 p. m. - 11:30 p. m.',
      lugar: 'Hotel Camino Real',
    });
  });

  it('migrates the gala details into the event, which becomes their one source', async () => {
    const old = await startApi(kind);
    try {
      const applied = async () =>
        ((await old.dataSource.query('SELECT name FROM migrations')) as Array<{ name: string }>).map((row) => row.name);
      while ((await applied()).includes('GalaEvent1764430000000')) await old.dataSource.undoLastMigration();
      const sql = (query: string, parameters: unknown[] = []) => old.dataSource.query(query, parameters);
      await sql('DELETE FROM events');
      await sql('INSERT INTO events (fecha, titulo, horario, lugar) VALUES (?, ?, ?, ?)', [
        '2026-11-21 01:00:00.000',
        'Fiesta de Graduación',
        '7:00 PM - 11:00 PM',
        'Salón de eventos',
      ]);
      await sql('UPDATE settings SET galaDate = ?, galaTime = ?, galaPlace = ? WHERE id = 1', ['2026-11-20', '19:00', 'Hotel Camino Real']);
      await old.restart();
      const oldAdmin = await old.signedIn('admin');
      expect((await oldAdmin.get<GalaPlan>('/api/gala')).body.details).toEqual({
        date: '2026-11-20',
        time: '19:00',
        place: 'Hotel Camino Real',
      });
      const events = (await oldAdmin.get<GraduationEvent[]>('/api/events')).body;
      expect(events).toEqual([
        expect.objectContaining({ titulo: 'Fiesta de Graduación', fecha: '2026-11-21T01:00:00.000Z', lugar: 'Hotel Camino Real' }),
      ]);
      const columns = old.dataSource.createQueryRunner();
      try {
        const names = (await columns.getTable('settings'))!.columns.map((column) => column.name);
        expect(names).toContain('galaEventId');
        expect(names).not.toEqual(expect.arrayContaining(['galaDate']));
      } finally {
        await columns.release();
      }
    } finally {
      await old.close();
    }
  });

  it('never assigns a family more tables than it booked, nor a table to two families', async () => {
    await freeAll();
    const a = await createFamily(api, { tablesBooked: 2 });
    const b = await createFamily(api, { tablesBooked: 1 });
    expect((await assign(1, a.id)).status).toBe(200);
    expect((await assign(2, a.id)).status).toBe(200);
    const third = await assign(3, a.id);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ message: expect.stringContaining('reservó 2 mesas') });
    const taken = await assign(1, b.id);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: 'La mesa 1 ya está asignada a otra familia.' });
    expect((await assign(99, b.id)).status).toBe(404);
    const plan = (await admin.get<GalaPlan>('/api/gala')).body;
    expect(plan.families.find((family) => family.id === a.id)).toMatchObject({ tables: [1, 2] });
    expect(plan.warnings).toContainEqual(expect.objectContaining({ kind: 'missing-tables', familyId: b.id }));
    expect(plan.warnings.some((warning) => warning.familyId === a.id)).toBe(false);
    const freed = await admin.delete<GalaPlan>('/api/gala/tables/2/family');
    expect(freed.body.tables[1]!.familyId).toBeNull();
    const unassigned = (await admin.get<HistoryPage>(`/api/history?entity=gala&familyId=${a.id}`)).body.items;
    expect(unassigned.find((item) => item.action === 'gala.unassign')).toMatchObject({ label: `Mesa 2: ${a.graduateName}` });
  });

  it('gives one table to one of two admins assigning it at once; the other gets a 409', async () => {
    await freeAll();
    const a = await createFamily(api, { tablesBooked: 1 });
    const b = await createFamily(api, { tablesBooked: 1 });
    const other = await sessionAgent(api, (await createUser(api, 'admin', null, 'Otra persona')).id);
    const responses = await Promise.all([
      admin.put(`/api/gala/tables/5/family`, { familyId: a.id }),
      other.put(`/api/gala/tables/5/family`, { familyId: b.id }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const table = await api.dataSource.getRepository(GalaTableEntity).findOneByOrFail({ number: 5 });
    expect([a.id, b.id]).toContain(table.familyId);
  });

  it('frees the tables of a deleted family with it', async () => {
    await freeAll();
    const family = await createFamily(api, { tablesBooked: 2 });
    await assign(3, family.id);
    await assign(4, family.id);
    expect((await admin.delete(`/api/families/${family.id}`)).status).toBe(204);
    const tables = await api.dataSource.getRepository(GalaTableEntity).findBy({ number: 3 });
    expect(tables[0]!.familyId).toBeNull();
    expect(await api.dataSource.getRepository(GalaTableEntity).countBy({ familyId: family.id })).toBe(0);
  });

  it('assigns automatically: each family at tables side by side, near the family it asked for', async () => {
    await freeAll();
    await api.dataSource.query('DELETE FROM gala_families');
    await api.dataSource.query('UPDATE families SET tablesBooked = 0');
    const big = await familyWithParent(api, 3, 'Auto Grande');
    const friend = await familyWithParent(api, 2, 'Auto Amiga');
    const alone = await familyWithParent(api, 1, 'Auto Sola');
    const near = await friend.parent.put<MyGala>('/api/my-gala/near', { graduateName: '  auto  GRANDE ' });
    expect(near.status).toBe(200);
    expect(near.body.family.nearGraduateName).toBe('Auto Grande');
    const plan = (await admin.post<GalaPlan>('/api/gala/auto-assign')).body;
    const at = (id: number) => plan.families.find((family) => family.id === id)!.tables;
    const place = (number: number) => plan.tables.find((table) => table.number === number)!;
    for (const id of [big.family.id, friend.family.id, alone.family.id]) {
      const tables = at(id).map(place);
      expect(new Set(tables.map((table) => table.y)).size).toBe(1);
      const xs = tables.map((table) => table.x).sort((p, q) => p - q);
      expect(xs[xs.length - 1]! - xs[0]!).toBe(xs.length - 1);
    }
    expect(at(big.family.id)).toHaveLength(3);
    expect(at(friend.family.id)).toHaveLength(2);
    // The friend sits next to the big family (a table beside or behind one of theirs).
    const gaps = at(friend.family.id).flatMap((own) =>
      at(big.family.id).map((theirs) => Math.abs(place(own).x - place(theirs).x) + Math.abs(place(own).y - place(theirs).y)),
    );
    expect(Math.min(...gaps)).toBe(1);
    expect(plan.warnings).toEqual([]);
    const history = await admin.get<HistoryPage>('/api/history?entity=gala');
    // One row a family given tables, named.
    const given = history.body.items.filter((item) => item.action === 'gala.auto-assign');
    expect(given.length).toBeGreaterThan(1);
    for (const row of given) {
      const family = plan.families.find((one) => one.id === row.familyId)!;
      expect(row.label).toMatch(new RegExp(`^${family.graduateName}: mesas? [\\d, ]+$`));
    }
  });

  it('keeps the guest list within the seats, trimmed, with emoji, refusing 300 characters in Spanish', async () => {
    await freeAll();
    const { family, parent } = await familyWithParent(api, 1);
    const saved = await parent.put<MyGala>('/api/my-gala/guests', { guests: ['  Ana  López ', '', 'Beto 🎉'] });
    expect(saved.status).toBe(200);
    expect(saved.body.family.guests).toEqual(['Ana López', 'Beto 🎉']);
    const nine = await parent.put('/api/my-gala/guests', { guests: Array.from({ length: 9 }, (_, i) => `Invitado ${i}`) });
    expect(nine.status).toBe(400);
    expect(nine.body).toMatchObject({ message: expect.stringContaining('8 lugares') });
    const long = await parent.put('/api/my-gala/guests', { guests: ['Ana', 'x'.repeat(300)] });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ message: 'El nombre del invitado 2 no puede tener más de 80 caracteres.' });
    expect((await parent.put('/api/my-gala/guests', { guests: [3] })).status).toBe(400);
    expect((await parent.get<MyGala>('/api/my-gala')).body.family.guests).toEqual(['Ana López', 'Beto 🎉']);
    // Over capacity once the table is smaller than the list.
    await assign(9, family.id);
    await admin.put('/api/gala/tables/9', { x: 3, y: 1, seats: 1 });
    const plan = (await admin.get<GalaPlan>('/api/gala')).body;
    expect(plan.warnings).toContainEqual(expect.objectContaining({ kind: 'over-capacity', familyId: family.id }));
    await admin.put('/api/gala/tables/9', { x: 3, y: 1, seats: 8 });
  });

  it('shows a family only its own tables, and refuses sitting near itself', async () => {
    await freeAll();
    const a = await familyWithParent(api, 1);
    const b = await familyWithParent(api, 1);
    await assign(10, a.family.id);
    await assign(11, b.family.id);
    const mine = (await a.parent.get<MyGala>('/api/my-gala')).body;
    expect(mine.family.tables).toEqual([10]);
    expect(mine.tables.filter((table) => table.mine).map((table) => table.number)).toEqual([10]);
    expect(JSON.stringify(mine)).not.toContain(b.family.email);
    expect(JSON.stringify(mine.tables)).not.toContain('familyId');
    expect(JSON.stringify(mine)).not.toContain(b.family.graduateName);
    // The committee's plan carries what the door finds a family by.
    const plan = (await admin.get<GalaPlan>('/api/gala')).body;
    expect(plan.families.find((family) => family.id === b.family.id)).toMatchObject({
      contactName: b.family.contactName,
      email: b.family.email,
      phone: b.family.phone,
    });
    expect((await a.parent.put('/api/my-gala/near', { graduateName: a.family.graduateName })).status).toBe(400);
    const unknown = await a.parent.put('/api/my-gala/near', { graduateName: 'Nadie Conocido' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: expect.stringContaining('No encontramos una familia') });
    expect((await a.parent.put<MyGala>('/api/my-gala/near', { graduateName: b.family.graduateName })).body.family.nearGraduateName).toBe(
      b.family.graduateName,
    );
    expect((await a.parent.put<MyGala>('/api/my-gala/near', { graduateName: null })).body.family.nearGraduateName).toBeNull();
  });

  describe('passes and check-in', () => {
    it('checks a family in once: a second scan says when, with the count', async () => {
      await freeAll();
      const { family, parent } = await familyWithParent(api, 1, 'Puerta Uno');
      await assign(12, family.id);
      await parent.put('/api/my-gala/guests', { guests: ['Ana', 'Beto', 'Carla'] });
      const pass = (await parent.get<GalaPass>('/api/my-gala/pass')).body;
      expect(pass).toMatchObject({ graduateName: 'Puerta Uno', tables: [12] });
      expect(pass.token).toMatch(/^\d+\.[0-9a-f]{32}\.[\w-]{32}$/);
      const first = await admin.post<GalaCheckIn>('/api/gala/check-in', { token: pass.token });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ result: 'ingreso', arrivedCount: 3, family: { tables: [12], guests: ['Ana', 'Beto', 'Carla'] } });
      const again = await admin.post<GalaCheckIn>('/api/gala/check-in', { token: pass.token, count: 5 });
      expect(again.body.result).toBe('ya-ingreso');
      expect(again.body.arrivedCount).toBe(3);
      // The time as the portal writes every time (libs/format), not a second style.
      expect(again.body.message).toBe(`Ya ingresó a las ${formatTime(again.body.arrivedAt)} (3 personas).`);
      expect(again.body.message).toMatch(/^Ya ingresó a las \d{1,2}:\d{2}\s[ap]\.\s?m\. \(3 personas\)\.$/);
      const arrivals = (await admin.get<GalaArrivals>('/api/gala/arrivals')).body;
      expect(arrivals.tables.find((table) => table.number === 12)).toMatchObject({ arrived: 3, expected: 3, graduateName: 'Puerta Uno' });
    });

    it('adds latecomers to a family that came in part (9 then 7 of 16), never beyond its seats', async () => {
      await freeAll();
      const { family, parent } = await familyWithParent(api, 2, 'Dos Carros');
      await assign(16, family.id);
      await assign(17, family.id);
      const pass = (await parent.get<GalaPass>('/api/my-gala/pass')).body;
      const first = await admin.post<GalaCheckIn>('/api/gala/check-in', { token: pass.token, count: 9 });
      expect(first.body).toMatchObject({ result: 'ingreso', arrivedCount: 9, maxGuests: 16 });
      // A second full check-in is still refused: it says who came in, and how many of how many.
      const again = await admin.post<GalaCheckIn>('/api/gala/check-in', { token: pass.token, count: 7 });
      expect(again.body).toMatchObject({ result: 'ya-ingreso', arrivedCount: 9, maxGuests: 16 });
      const late = await admin.post<GalaCheckIn>('/api/gala/check-in', { token: pass.token, add: 7 });
      expect(late.status).toBe(200);
      expect(late.body).toMatchObject({ result: 'agregado', arrivedCount: 16, maxGuests: 16, message: 'Ingresaron 7 más: 16 de 16.' });
      expect(late.body.arrivedAt).toBe(first.body.arrivedAt);
      const arrivals = (await admin.get<GalaArrivals>('/api/gala/arrivals')).body;
      expect(arrivals.tables.filter((table) => table.number === 16 || table.number === 17).map((table) => table.arrived)).toEqual([8, 8]);
      // One more than the seats: a Spanish 409, and nothing changes.
      const over = await admin.post<GalaCheckIn>('/api/gala/check-in', { familyId: family.id, add: 1 });
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({ message: 'La familia de Dos Carros tiene 16 lugares y ya ingresaron 16.' });
      const history = await admin.get<HistoryPage>(`/api/history?entity=gala&familyId=${family.id}`);
      expect(history.body.items.filter((item) => item.action.startsWith('gala.check-in')).map((item) => item.action)).toEqual([
        'gala.check-in-add',
        'gala.check-in',
      ]);
      // Adding for a family not yet in is refused: its first arrival is a check-in.
      const { family: other } = await familyWithParent(api, 1);
      expect((await admin.post('/api/gala/check-in', { familyId: other.id, add: 2 })).status).toBe(409);
      expect((await admin.post('/api/gala/check-in', { familyId: family.id, add: 0 })).status).toBe(400);
    });

    it('counts two doors scanning one pass at once as one arrival', async () => {
      const { family, parent } = await familyWithParent(api, 1);
      const pass = (await parent.get<GalaPass>('/api/my-gala/pass')).body;
      const other = await sessionAgent(api, (await createUser(api, 'admin', null, 'Puerta dos')).id);
      const third = await sessionAgent(api, (await createUser(api, 'admin', null, 'Puerta tres')).id);
      const responses = await Promise.all([
        admin.post<GalaCheckIn>('/api/gala/check-in', { token: pass.token, count: 4 }),
        other.post<GalaCheckIn>('/api/gala/check-in', { token: pass.token, count: 6 }),
        third.post<GalaCheckIn>('/api/gala/check-in', { familyId: family.id, count: 7 }),
      ]);
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
      expect(responses.filter((response) => response.body.result === 'ingreso')).toHaveLength(1);
      const counts = new Set(responses.map((response) => response.body.arrivedCount));
      expect(counts.size).toBe(1);
      const history = await admin.get<HistoryPage>(`/api/history?entity=gala&familyId=${family.id}`);
      expect(history.body.items.filter((item) => item.action === 'gala.check-in')).toHaveLength(1);
    });

    it('undoes a check-in made by mistake, with a reason kept in Historial naming the family', async () => {
      await freeAll();
      const { family } = await familyWithParent(api, 1, 'Ingreso Equivocado');
      await assign(15, family.id);
      const undo = (body: object, id: number = family.id) => admin.post(`/api/gala/families/${id}/check-in/undo`, body);
      expect((await undo({ reason: 'Registrado por error' })).body).toMatchObject({
        message: 'La familia de Ingreso Equivocado no tiene un ingreso registrado.',
      });
      await admin.post<GalaCheckIn>('/api/gala/check-in', { familyId: family.id, count: 4 });
      const arrivedBefore = (await admin.get<GalaArrivals>('/api/gala/arrivals')).body.arrived;

      // No reason, a blank one or an unknown family: refused in Spanish, and the arrival stays.
      const blank = await undo({ reason: '   ' });
      expect(blank.status).toBe(400);
      expect(JSON.stringify(blank.body)).toContain('Escriba el motivo para anular el ingreso.');
      expect((await undo({})).status).toBe(400);
      expect((await undo({ reason: 'x'.repeat(201) })).status).toBe(400);
      expect((await undo({ reason: 'Error' }, 999_999)).status).toBe(404);
      const stillIn = (await admin.get<GalaPlan>('/api/gala')).body.families.find((one) => one.id === family.id)!;
      expect(stillIn).toMatchObject({ arrivedCount: 4, arrivedAt: expect.any(String) });

      expect((await undo({ reason: '  Registrado por error ' })).status).toBe(204);
      const after = (await admin.get<GalaPlan>('/api/gala')).body.families.find((one) => one.id === family.id)!;
      expect(after).toMatchObject({ arrivedCount: null, arrivedAt: null });
      expect((await admin.get<GalaArrivals>('/api/gala/arrivals')).body.arrived).toBe(arrivedBefore - 4);
      const history = await admin.get<HistoryPage>(`/api/history?entity=gala&familyId=${family.id}`);
      expect(history.body.items.find((item) => item.action === 'gala.check-in-undo')).toMatchObject({
        label: 'Ingreso Equivocado',
        after: expect.objectContaining({ reason: 'Registrado por error', arrivedCount: null }),
      });
      // Twice is refused; checking in again records a new arrival.
      expect((await undo({ reason: 'Otra vez' })).status).toBe(409);
      expect((await admin.post<GalaCheckIn>('/api/gala/check-in', { familyId: family.id, count: 2 })).body.result).toBe('ingreso');
    });

    it('says «Pase no válido» for a forged, altered or revoked pass', async () => {
      const { family, parent } = await familyWithParent(api, 1);
      const { token } = (await parent.get<GalaPass>('/api/my-gala/pass')).body;
      const [id, nonce, signature] = token.split('.') as [string, string, string];
      for (const forged of [
        'hola',
        `${id}.${nonce}.${'A'.repeat(32)}`,
        `${Number(id) + 1}.${nonce}.${signature}`,
        `${id}.${'0'.repeat(32)}.${signature}`,
      ]) {
        const response = await admin.post('/api/gala/check-in', { token: forged });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ message: 'Pase no válido' });
      }
      expect((await admin.post(`/api/gala/families/${family.id}/pass/revoke`)).status).toBe(204);
      const revoked = await admin.post('/api/gala/check-in', { token });
      expect(revoked.body).toMatchObject({ message: 'Pase no válido' });
      const fresh = (await parent.get<GalaPass>('/api/my-gala/pass')).body.token;
      expect(fresh).not.toBe(token);
      expect((await admin.post<GalaCheckIn>('/api/gala/check-in', { token: fresh })).body.result).toBe('ingreso');
      expect((await parent.post('/api/gala/check-in', { token: fresh })).status).toBe(403);
    });
  });

  it('exports the seating list as xlsx (table, family, guests), table and seat numbers as number cells', async () => {
    const response = await admin.get('/api/gala/seating.xlsx');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.rawBody.subarray(0, 2).toString()).toBe('PK');
    const plan = (await admin.get<GalaPlan>('/api/gala')).body;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawBody as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Mesas')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Mesa', 'Zona', 'Familia', 'Lugares', 'Invitados']);
    expect(plan.tables.length).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(plan.tables.length + 1);
    plan.tables.forEach((table, index) => {
      const row = sheet.getRow(index + 2);
      expect([row.getCell(1).type, row.getCell(1).value, row.getCell(4).type, row.getCell(4).value]).toEqual([
        ExcelJS.ValueType.Number,
        table.number,
        ExcelJS.ValueType.Number,
        table.seats,
      ]);
    });
  });
});
