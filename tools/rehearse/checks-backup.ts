// The rehearsal's backups: a copy and a restore, a full backups volume, and the stack stopped
// and started again.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Client,
  ADMIN,
  PARENT,
  assert,
  check,
  compose,
  containers,
  expectStatus,
  health,
  mailsTo,
  multipart,
  MULTIPART,
  pdf,
  signIn,
  until,
  up,
  ROOT,
} from './support';

export async function backupChecks(stack: {
  admin: Client;
  parent: Client;
  familyId: number;
  receiptId: number;
  storedReceipt: Buffer;
}): Promise<void> {
  const { admin, parent, familyId, receiptId, storedReceipt } = stack;
  await check('a backup (into the backups volume) and a restore: a change made after the copy is gone, the rest is back', async () => {
    const written = compose(['exec', '-T', 'api', 'node', 'api/dist/backup.js', 'backup']);
    const file = /written to (\S+)/.exec(written)?.[1];
    assert(file, `backup: ${written}`);
    const later = await admin.post('/api/families', {
      graduateName: 'Después de la copia',
      contactName: 'Tardía',
      email: 'tardia@example.com',
      phone: '5555-9999',
    });
    assert(later.status === 201 || later.status === 200, `a later family: ${later.status}`);
    // The dashboard's card: the copy just taken is the last good one.
    const status = await admin.get('/api/backup-status');
    expectStatus(status, 200, 'the backup status');
    const { configured, lastGood, failure } = status.json();
    assert(configured && lastGood?.file === path.basename(file) && failure === null, `the backup status: ${status.text}`);
    // As root (RESTORE_DATABASE_URL): through a scratch database, switched at once.
    const rootPassword = /^MARIADB_ROOT_PASSWORD=(.*)$/m.exec(readFileSync(path.join(ROOT, '.env'), 'utf8'))?.[1];
    assert(rootPassword, 'no MARIADB_ROOT_PASSWORD in .env');
    // The password from the environment, as docs/deployment.md has it (never in a command line).
    const asRoot = ['-e', 'RESTORE_DATABASE_URL=mysql://root@db:3306', '-e', 'RESTORE_DATABASE_PASSWORD'];
    const restored = compose(['exec', '-T', ...asRoot, 'api', 'node', 'api/dist/backup.js', 'restore', file, '--yes'], {
      env: { RESTORE_DATABASE_PASSWORD: rootPassword },
    });
    assert(/Receipts: \d+ before, \d+ after\./.test(restored) && !/in place/.test(restored), `the restore: ${restored}`);
    compose(['restart', 'api']);
    up(['--scale', 'api=2']);
    const families: Array<{ id: number; graduateName: string }> = await until('the API after the restore', 60, async () => {
      const answer = await admin.get('/api/families');
      return answer.status === 200 ? answer.json() : undefined;
    });
    assert(!families.some((family) => family.graduateName === 'Después de la copia'), 'the family added after the copy is still there');
    assert(
      families.some((family) => family.id === familyId),
      'the family is missing after the restore',
    );
    expectStatus(await admin.get(`/api/payment-proofs/${receiptId}/file`), 200, 'the receipt after the restore');
    const daily = compose(['logs', 'backup']);
    assert(/every day at 02:30/.test(daily), `the backup service: ${daily.slice(-500)}`);

    // A copy cut short (a full disk, a killed job) is refused before anything changes.
    const cut = '/portal/backups/portal-2000-01-01-0000.sql.gz';
    compose(['exec', '-T', 'api', 'sh', '-c', `head -c 4000 ${file} > ${cut}`]);
    let refusal = '';
    try {
      compose(['exec', '-T', 'api', 'node', 'api/dist/backup.js', 'restore', cut, '--yes']);
    } catch (error) {
      refusal = error instanceof Error ? error.message : String(error);
    }
    assert(/is not a complete backup .*nothing was changed/.test(refusal), `the truncated copy: ${refusal.slice(-500)}`);
    const after = await admin.get('/api/families');
    assert(after.status === 200 && after.json().length === families.length, 'the truncated copy changed the families');
    return `${path.basename(file)}; the backup service waits for 02:30; a truncated copy refused`;
  });

  await check(
    'a full backups volume: the backup fails visibly (status, unhealthy, e-mail), nothing cut short is kept, the API serves',
    async () => {
      const dir = '/portal/backups';
      const copies = () =>
        compose(['exec', '-T', 'backup', 'ls', '-A', dir])
          .split('\n')
          .filter((name) => /^(portal-|\.portal-)/.test(name));
      const good = copies().filter((name) => /^portal-.*\.sql\.gz$/.test(name) && !name.startsWith('portal-2000-'));
      // The rehearsal's backups volume is a 64 MB tmpfs (compose.rehearsal.yml): filled to its last byte.
      spawnSync('docker', ['exec', containers('backup')[0]!, 'sh', '-c', `cat /dev/zero > ${dir}/filler`], { stdio: 'ignore' });
      let failed = '';
      try {
        compose(['exec', '-T', 'backup', 'node', 'api/dist/backup.js', 'backup']);
      } catch (error) {
        failed = error instanceof Error ? error.message : String(error);
      }
      assert(/ENOSPC|no space left/i.test(failed), `the backup on a full volume: ${failed.slice(-500) || 'it succeeded'}`);
      // Only the good copies are there: no copy cut short under a backup's name, no partial left.
      const left = copies();
      assert(
        JSON.stringify(left) === JSON.stringify(good),
        `the copies after the failure: ${left.join(', ')} (before: ${good.join(', ')})`,
      );
      const [backupContainer] = containers('backup');
      await until('the backup service unhealthy', 30, () => (health(backupContainer!) === 'unhealthy' ? true : undefined));
      const status = (await admin.get('/api/backup-status')).json();
      assert(
        /ENOSPC|no space/i.test(status.failure?.error ?? '') && status.lastGood?.file === good.at(-1),
        `the dashboard: ${JSON.stringify(status)}`,
      );
      const mail = await until('the admins’ e-mail about the failed backup', 30, () =>
        mailsTo(ADMIN.email).find((text) => /ENOSPC|no space/i.test(text)),
      );
      // The API keeps serving, receipts included (they live in the files volume).
      expectStatus(await admin.get('/api/families'), 200, 'the families while the backups volume is full');
      const upload = await parent.post(
        '/api/my-family/payment-proofs',
        multipart({ paymentNumber: '2' }, { data: pdf(200 * 1024), name: 'con-disco-lleno.pdf', type: 'application/pdf' }),
        MULTIPART,
      );
      assert(upload.status === 201 || upload.status === 200, `an upload while the backups volume is full: ${upload.status} ${upload.text}`);
      // Room again: the next copy is good and the service healthy.
      compose(['exec', '-T', 'backup', 'rm', `${dir}/filler`]);
      compose(['exec', '-T', 'backup', 'node', 'api/dist/backup.js', 'backup']);
      await until('the backup service healthy again', 30, () => (health(backupContainer!) === 'healthy' ? true : undefined));
      const subject = /^Subject: (.*)$/m.exec(mail)?.[1] ?? '';
      return `ENOSPC reported; ${good.length} good cop${good.length === 1 ? 'y' : 'ies'} kept, nothing else; e-mail "${subject}"; healthy again after a good copy`;
    },
  );

  await check('docker compose down and up again: the data, the sessions and the receipt are kept', async () => {
    compose(['down']);
    up();
    const families: Array<{ id: number }> = await until('the API after up', 60, async () => {
      const answer = await admin.get('/api/families');
      return answer.status === 200 ? answer.json() : undefined;
    });
    assert(
      families.some((family) => family.id === familyId),
      'the family is gone',
    );
    const file = await admin.get(`/api/payment-proofs/${receiptId}/file`);
    assert(file.status === 200 && file.body.equals(storedReceipt), 'the receipt is gone or changed');
    expectStatus(await parent.get('/api/my-family'), 200, "the parent's session");
    await signIn({ username: PARENT.username, password: PARENT.password });
    return `${families.length} families`;
  });
}
