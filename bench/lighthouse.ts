// Lighthouse in its default mobile mode (simulated slow 4G, 4x slower CPU) on the built portal:
// `/` and `/auth` signed out, `/parent` and `/admin` signed in as the demo accounts. Each page runs
// RUNS times (LIGHTHOUSE_RUNS, default 3); the medians are reported. Run: npx tsx bench/lighthouse.ts
// (builds first if dist/ is missing). CHROME_PATH picks the browser (default /usr/bin/chromium).
//
// Two builds compared: LIGHTHOUSE_COMPARE=<another checkout, built> LIGHTHOUSE_RUNS=5 npx tsx
// bench/lighthouse.ts starts both portals and measures each page on them in turn (A, B, then B, A,
// ...), so a machine shared with other work slows both alike. LIGHTHOUSE_SAVE=1 also writes each
// run's report and trace to bench/results/lighthouse-<build>-<page>-<run>.{report,trace}.json.
// Each page's medians are followed by where its time goes: the LCP's phases (TTFB, load delay, load
// time, render delay) and the main thread's work by kind and by script ('Unattributable': work
// Lighthouse ties to no script: the document's parsing, style, layout and paint).
//
// Lighthouse simulates the phone from the tasks' wall time: when other processes share the CPUs,
// the page's tasks last longer than their work and its TBT grows with them. Each load is therefore
// gathered once and scored twice: as measured, and from the same trace with each of the page's
// main-thread tasks shortened to the CPU time its thread got (`on CPU time`: what Lighthouse would
// report on an otherwise idle machine of this speed). `wall/CPU` says how much longer the page's
// tasks lasted than their work.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { default as runLighthouse, Flags } from 'lighthouse';
import { ROOT, startPortal, type Portal } from '../e2e/support/portal';

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
  /** The main thread's long tasks as Lighthouse simulates them: `<script or 'Unattributable'> <ms>`. */
  longTasks: string[];
  /** The same load scored from its tasks' CPU time instead of their wall time: see the header. */
  onCpu: { performance: number; lcpMs: number; tbtMs: number };
  wallPerCpu: number;
  /** Where the LCP's time goes (ms): the document's first byte, the wait before its resource loads, its load, its paint after. */
  lcpPhases: Record<string, number>;
  /** The main thread's work by kind ('Script Evaluation', 'Style & Layout', ...) and by script ('Unattributable' included), ms. */
  byKind: Record<string, number>;
  byScript: Record<string, number>;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; processId?: number } };
}

/** The page's renderer main thread in a trace. */
function pageMainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const commit = events.find((event) => event.name === 'FrameCommittedInBrowser' && event.args?.data?.url?.startsWith('http'));
  const pid = commit?.args?.data?.processId;
  const tid = events.find((event) => event.name === 'thread_name' && event.pid === pid && event.args?.name === 'CrRendererMain')?.tid;
  return pid === undefined || tid === undefined ? null : { pid, tid };
}

/**
 * Shortens each of the page's main-thread tasks to the CPU time its thread got (`tdur`), what it
 * holds scaled with it; returns the tasks' wall time over their CPU time.
 */
function toCpuTime(events: TraceEvent[]): number {
  const main = pageMainThread(events);
  if (!main) throw new Error('No page main thread in the trace');
  const own = events.filter((event) => event.pid === main.pid && event.tid === main.tid).sort((a, b) => a.ts - b.ts);
  const tasks = own.filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.dur && event.tdur !== undefined);
  let wall = 0;
  let cpu = 0;
  let next = 0;
  for (const task of tasks) {
    const start = task.ts;
    const end = task.ts + task.dur!;
    const ratio = Math.min(1, task.tdur! / task.dur!);
    wall += task.dur!;
    cpu += task.tdur!;
    while (next < own.length && own[next]!.ts < start) next += 1;
    for (let index = next; index < own.length && own[index]!.ts <= end; index += 1) {
      const event = own[index]!;
      if (event !== task && event.ts + (event.dur ?? 0) > end) continue;
      event.ts = start + (event.ts - start) * ratio;
      if (event.dur !== undefined) event.dur *= ratio;
    }
  }
  return cpu > 0 ? wall / cpu : NaN;
}

interface Build {
  /** The checkout's commit, `+` when its files differ from it. */
  name: string;
  root: string;
  portal?: Portal;
}

const RESULTS = path.join(ROOT, 'bench/results');

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

function commitOf(root: string): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
  return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? '+' : '');
}

function buildIfMissing(root: string): void {
  if (['shell', 'admin-app', 'parent-app', 'api'].every((app) => existsSync(path.join(root, app, 'dist')))) return;
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'shell', 'admin-app', 'parent-app', 'api', '--output-style=static'], {
    cwd: root,
    stdio: 'inherit',
  });
}

