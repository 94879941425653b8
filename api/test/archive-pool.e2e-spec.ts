// How archived classes are served (docs/classes.md 'Reading an archived class'): each archive is
// brought up to today's schema once and kept, at most ARCHIVES_OPEN of them run at a time, a file
// that cannot be read leaves nothing behind, and every instance behind the proxy answers the same.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Family, MyClass } from '@portal/contracts';
import { ARCHIVE_SCHEMA } from '../src/class-cycle/archive-pool';
import { ClassArchives } from '../src/class-cycle/archives';
import { ClassEntity } from '../src/classes/class.entity';
import { putFile } from '../src/files/file-folder';
import { installArchive } from './fixtures/archive/install';
import { sessionAgent } from './fixtures';
import { DATABASES, startApi, startSecondApi, type Agent, type TestApi } from './harness';

/** A process id no process has now: a child's, once it ended. */
const deadPid = () => Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString());

describe.each(DATABASES)('archived classes served by a bounded pool (%s)', (kind) => {
  let folder: string;
  let api: TestApi;
  let installed: Awaited<ReturnType<typeof installArchive>>;
  let committee: Agent;
  let family: Agent;
  const view = (agent: Agent, classId: number) => agent.put('/api/my-classes/viewing', { classId });

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'portal-archives-test-'));
    // What a process that died left, and a copy kept by an older version.
    writeFileSync(path.join(folder, `${'a'.repeat(64)}.${deadPid()}-0badc0de.partial`), 'cut short');
    writeFileSync(path.join(folder, `${'b'.repeat(64)}.Older1700000000000.sqlite`), 'old');
    writeFileSync(path.join(folder, `${'c'.repeat(64)}.${process.pid}-0badc0de.partial`), 'being made');
    api = await startApi(kind, { ARCHIVES_DIR: folder, ARCHIVES_OPEN: '2' });
    installed = await installArchive(api, { copies: 2 });
    committee = await sessionAgent(api, installed.admin.id);
    family = await sessionAgent(api, installed.parent.id);
  });
  afterAll(async () => {
    await api.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("removes at start what a dead process left and another schema's copies, never a live process's", () => {
    expect(readdirSync(folder).sort()).toEqual([`${'c'.repeat(64)}.${process.pid}-0badc0de.partial`]);
  });

  it('brings an archive up to the schema once and keeps it: a second instance reads the kept file', async () => {
    expect((await view(committee, installed.classId)).status).toBe(204);
    const families = await committee.get<Family[]>('/api/families');
    expect(families.body.map((one) => one.graduateName).sort()).toEqual([
      'Andrea Morales',
      'Fernando Díaz',
      'Gabriela Ruiz',
      'Pablo Castillo',
    ]);
    const kept = path.join(folder, `${installed.archiveFile}.${ARCHIVE_SCHEMA}.sqlite`);
    const made = statSync(kept).mtimeMs;
    expect(readdirSync(folder).filter((name) => name.endsWith('.partial'))).toHaveLength(1);

    const second = await startSecondApi(api, { ARCHIVES_DIR: folder });
    try {
      const other = await sessionAgent(second, installed.admin.id);
      expect((await view(other, installed.classId)).status).toBe(204);
      expect((await other.get<Family[]>('/api/families')).body).toEqual(families.body);
      expect(statSync(kept).mtimeMs).toBe(made);
    } finally {
      await second.close();
    }
  });

  it('serves three archives to readers at once with two instances at most, each answering its own class', async () => {
    const archives = api.app.get(ClassArchives);
    const classIds = [installed.classId, ...installed.copyIds];
    expect(classIds).toHaveLength(3);
    const agents = await Promise.all(classIds.map(() => sessionAgent(api, installed.admin.id)));
    await Promise.all(agents.map((agent, index) => view(agent, classIds[index]!)));
    let most = 0;
    const answers = await Promise.all(
      agents.flatMap((agent) =>
        [1, 2, 3].map(async () => {
          const answer = await agent.get<Family[]>('/api/families');
          most = Math.max(most, archives.serving);
          return answer.status;
        }),
      ),
    );
    expect(answers).toEqual(Array(9).fill(200));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
    expect(archives.serving).toBeLessThanOrEqual(2);
  });

  it('reads a changed day of access at the next request on every instance, not only the one that changed it', async () => {
    const second = await startSecondApi(api, { ARCHIVES_DIR: folder });
    try {
      const otherFamily = await sessionAgent(second, installed.parent.id);
      expect((await view(family, installed.classId)).status).toBe(204);
      expect((await view(otherFamily, installed.classId)).status).toBe(204);
      // Both instances have started the archive with the day as it was.
      for (const agent of [family, otherFamily])
        expect((await agent.get<MyClass>('/api/my-class')).body.schoolClass.familiesReadUntil).toBe('2099-03-31');
      const changed = await committee.put(`/api/classes/${installed.classId}/families-read-until`, { familiesReadUntil: '2099-06-30' });
      expect(changed.status).toBe(200);
      for (const agent of [family, otherFamily])
        expect((await agent.get<MyClass>('/api/my-class')).body.schoolClass.familiesReadUntil).toBe('2099-06-30');
    } finally {
      await second.close();
    }
  });

  it('answers a file that cannot be read with an error, leaves no copy of it, and keeps serving the others', async () => {
    const broken = await putFile(api.config.filesDir, Buffer.from('no es una base de datos SQLite'));
    await api.dataSource.getRepository(ClassEntity).update({ id: installed.copyIds[0]! }, { archiveFile: broken });
    const agent = await sessionAgent(api, installed.admin.id);
    expect((await view(agent, installed.copyIds[0]!)).status).toBe(204);
    const failed = await agent.get('/api/families');
    expect(failed.status).toBe(500);
    expect(failed.text).not.toContain('SQLITE');
    expect(readdirSync(folder).filter((name) => name.startsWith(broken))).toEqual([]);
    expect((await committee.get<Family[]>('/api/families')).status).toBe(200);
  });
});
