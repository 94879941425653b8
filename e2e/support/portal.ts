// Starts the built portal (`node api/dist/main.js`, as `npm start` does) on a free port with a
// fresh SQLite file and the demo data, for one browser suite (or, for a benchmark comparing two
// builds, another checkout's: `root`). In the browser suite the demo is made once per run
// (support/global-setup.ts) and each portal starts on a copy of it, as the API suites' databases do.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

export interface Portal {
  url: string;
  /** The `node api/dist/main.js` process. */
  process: ChildProcess;
  /** What it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The portal exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/config`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The portal did not start in 60 s:\n${output()}`);
}

/** Where support/global-setup.ts leaves the folder of a demo portal made once for the run. */
export const DEMO_TEMPLATE_ENV = 'PORTAL_E2E_DEMO';

/** The demo's database and files put where a portal about to start reads them, if it seeds the demo. */
function copyDemo(env: Record<string, string>, root: string): void {
  const template = process.env[DEMO_TEMPLATE_ENV];
  // Another checkout's build may have other migrations: it makes its own demo.
  if (!template || root !== ROOT || env.SEED_DEMO !== 'true' || existsSync(env.SQLITE_PATH!)) return;
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(path.join(template, `portal.sqlite${suffix}`)))
      cpSync(path.join(template, `portal.sqlite${suffix}`), `${env.SQLITE_PATH!}${suffix}`);
  cpSync(path.join(template, 'files'), env.FILES_DIR!, { recursive: true });
}

export async function startPortal(env: Record<string, string> = {}, root = ROOT): Promise<Portal> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  let output = '';
  const portalEnv: Record<string, string> = {
    SQLITE_PATH: path.join(dir, 'portal.sqlite'),
    // Receipts and invoices beside it, not in the repository's data/files.
    FILES_DIR: path.join(dir, 'files'),
    // The archives it reads, kept migrated, go with it too.
    ARCHIVES_DIR: path.join(dir, 'archives'),
    SEED_DEMO: 'true',
    ...env,
  };
  copyDemo(portalEnv, root);
  const child = spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Links in e-mails lead back to this portal.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...portalEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, child, () => output);
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      // A process ended by a signal has no exit code, only a signal code.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