type Lighthouse = typeof runLighthouse;

/** One Lighthouse run of `page` on `build`'s portal. */
async function measure(lighthouse: Lighthouse, port: number, build: Build, page: (typeof PAGES)[number], run: number): Promise<Run> {
  const url = build.portal!.url;
  // A new session each run: the page is measured as a first visit of a signed-in user.
  if (page.user) await setCookies(port, url, await signIn(url, page.user));
  // Gathered into a folder, then scored twice. Now and then Lighthouse loses the trace of a load
  // (NO_NAVSTART) and scores it 0: that run is measured again rather than counted.
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  let result: Awaited<ReturnType<Lighthouse>>;
  let onCpu: Awaited<ReturnType<Lighthouse>>;
  let wallPerCpu: number;
  try {
    for (let attempt = 1; ; attempt += 1) {
      await lighthouse(`${url}${page.path}`, { ...flags, gatherMode: dir });
      result = await lighthouse(undefined, { ...flags, auditMode: dir });
      const error = result?.lhr.runtimeError;
      if (!error || attempt === 3) break;
      console.log(`${page.path}: Lighthouse failed (${error.code}), measuring again`);
    }
    if (!result) throw new Error(`Lighthouse no devolvió resultado para ${page.path}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse falló en ${page.path}: ${result.lhr.runtimeError.message}`);
    const traceFile = path.join(dir, 'defaultPass.trace.json');
    const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] };
    wallPerCpu = toCpuTime(trace.traceEvents);
    writeFileSync(traceFile, JSON.stringify(trace));
    onCpu = await lighthouse(undefined, { ...flags, auditMode: dir });
    if (!onCpu || onCpu.lhr.runtimeError) throw new Error(`Lighthouse no puntuó ${page.path} con el tiempo de CPU`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.LIGHTHOUSE_SAVE === '1') {
    const file = `lighthouse-${build.name}-${page.path.slice(1) || 'landing'}-${run + 1}`;
    writeFileSync(path.join(RESULTS, `${file}.report.json`), JSON.stringify(result.lhr));
    writeFileSync(path.join(RESULTS, `${file}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const lcpItems = (
    audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> }
  )?.items;
  const longTasks = (audits['long-tasks']?.details as { items?: Array<{ url?: string; duration?: number }> } | undefined)?.items ?? [];
  type Table<T> = { items?: T[] } | undefined;
  const phases = (lcpItems as Array<Table<{ phase?: string; timing?: number }>> | undefined)?.[1]?.items ?? [];
  const kinds = (audits['mainthread-work-breakdown']?.details as Table<{ groupLabel?: string; duration?: number }>)?.items ?? [];
  const scripts = (audits['bootup-time']?.details as Table<{ url?: string; total?: number }>)?.items ?? [];
  const ms = <T>(items: T[], key: (item: T) => string | undefined, value: (item: T) => number | undefined) =>
    Object.fromEntries(items.map((item) => [key(item) ?? '?', Math.round(value(item) ?? 0)]));
  return {
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
    longTasks: longTasks.map((task) => `${(task.url ?? '').replace(url, '')} ${Math.round(task.duration ?? 0)}`),
    onCpu: {
      performance: Math.round((onCpu.lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(onCpu.lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(onCpu.lhr.audits['total-blocking-time']?.numericValue ?? 0),
    },
    wallPerCpu: Math.round(wallPerCpu * 10) / 10,
    lcpPhases: ms(
      phases,
      (item) => item.phase,
      (item) => item.timing,
    ),
    byKind: ms(
      kinds,
      (item) => item.groupLabel,
      (item) => item.duration,
    ),
    byScript: ms(
      scripts,
      (item) => (item.url ?? '').replace(url, '') || 'Unattributable',
      (item) => item.total,
    ),
  };
}

/** Each key's median over the runs (a key a run lacks counts as 0 there), largest first. */
function medians(records: Array<Record<string, number>>): Record<string, number> {
  const keys = [...new Set(records.flatMap((record) => Object.keys(record)))];
  return Object.fromEntries(
    keys.map((key) => [key, median(records.map((record) => record[key] ?? 0))] as const).sort((a, b) => b[1] - a[1]),
  );
}

function summary(runs: Run[]): Run {
  const pick = (key: Exclude<keyof Run, 'lcpElement' | 'failing' | 'longTasks' | 'onCpu' | 'lcpPhases' | 'byKind' | 'byScript'>) =>
    median(runs.map((run) => run[key]));
  const pickOnCpu = (key: keyof Run['onCpu']) => median(runs.map((run) => run.onCpu[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    lcpElement: runs[0]!.lcpElement,
    failing: [...new Set(runs.flatMap((run) => run.failing))],
    longTasks: [],
    onCpu: { performance: pickOnCpu('performance'), lcpMs: pickOnCpu('lcpMs'), tbtMs: pickOnCpu('tbtMs') },
    wallPerCpu: pick('wallPerCpu'),
    lcpPhases: medians(runs.map((run) => run.lcpPhases)),
    byKind: medians(runs.map((run) => run.byKind)),
    byScript: medians(runs.map((run) => run.byScript)),
  };
}

async function main(): Promise<void> {
  const other = process.env.LIGHTHOUSE_COMPARE ? path.resolve(process.env.LIGHTHOUSE_COMPARE) : undefined;
  const builds: Build[] = [ROOT, ...(other ? [other] : [])].map((root) => ({ name: commitOf(root), root }));
  if (builds[1]?.name === builds[0]!.name) builds[1]!.name += `-${path.basename(builds[1]!.root)}`;
  for (const build of builds) buildIfMissing(build.root);
  mkdirSync(RESULTS, { recursive: true });
  // ES modules only: loaded at run time from this CommonJS script.
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results: Array<{ page: string; build: string; median: Run; runs: Run[] }> = [];
  try {
    // Signed in as the demo accounts, which production refuses; NODE_ENV changes nothing served.
    for (const build of builds) build.portal = await startPortal({ NODE_ENV: 'test' }, build.root);
    for (const page of PAGES) {
      const runs = new Map<Build, Run[]>(builds.map((build) => [build, []]));
      for (let run = 0; run < RUNS; run += 1) {
        // Each build goes first every other time: neither always follows the other.
        const order = run % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) runs.get(build)!.push(await measure(lighthouse, chrome.port, build, page, run));
      }
      for (const build of builds) {
        results.push({ page: page.path, build: build.name, runs: runs.get(build)!, median: summary(runs.get(build)!) });
      }
    }
  } finally {
    chrome.kill();
    for (const build of builds) await build.portal?.stop();
  }

  const range = (runs: Run[], key: 'tbtMs' | 'lcpMs') =>
    `${Math.min(...runs.map((run) => run[key]))}-${Math.max(...runs.map((run) => run[key]))}`;
  console.table(
    results.map(({ page, build, runs, median: m }) => ({
      page,
      ...(builds.length > 1 ? { build } : {}),
      performance: m.performance,
      'FCP ms': m.fcpMs,
      'LCP ms': m.lcpMs,
      'TBT ms': m.tbtMs,
      'TBT runs': range(runs, 'tbtMs'),
      'on CPU time: performance': m.onCpu.performance,
      'LCP ms ': m.onCpu.lcpMs,
      'TBT ms ': m.onCpu.tbtMs,
      'wall/CPU': m.wallPerCpu,
      accessibility: m.accessibility,
      'best practices': m.bestPractices,
      SEO: m.seo,
      'LCP element': m.lcpElement,
    })),
  );
  // Where each page's time goes, as medians: the LCP's phases, the main thread's work by kind and by script.
  const list = (record: Record<string, number>, top = 6) =>
    Object.entries(record)
      .slice(0, top)
      .map(([key, value]) => `${key} ${value}`)
      .join(' · ');
  for (const { page, build, median: m } of results) {
    console.log(`${page}${builds.length > 1 ? ` (${build})` : ''}`);
    console.log(`  LCP phases, ms: ${list(m.lcpPhases)}`);
    console.log(`  main thread by kind, ms: ${list(m.byKind)}`);
    console.log(`  main thread by script, ms: ${list(m.byScript)}`);
  }
  writeFileSync(
    path.join(RESULTS, 'lighthouse.json'),
    JSON.stringify({ date: new Date().toISOString(), runs: RUNS, builds: builds.map((build) => build.name), results }, null, 2),
  );
  // The targets are this checkout's.
  const own = results.filter((row) => row.build === builds[0]!.name);
  const missed = own.filter(
    ({ median: m }) =>
      m.performance < TARGETS.performance ||
      m.lcpMs > TARGETS.lcpMs ||
      m.tbtMs > TARGETS.tbtMs ||
      Math.min(m.accessibility, m.bestPractices, m.seo) < TARGETS.others,
  );
  for (const { page, median: m } of own) if (m.failing.length > 0) console.log(`${page} failing audits: ${m.failing.join(', ')}`);
  if (missed.length > 0) console.log(`Targets missed on: ${missed.map((row) => row.page).join(', ')}`);
}

void main();
