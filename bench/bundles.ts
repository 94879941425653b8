// Bytes a first visit downloads, per role, measured in Chromium with an empty cache: every JS
// and CSS response until the network is idle, gzipped (level 9) here so the numbers do not
// depend on how the server compresses. Also checks that a parent gets no admin-app file and an
// admin no parent-app file. Run: npx tsx bench/bundles.ts (builds first if dist/ is missing);
// `--check` (npm test) also fails when a page's JS is over its target.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser';
import { ROOT, startPortal } from '../e2e/support/portal';

interface PageResult {
  page: string;
  jsGzipKB: number;
  cssGzipKB: number;
  files: number;
  /** JS of chunks loaded after the first screen (the dashboard's chart library). */
  targetKB: number | null;
  adminFiles: number;
  parentFiles: number;
  /** Every file, largest first: where the bytes go. */
  breakdown: Array<{ url: string; gzipKB: number }>;
}

const PAGES: Array<{ path: string; user?: string; targetKB: number | null }> = [
  { path: '/', targetKB: 125 },
  { path: '/auth', targetKB: null },
  // 145 until the shell's first code came in two files (tools/rspack.ts): two gzip streams cost
  // ~1 KB and earn 50-100 ms of Lighthouse's LCP on the signed-in pages.
  { path: '/parent', user: 'padre', targetKB: 146 },
  { path: '/admin', user: 'admin', targetKB: 175 },
];
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function main(): Promise<void> {
  if (!['shell', 'admin-app', 'parent-app', 'api'].every((app) => existsSync(path.join(ROOT, app, 'dist')))) {
    execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'shell', 'admin-app', 'parent-app', 'api', '--output-style=static'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  // The pages are measured signed in as the demo accounts, which production refuses; the API's
  // NODE_ENV changes nothing the browser downloads.
  const [browser, portal] = await Promise.all([launchBrowser(), startPortal({ NODE_ENV: 'test' })]);
  const results: PageResult[] = [];
  try {
    for (const { path: page, user, targetKB } of PAGES) {
      const context = await browser.newContext();
      if (user) await context.request.post(`${portal.url}/api/login`, { data: { username: user, password: 'graduacion2026' } });
      const tab = await context.newPage();
      const pending: Array<Promise<{ url: string; type: 'js' | 'css'; gzip: number } | null>> = [];
      tab.on('response', (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (!/javascript|text\/css/.test(type)) return;
        pending.push(
          response
            .body()
            .then((body) => ({
              url: new URL(response.url()).pathname,
              type: type.includes('css') ? ('css' as const) : ('js' as const),
              gzip: gzipSync(body, { level: 9 }).length,
            }))
            .catch(() => null),
        );
      });
      await tab.goto(`${portal.url}${page}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(1000);
      const files = (await Promise.all(pending)).filter((file) => file !== null);
      const sum = (list: typeof files) => kb(list.reduce((total, file) => total + file.gzip, 0));
      results.push({
        page,
        jsGzipKB: sum(files.filter((file) => file.type === 'js')),
        cssGzipKB: sum(files.filter((file) => file.type === 'css')),
        files: files.length,
        targetKB,
        adminFiles: files.filter((file) => file.url.startsWith('/remotes/admin/')).length,
        parentFiles: files.filter((file) => file.url.startsWith('/remotes/parent/')).length,
        breakdown: files.map((file) => ({ url: file.url, gzipKB: kb(file.gzip) })).sort((a, b) => b.gzipKB - a.gzipKB),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await portal.stop();
  }

  console.table(
    results.map((row) => ({
      page: row.page,
      'JS gzip KB': row.jsGzipKB,
      'CSS gzip KB': row.cssGzipKB,
      files: row.files,
      'target KB': row.targetKB ?? '-',
      'admin-app files': row.adminFiles,
      'parent-app files': row.parentFiles,
    })),
  );
  const leaks = results.filter(
    (row) =>
      (row.page === '/parent' && row.adminFiles > 0) ||
      (row.page === '/admin' && row.parentFiles > 0) ||
      (['/', '/auth'].includes(row.page) && row.adminFiles + row.parentFiles > 0),
  );
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/bundles.json'), JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
  const over = process.argv.includes('--check') ? results.filter((row) => row.targetKB !== null && row.jsGzipKB > row.targetKB) : [];
  for (const row of over) console.error(`${row.page}: ${row.jsGzipKB} KB of JS (gzip) on a first visit, over its ${row.targetKB} KB`);
  if (leaks.length > 0) console.error('A role downloaded the other role’s remote:', leaks.map((row) => row.page).join(', '));
  if (leaks.length + over.length > 0) process.exit(1);
}

void main();
