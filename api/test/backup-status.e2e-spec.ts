import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackupStatusView } from '@portal/contracts';
import { BackupAlerts } from '../src/backup/backup-alerts';
import { recordBackupFailure, recordBackupSuccess } from '../src/backup/status';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { UserEntity } from '../src/users/user.entity';
import { UsersService } from '../src/users/users.service';
import { DATABASES, PASSWORD, startApi, startSecondApi, type TestApi } from './harness';

describe.each(DATABASES)('backup status for the committee (%s)', (kind) => {
  let api: TestApi;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-status-'));
    api = await startApi(kind, { BACKUP_DIR: dir });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const alerts = async () =>
    (await api.dataSource.getRepository(OutboxMessageEntity).findBy({ kind: 'backup-failed' })).map((mail) => mail.recipient).sort();

  it('says there is no backup service when BACKUP_DIR is unset (npm start), and only to admins', async () => {
    const plain = await startApi(kind);
    try {
      const admin = await plain.signedIn('admin');
      expect((await admin.get<BackupStatusView>('/api/backup-status')).body).toEqual({ configured: false, lastGood: null, failure: null });
      const parent = await plain.signedIn('parent');
      expect((await parent.get('/api/backup-status')).status).toBe(403);
      expect((await plain.agent().get('/api/backup-status')).status).toBe(401);
    } finally {
      await plain.close();
    }
  });

  it('shows the last good copy, then a failure newer than it, and e-mails each admin with an address once', async () => {
    const admin = await api.signedIn('admin', { email: 'tesorera@example.com' });
    await api.signedIn('admin', { email: 'presidente@example.com' });
    await api.signedIn('parent', { email: 'mama@example.com' });
    await api.app.get(UsersService).create({ name: 'Sin correo', username: 'sincorreo', email: null, password: PASSWORD, role: 'admin' });
    // An admin whose account was disabled hears nothing.
    const former = await api.signedIn('admin', { email: 'exmiembro@example.com' });
    await api.dataSource.getRepository(UserEntity).update(former.user.id, { disabledAt: new Date() });

    expect((await admin.get<BackupStatusView>('/api/backup-status')).body).toEqual({ configured: true, lastGood: null, failure: null });

    recordBackupSuccess(dir, path.join(dir, 'portal-2026-11-20-0830.sql.gz'), new Date('2026-11-20T08:30:05Z'));
    expect((await admin.get<BackupStatusView>('/api/backup-status')).body).toEqual({
      configured: true,
      lastGood: { file: 'portal-2026-11-20-0830.sql.gz', at: '2026-11-20T08:30:05.000Z' },
      failure: null,
    });
    await api.app.get(BackupAlerts).check();
    expect(await alerts()).toEqual([]);

    recordBackupFailure(dir, 'mysqldump failed (2): Got error: 1045', new Date('2026-11-21T08:30:00Z'));
    expect((await admin.get<BackupStatusView>('/api/backup-status')).body).toEqual({
      configured: true,
      lastGood: { file: 'portal-2026-11-20-0830.sql.gz', at: '2026-11-20T08:30:05.000Z' },
      failure: { at: '2026-11-21T08:30:00.000Z', error: 'mysqldump failed (2): Got error: 1045' },
    });
    // Two instances check at once, and again later, and the job fails again 10 minutes after:
    // the admins hear of it once.
    const second = await startSecondApi(api, { BACKUP_DIR: dir });
    try {
      await Promise.all([api.app.get(BackupAlerts).check(), second.app.get(BackupAlerts).check()]);
      recordBackupFailure(dir, 'mysqldump failed (2): Got error: 1045', new Date('2026-11-21T08:40:00Z'));
      await api.app.get(BackupAlerts).check();
    } finally {
      await second.close();
    }
    expect(await alerts()).toEqual(['presidente@example.com', 'tesorera@example.com']);
    const [mail] = await api.dataSource.getRepository(OutboxMessageEntity).findBy({ kind: 'backup-failed' });
    expect(mail!.subject).toMatch(/copia de seguridad/i);
    expect(mail!.text).toContain('Got error: 1045');

    // A good copy, then a new failure: a new e-mail.
    recordBackupSuccess(dir, path.join(dir, 'portal-2026-11-22-0830.sql.gz'), new Date('2026-11-22T08:30:05Z'));
    await api.app.get(BackupAlerts).check();
    expect(await alerts()).toHaveLength(2);
    recordBackupFailure(dir, 'No space left on device', new Date('2026-11-23T08:30:00Z'));
    await api.app.get(BackupAlerts).check();
    expect(await alerts()).toHaveLength(4);
  });

  it('still e-mails the admins once when the backups folder takes no file (a full disk)', async () => {
    recordBackupSuccess(dir, path.join(dir, 'portal-2026-11-24-0830.sql.gz'), new Date('2026-11-24T08:30:05Z'));
    recordBackupFailure(dir, 'No space left on device', new Date('2026-11-25T08:30:00Z'));
    const before = (await alerts()).length;
    const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    const write = jest.spyOn(fs, 'writeFileSync').mockImplementation(() => {
      throw full;
    });
    try {
      await api.app.get(BackupAlerts).check();
      await api.app.get(BackupAlerts).check();
    } finally {
      write.mockRestore();
    }
    expect((await alerts()).length - before).toBe(2);
  });
});
