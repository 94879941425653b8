// The API's folders and which reach which (docs/architecture.md, 'Layers'): every runtime import
// from one folder of api/src into another is an arrow (`import type` is not: it leaves nothing at
// run time). Folders that reach each other, directly or around a circle, form a knot (a strongly
// connected component). `npx tsx tools/layers.ts` prints the knots and the arrows that close them;
// `--check` (npm test) fails when a knot gains a folder or an arrow that tools/layers-known.json
// does not list (today: none), or when docs/architecture.md's picture of the layers is not the
// code's; `--write` records today's knots as known and redraws the picture.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'api/src');
const KNOWN = path.join(__dirname, 'layers-known.json');
const DOC = path.join(ROOT, 'docs/architecture.md');
const PICTURE = /(<!-- layers:start[^>]*-->\n)([\s\S]*?)(<!-- layers:end -->)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(name) && !/\.spec\.ts$/.test(name) ? [file] : [];
  });
}

/** The folder of api/src a file belongs to ('' for the files at its top: the app). */
const folderOf = (file: string) => {
  const relative = path.relative(SRC, file).split(path.sep);
  return relative.length > 1 ? relative[0]! : '';
};

/** Relative runtime imports (and re-exports) of one file: `import type` and `export type` leave. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'(\.[^']+)'/gms)) {
    if (!match[1]) found.push(match[2]!);
  }
  for (const match of text.matchAll(/(?:import|require)\(\s*'(\.[^']+)'\s*\)/g)) found.push(match[1]!);
  return found;
}

export function folderArrows(): Map<string, Set<string>> {
  const arrows = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const specifier of runtimeImports(file)) {
      const to = folderOf(path.resolve(path.dirname(file), specifier));
      if (!to || to === from || to.startsWith('..')) continue;
      if (!arrows.has(from)) arrows.set(from, new Set());
      arrows.get(from)!.add(to);
    }
  }
  return arrows;
}

/** Tarjan's strongly connected components with more than one folder. */
export function knots(arrows: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (folder: string) => {
    order.set(folder, index);
    low.set(folder, index);
    index += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const next of arrows.get(folder) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(folder, Math.min(low.get(folder)!, order.get(next)!));
    }
    if (low.get(folder) === order.get(folder)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== folder);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const folder of [...arrows.keys()].sort()) if (!order.has(folder)) visit(folder);
  return found.sort((a, b) => b.length - a.length);
}

/**
 * Each folder's layer, from the arrows: 0 for one that imports no other folder, else one above
 * the highest it imports (the folders of a knot, if any, are left out).
 */
export function layers(arrows: Map<string, Set<string>>, folders: string[]): Map<string, number> {
  const knotted = new Set(knots(arrows).flat());
  const level = new Map<string, number>();
  const visit = (folder: string): number => {
    if (!level.has(folder)) {
      const below = [...(arrows.get(folder) ?? [])].filter((to) => !knotted.has(to)).map(visit);
      level.set(folder, below.length ? Math.max(...below) + 1 : 0);
    }
    return level.get(folder)!;
  };
  for (const folder of folders) if (!knotted.has(folder)) visit(folder);
  return level;
}

/** The layers as docs/architecture.md draws them: the top first, each line its folders. */
function picture(arrows: Map<string, Set<string>>): string {
  const folders = readdirSync(SRC).filter((name) => statSync(path.join(SRC, name)).isDirectory());
  const level = layers(arrows, folders);
  const top = Math.max(...level.values());
  const lines = ['```text', `${top + 1}  the app (api/src/*.ts)`];
  for (let layer = top; layer >= 0; layer--) {
    const here = folders.filter((folder) => level.get(folder) === layer).sort();
    lines.push(`${layer}  ${here.join(', ')}`);
  }
  return `${[...lines, '```'].join('\n')}\n`;
}

interface Known {
  knotted: string[];
  arrows: string[];
}

function describeGraph(): Known & { total: number; knots: string[][] } {
  const arrows = folderArrows();
  const found = knots(arrows);
  const knotted = new Set(found.flat());
  const inside = [...arrows].flatMap(([from, targets]) =>
    [...targets].filter((to) => knotted.has(from) && knotted.has(to)).map((to) => `${from} -> ${to}`),
  );
  const total = [...arrows.values()].reduce((sum, targets) => sum + targets.size, 0);
  return { knotted: [...knotted].sort(), arrows: inside.sort(), total, knots: found };
}

async function main(): Promise<void> {
  const graph = describeGraph();
  console.log(`api/src: ${graph.total} arrows between folders; ${graph.knots.length} knot(s)`);
  for (const knot of graph.knots) console.log(`- ${knot.length} folders: ${knot.join(', ')}`);
  const drawn = picture(folderArrows());
  const doc = readFileSync(DOC, 'utf8');
  if (process.argv.includes('--write')) {
    // As the repository's formatter writes it, so the lint passes on what is recorded.
    const json = JSON.stringify({ knotted: graph.knotted, arrows: graph.arrows });
    writeFileSync(KNOWN, await format(json, { ...(await resolveConfig(KNOWN)), filepath: KNOWN }));
    writeFileSync(
      DOC,
      doc.replace(PICTURE, (_, start: string, _old: string, end: string) => `${start}\n${drawn}\n${end}`),
    );
    console.log(`recorded in ${path.relative(ROOT, KNOWN)} and ${path.relative(ROOT, DOC)}`);
    return;
  }
  if (!process.argv.includes('--check')) {
    console.log(drawn);
    return;
  }
  // Blank lines around it, as the formatter writes them.
  if (PICTURE.exec(doc)?.[2]?.trim() !== drawn.trim()) {
    console.error(`${path.relative(ROOT, DOC)}: its picture of the layers is not the code's (npx tsx tools/layers.ts --write)`);
    process.exitCode = 1;
  }
  const known = JSON.parse(readFileSync(KNOWN, 'utf8')) as Known;
  const newFolders = graph.knotted.filter((folder) => !known.knotted.includes(folder));
  const newArrows = graph.arrows.filter((arrow) => !known.arrows.includes(arrow));
  if (newFolders.length === 0 && newArrows.length === 0) {
    const gone = known.arrows.length - graph.arrows.length;
    console.log(`no new folder or arrow in a knot${gone > 0 ? ` (${gone} fewer than recorded: npx tsx tools/layers.ts --write)` : ''}`);
    return;
  }
  if (newFolders.length) console.error(`folders pulled into a knot: ${newFolders.join(', ')}`);
  for (const arrow of newArrows) console.error(`new arrow inside a knot: ${arrow}`);
  console.error('Point the import down the layers (docs/architecture.md, "Layers") or use an event.');
  process.exitCode = 1;
}

void main();
