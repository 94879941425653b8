// Lighthouse in its default mobile mode (simulated slow 4G, 4x slower CPU) on the built portal:
// `/` and `/auth` signed out, `/parent` and `/admin` signed in as the demo accounts. Each page runs
// RUNS times (LIGHTHOUSE_RUNS, default 3); the medians are reported. Run: npx tsx bench/lighthouse.ts
// (builds first if dist/ is missing). CHROME_PATH picks the browser (default /usr/bin/chromium).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, startPortal } from '../e2e/support/portal';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ALL_PAGES: Array<{ path: string; user?: string }> = [
  { path: '/' },
  { path: '/auth' },
  { path: '/parent', user: 'padre' },
  { path: '/admin', user: 'admin' },
];
/** LIGHTHOUSE_PAGES=/parent,/admin measures only those (to compare two builds quickly). */
const PAGES = process.env.LIGHTHOUSE_PAGES
  ? ALL_PAGES.filter((page) => process.env.LIGHTHOUSE_PAGES!.split(',').includes(page.path))
  : ALL_PAGES;
const TARGETS = { performance: 95, lcpMs: 2000, tbtMs: 150, others: 100 };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  lcpElement: string;
  /** Audits of accessibility, best practices and SEO that did not pass: what keeps them from 100. */
  failing: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Signs in and returns the cookies the API set (the session and the role hint). */
async function signIn(url: string, username: string): Promise<Array<{ name: string; value: string }>> {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password: 'graduacion2026' }),
  });
  const cookies = response.headers.getSetCookie().map((value) => {
    const [name, ...rest] = value.split(';')[0]!.split('=');
    return { name: name!, value: rest.join('=') };
  });
  if (!response.ok || !cookies.some((cookie) => cookie.name === 'portal_session')) {
    throw new Error(`No se pudo iniciar sesión como ${username}: ${response.status}`);
  }
  return cookies;
}

/**
 * Puts the cookies in the browser's jar, as a sign-in would (Lighthouse keeps cookies between
 * runs; its extraHeaders would send them without the page's scripts seeing the role hint).
 */
async function setCookies(port: number, url: string, cookies: Array<{ name: string; value: string }>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, url })));
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (!['shell', 'admin-app', 'parent-app', 'api'].every((app) => existsSync(path.join(ROOT, app, 'dist')))) {
    execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'shell', 'admin-app', 'parent-app', 'api', '--output-style=static'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  // ES modules only: loaded at run time from this CommonJS script.
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  // Signed in as the demo accounts, which production refuses; NODE_ENV changes nothing served.
  const portal = await startPortal({ NODE_ENV: 'test' });
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results: Array<{ page: string; median: Run; runs: Run[] }> = [];
  try {
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // A new session each run: the page is measured as a first visit of a signed-in user.
        if (page.user) await setCookies(chrome.port, portal.url, await signIn(portal.url, page.user));
        // Now and then Lighthouse loses the trace of a load (NO_NAVSTART) and scores it 0: that
        // run is measured again rather than counted.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt += 1) {
          result = await lighthouse(`${portal.url}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          });
          const error = result?.lhr.runtimeError;
          if (!error || attempt === 3) break;
          console.log(`${page.path}: Lighthouse failed (${error.code}), measuring again`);
        }
        if (!result) throw new Error(`Lighthouse no devolvió resultado para ${page.path}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse falló en ${page.path}: ${result.lhr.runtimeError.message}`);
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const lcpItems = (
          audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> }
        )?.items;
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet?.slice(0, 80) ?? '',
          failing: ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
            (categories[id]?.auditRefs ?? [])
              .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
              .map((ref) => `${id}: ${ref.id}`),
          ),
        });
      }
      const pick = (key: Exclude<keyof Run, 'lcpElement' | 'failing'>) => median(runs.map((run) => run[key]));
      results.push({
        page: page.path,
        runs,
        median: {
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          bestPractices: pick('bestPractices'),
          seo: pick('seo'),
          fcpMs: pick('fcpMs'),
          lcpMs: pick('lcpMs'),
          tbtMs: pick('tbtMs'),
          lcpElement: runs[0]!.lcpElement,
          failing: [...new Set(runs.flatMap((run) => run.failing))],
        },
      });
    }
  } finally {
    chrome.kill();
    await portal.stop();
  }

  console.table(
    results.map(({ page, median: m }) => ({
      page,
      performance: m.performance,
      'FCP ms': m.fcpMs,
      'LCP ms': m.lcpMs,
      'TBT ms': m.tbtMs,
      accessibility: m.accessibility,
      'best practices': m.bestPractices,
      SEO: m.seo,
      'LCP element': m.lcpElement,
    })),
  );
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench/results/lighthouse.json'),
    JSON.stringify({ date: new Date().toISOString(), runs: RUNS, results }, null, 2),
  );
  const missed = results.filter(
    ({ median: m }) =>
      m.performance < TARGETS.performance ||
      m.lcpMs > TARGETS.lcpMs ||
      m.tbtMs > TARGETS.tbtMs ||
      Math.min(m.accessibility, m.bestPractices, m.seo) < TARGETS.others,
  );
  for (const { page, median: m } of results) if (m.failing.length > 0) console.log(`${page} failing audits: ${m.failing.join(', ')}`);
  if (missed.length > 0) console.log(`Targets missed on: ${missed.map((row) => row.page).join(', ')}`);
}

void main();
