// The docs that name code: docs/contract.md's table of API routes and docs/architecture.md's index
// (screen -> component -> api-client hook -> route -> service -> test) are checked against the
// application's live route table, the panels' sections and the files they name, so that a route,
// a section or a moved file the docs do not know fails here.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, Reflector } from '@nestjs/core';
import ts from 'typescript';
import { IS_PUBLIC, ROLES } from '../src/common/auth.decorators';
import { apiRoutes } from '../src/common/routes';
import { ANY_DATABASE, startApi, type TestApi } from './harness';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface ServedRoute {
  route: string;
  controller: string;
  /** 'public', 'signed in', or the roles, sorted. */
  who: string;
}

/** Every route with the controller class that serves it and who may call it, from Nest's metadata. */
function servedRoutes(api: TestApi): ServedRoute[] {
  const reflector = new Reflector();
  const served: ServedRoute[] = [];
  for (const module of api.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined)
          continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
        const targets = [handler, controller];
        const roles = reflector.getAllAndOverride<string[] | undefined>(ROLES, targets);
        const who = reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)
          ? 'public'
          : roles
            ? [...roles].sort().join(', ')
            : 'signed in';
        for (const one of paths) {
          const url = ['api', prefix, one].flatMap((part) => part.split('/')).filter(Boolean);
          served.push({ route: `${method} /${url.join('/')}`, controller: controller.name, who });
        }
      }
    }
  }
  return served;
}

/** The `METHOD /api/...` routes a text names. */
function routesIn(text: string): string[] {
  return [...text.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) \/api\/[^`?\s]*)`/g)].map((match) => match[1]!);
}

/** The paths a panel's `sections.ts` declares in its array, with the module each one loads. */
function sectionsOf(file: string, array: string): Array<{ path: string; component: string }> {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
  const imports = new Map<string, string>();
  const sections: Array<{ path: string; component: string }> = [];
  const resolve = (specifier: string) => path.posix.join(path.posix.dirname(file), `${specifier}.tsx`);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && node.importClause?.name && ts.isStringLiteral(node.moduleSpecifier)) {
      imports.set(node.importClause.name.text, node.moduleSpecifier.text);
    }
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText() === array &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      for (const element of node.initializer.elements) {
        if (!ts.isObjectLiteralExpression(element)) continue;
        const property = (name: string) =>
          element.properties.find((one): one is ts.PropertyAssignment => ts.isPropertyAssignment(one) && one.name.getText() === name)
            ?.initializer;
        const sectionPath = property('path');
        const component = property('Component');
        if (!sectionPath || !ts.isStringLiteral(sectionPath) || !component) continue;
        const lazyImport = /import\('([^']+)'\)/.exec(component.getText())?.[1];
        const specifier = lazyImport ?? imports.get(component.getText());
        sections.push({ path: sectionPath.text, component: specifier ? resolve(specifier) : component.getText() });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sections;
}

/** The shell's own pages: the `<Route path="...">` of `shell/src/App.tsx`, without the remotes' mounts. */
function shellPages(): string[] {
  return [...read('shell/src/App.tsx').matchAll(/<Route\s+path="([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter((page) => !page.endsWith('/*'));
}

/** docs/architecture.md's index: its section "## Index ...", up to the next section. */
function indexText(): string {
  const doc = read('docs/architecture.md');
  const start = doc.indexOf('\n## Index');
  expect(start).toBeGreaterThan(0);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

/** The index's entries (`#### ` headings), by each backquoted path of the heading. */
function indexEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const entry of indexText()
    .split(/\n(?=#### )/)
    .slice(1)) {
    const heading = entry.slice(0, entry.indexOf('\n'));
    for (const match of heading.matchAll(/`([^`]+)`/g)) entries.set(match[1]!, entry);
  }
  return entries;
}

/** The repository files a text names in backquotes. */
function filesIn(text: string): string[] {
  return [...text.matchAll(/`((?:api|admin-app|parent-app|shell|libs|e2e|tools|bench)\/[\w./-]+\.\w+)`/g)].map((match) => match[1]!);
}

describe('the docs that name code', () => {
  let api: TestApi;
  let served: ServedRoute[];
  let live: string[];

  beforeAll(async () => {
    api = await startApi(ANY_DATABASE);
    served = servedRoutes(api);
    live = apiRoutes(api.app)
      .filter(({ url }) => !url.startsWith('/api/docs'))
      .map(({ method, url }) => `${method} ${url}`)
      .sort();
  });
  afterAll(() => api.close());

  it('knows every route the application serves (the controllers seen are the routes served)', () => {
    expect(live.length).toBeGreaterThan(90);
    expect(served.map(({ route }) => route).sort()).toEqual(live);
  });

  describe('docs/contract.md', () => {
    const rows = () =>
      [
        ...read('docs/contract.md').matchAll(
          /^\| `((?:GET|POST|PUT|PATCH|DELETE) \/api\/[^`]*)` *\| ([^|]+?) *\| [^|]+? *\| `([^`]+)` *\|$/gm,
        ),
      ].map(([, route, who, where]) => ({ route: route!, who: who!.split(', ').sort().join(', '), where: where! }));

    it('lists exactly the routes the application serves', () => {
      expect(
        rows()
          .map(({ route }) => route)
          .sort(),
      ).toEqual(live);
    });

    it('names, for each route, who may call it and the file of the controller that serves it', () => {
      const wrong = rows().flatMap(({ route, who, where }) => {
        const actual = served.find((one) => one.route === route);
        if (!actual) return [];
        const file = path.join(ROOT, where);
        const holdsController = existsSync(file) && new RegExp(`\\bclass ${actual.controller}\\b`).test(readFileSync(file, 'utf8'));
        return who === actual.who && holdsController
          ? []
          : [{ route, documented: { who, where }, actual: { who: actual.who, controller: actual.controller } }];
      });
      expect(wrong).toEqual([]);
    });
  });

  describe("docs/architecture.md's index", () => {
    it('has an entry for every section of both panels, naming the component the section loads', () => {
      const entries = indexEntries();
      const missing = [
        ...sectionsOf('admin-app/src/sections.ts', 'ADMIN_SECTIONS').map((section) => ({
          ...section,
          page: `/admin${section.path ? `/${section.path}` : ''}`,
        })),
        ...sectionsOf('parent-app/src/sections.ts', 'PARENT_SECTIONS').map((section) => ({
          ...section,
          page: `/parent${section.path ? `/${section.path}` : ''}`,
        })),
      ].filter(({ page, component }) => !entries.get(page)?.includes(`\`${component}\``));
      expect(missing).toEqual([]);
      expect(entries.has('/admin/comprobantes') && entries.has('/admin/banco') && entries.has('/admin/fiesta')).toBe(true);
    });

    it('has an entry for every page of the shell', () => {
      const entries = indexEntries();
      expect(shellPages().length).toBeGreaterThan(5);
      expect(shellPages().filter((page) => !entries.has(page))).toEqual([]);
    });

    it('names every route the application serves, and no other', () => {
      const named = new Set(routesIn(indexText()));
      expect(live.filter((route) => !named.has(route))).toEqual([]);
      expect([...named].filter((route) => !live.includes(route))).toEqual([]);
    });

    it('names only files that exist', () => {
      const files = filesIn(indexText());
      expect(files.length).toBeGreaterThan(50);
      expect(files.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
    });
  });
});
