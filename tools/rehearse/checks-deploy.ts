// The rehearsal's deployments: one remote updated or redeployed alone, two API instances, and
// one killed during writes.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { Client, assert, check, compose, composeAsync, containers, deployed, expectStatus, up, DOMAIN, PUBLIC_URL, ROOT } from './support';

export async function deployChecks({ admin, parent }: { admin: Client; parent: Client }): Promise<void> {
  await check(
    'an update of parent-app alone: the proxy, the API, the backups, the shell and admin-app stay as they were, open pages still get the old chunks',
    async () => {
      const others = ['proxy', 'api', 'backup', 'shell', 'admin-app'];
      // The stack as a plain `up` leaves it: a container an earlier check started with --no-deps
      // (the API's) carries another configuration hash, and the next full `up` replaces it once.
      up();
      const before = Object.fromEntries(others.map((service) => [service, deployed(service)]));
      const parentBefore = deployed('parent-app');
      const oldChunks = compose(['exec', '-T', 'parent-app', 'ls', '/build'])
        .split('\n')
        .filter((name) => /\.[0-9a-f]{10}\.js$/.test(name));
      assert(oldChunks.length > 0, 'no hashed chunk in parent-app');
      // A change to the parent app's source, as a `git pull` brings (rehearse.sh puts the file back).
      const source = path.join(ROOT, 'parent-app/src/App.tsx');
      const original = readFileSync(source, 'utf8');
      writeFileSync(source, `${original}\nconsole.info('ensayo ${Date.now()}');\n`);
      try {
        // docs/deployment.md 'Updating': every image is built again from the changed tree.
        await composeAsync(['up', '-d', '--build', '--wait', '--wait-timeout', '240']);
      } finally {
        writeFileSync(source, original);
      }
      const changed = others.filter((service) => deployed(service) !== before[service]);
      assert(
        changed.length === 0,
        `rebuilt or restarted although unchanged: ${changed.map((s) => `${s} (${before[s]} -> ${deployed(s)})`).join('; ')}`,
      );
      assert(deployed('parent-app') !== parentBefore, 'parent-app was not redeployed');
      const newChunks = compose(['exec', '-T', 'parent-app', 'ls', '/build']).split('\n');
      const gone = oldChunks.filter((name) => !newChunks.includes(name));
      assert(gone.length > 0, 'the change left every chunk of parent-app as it was');
      const client = new Client();
      for (const name of gone) expectStatus(await client.get(`/remotes/parent/${name}`), 200, `the previous build's ${name}`);
      return `${others.join(', ')}: same image, container and start; ${gone.length} chunks of the previous build still served`;
    },
  );

  await check('--scale api=2: both instances answer in turn and share the sign-in limits', async () => {
    up(['--scale', 'api=2']);
    const instances = containers('api');
    assert(instances.length === 2, `${instances.length} api containers`);
    // Caddy finds the second instance by name within its refresh (5 s).
    await sleep(6000);
    const logins = (id: string) =>
      execFileSync('docker', ['logs', id], { encoding: 'utf8', stdio: 'pipe' }).split('"url":"/api/login"').length;
    const before = instances.map(logins);
    const stranger = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await stranger.post('/api/login', { username: 'nadie.rehearsal', password: `mala-${i}` })).status);
    assert(
      statuses.slice(0, 5).every((status) => status === 401),
      `first five: ${statuses.join(',')}`,
    );
    assert(statuses[5] === 429, `sixth try: ${statuses[5]} (the instances do not share the counters)`);
    const after = instances.map(logins);
    const served = after.map((count, i) => count - before[i]!);
    assert(
      served.every((count) => count > 0),
      `sign-ins served per instance: ${served.join(', ')}`,
    );
    return `tries served per instance: ${served.join(' and ')}; the sixth refused with 429`;
  });

  await check('an API instance killed (SIGKILL) during writes: nothing acknowledged is lost', async () => {
    const acknowledged: number[] = [];
    const failed = new Map<string, number>();
    const firstAnswers = new Map<string, string>();
    const fail = (why: string, text = '') => {
      failed.set(why, (failed.get(why) ?? 0) + 1);
      if (!firstAnswers.has(why)) firstAnswers.set(why, text.slice(0, 120));
    };
    let stop = false;
    const writer = async (worker: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const answer = await admin.post('/api/families', {
            graduateName: `Escritura ${worker}-${i}`,
            contactName: `Contacto ${worker}-${i}`,
            email: `escritura.${worker}.${i}@example.com`,
            phone: '5555-0000',
          });
          if (answer.status === 201 || answer.status === 200) acknowledged.push(answer.json().id);
          else fail(String(answer.status), answer.text);
        } catch (error) {
          fail((error as NodeJS.ErrnoException).code ?? 'error');
        }
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    await sleep(2000);
    const [victim] = containers('api');
    execFileSync('docker', ['kill', '--signal', 'KILL', victim!], { stdio: 'pipe' });
    await sleep(4000);
    stop = true;
    await Promise.all(writers);
    up(['--scale', 'api=2']);
    const families: Array<{ id: number }> = (await admin.get('/api/families')).json();
    const stored = new Set(families.map((family) => family.id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    assert(acknowledged.length > 20, `only ${acknowledged.length} writes acknowledged`);
    assert(lost.length === 0, `acknowledged but lost: ${lost.join(', ')}`);
    // What a phone shows meanwhile: the API's own kind of answer, a Spanish message.
    for (const [why, text] of firstAnswers) assert(!/^\d+$/.test(why) || text.startsWith('{"statusCode"'), `answer ${why}: ${text}`);
    const failures = [...failed].map(([why, count]) => `${count} x ${why} (${firstAnswers.get(why) || 'no answer'})`).join(', ');
    return `${acknowledged.length} writes acknowledged, all stored; not acknowledged: ${failures || 'none'}`;
  });

  await check('the admin remote rebuilt and redeployed alone: a parent’s pages keep working, the admin sees the new build', async () => {
    const untouched = ['shell', 'parent-app', 'proxy'].map((service) => containers(service)[0]);
    const buildId = `ensayo-${Date.now()}`;
    let stop = false;
    const parentRequests = { ok: 0, failed: [] as string[] };
    const parentPages = (async () => {
      while (!stop) {
        for (const url of ['/parent', '/remotes/parent/remoteEntry.js', '/api/my-family', '/api/my-family/payment-proofs']) {
          const answer = await parent.get(url).catch((error: Error) => ({ status: 0, text: error.message }));
          if (answer.status === 200) parentRequests.ok++;
          else parentRequests.failed.push(`${url} ${answer.status}`);
        }
        await sleep(200);
      }
    })();
    try {
      await composeAsync(['build', '--build-arg', `BUILD_ID=${buildId}`, 'admin-app']);
      await composeAsync(['up', '-d', '--no-build', '--no-deps', '--wait', 'admin-app']);
    } finally {
      stop = true;
      await parentPages;
    }
    assert(parentRequests.failed.length === 0, `the parent's requests that failed: ${parentRequests.failed.join(', ')}`);
    const after = ['shell', 'parent-app', 'proxy'].map((service) => containers(service)[0]);
    assert(JSON.stringify(after) === JSON.stringify(untouched), 'the shell, parent-app or proxy container was replaced');
    // The admin, in a browser, at the next page load.
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [`--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`, '--no-sandbox'],
    });
    try {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const [name, value] = [...admin.cookies].find(([cookie]) => cookie === 'portal_session')!;
      await context.addCookies([{ name, value, domain: DOMAIN, path: '/', secure: true, httpOnly: true, sameSite: 'Lax' }]);
      const page = await context.newPage();
      await page.goto(`${PUBLIC_URL}/admin`);
      await page.getByText(`Versión ${buildId}`).waitFor({ timeout: 30_000 });
    } finally {
      await browser.close();
    }
    return `${parentRequests.ok} parent requests answered during the redeploy, none failed; the admin panel shows 'Versión ${buildId}'`;
  });
}
