// One rspack configuration factory for the three browser apps: the shell (host) and the two
// remotes. Module Federation, shared singletons, CSS and compression are declared here once.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rspack, type Chunk, type Compiler, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import {
  bootScript,
  CompileHintsPlugin,
  compressedCopies,
  EmitAssetPlugin,
  faviconUrl,
  PrecompressPlugin,
  PreloadAppChunkPlugin,
  pwaAssets,
} from './rspack-assets';

const root = path.resolve(__dirname, '..');

function versionOf(packageDir: string): string {
  return JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
}

const npmVersion = (name: string) => versionOf(path.join(root, 'node_modules', name));
const libVersion = (name: string) => versionOf(path.join(root, 'libs', name));

const singleton = (version: string) => ({ singleton: true, requiredVersion: `^${version}`, version });

/** `@portal/ui/button`, `@portal/ui/toast`, ...: one shared module per file of a lib. */
function libModules(lib: string) {
  const version = libVersion(lib);
  const files = readdirSync(path.join(root, 'libs', lib, 'src')).filter(
    (file) => /\.tsx?$/.test(file) && !/\.(spec|test|d)\.tsx?$/.test(file),
  );
  return Object.fromEntries(files.map((file) => [`@portal/${lib}/${file.replace(/\.tsx?$/, '')}`, singleton(version)]));
}

const SHELL_DIR = path.join(root, 'shell');

/**
 * Everything the shell and the remotes share, as singletons with explicit versions: React, SWR
 * and the workspace modules the shell's first screen imports, one shared module per file of a
 * lib, so the toast store, the session, the SWR cache and the router's context exist once
 * (routing goes through `@portal/ui/router`, so only the parts of react-router-dom the apps use
 * are built in). The shell has all of them in its first file (eager), so a remote finds them
 * without a request. A lib file the shell imports only on a later page (the account page's) or
 * not at all is built into each app that uses it: a page runs one remote, so sharing it saves
 * no download, and it would cost the remote's entry two table rows, a version check and, when
 * the shell's copy is the one picked, a request after the entry has run.
 */
export function sharedModules() {
  const react = npmVersion('react');
  const startup = shellStartupModules();
  const libs = Object.fromEntries(
    Object.entries({
      '@portal/contracts': singleton(libVersion('contracts')),
      '@portal/format': singleton(libVersion('format')),
      ...libModules('api-client'),
      ...libModules('auth'),
      ...libModules('ui'),
    }).filter(([name]) => startup.has(name)),
  );
  return {
    react: singleton(react),
    'react/': singleton(react),
    'react-dom': singleton(npmVersion('react-dom')),
    'react-dom/': singleton(npmVersion('react-dom')),
    swr: singleton(npmVersion('swr')),
    'swr/': singleton(npmVersion('swr')),
    ...libs,
  };
}

/**
 * The workspace modules (`@portal/ui/button`, ...) the shell's first screen imports, following
 * static imports from its bootstrap through its own files and the libs' (an `import()` is a
 * later chunk, and `import type` is erased: neither is followed).
 */
function shellStartupModules(): Set<string> {
  const reached = new Set<string>();
  const seen = new Set<string>();
  const resolveFile = (base: string) =>
    ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((file) => existsSync(file));
  const queue = [path.join(SHELL_DIR, 'src/bootstrap.tsx')];
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    // Type-only imports and re-exports are erased from the build: not followed.
    const code = readFileSync(file, 'utf8').replace(/^(?:import|export) type [^;]*;/gm, '');
    for (const [, specifier] of code.matchAll(/(?:from|import)\s+'([^']+)'/g)) {
      let target: string | undefined;
      if (specifier!.startsWith('.')) target = resolveFile(path.resolve(path.dirname(file), specifier!));
      else if (specifier!.startsWith('@portal/')) {
        reached.add(specifier!);
        const [, lib, rest = 'index'] = /^@portal\/([^/]+)\/?(.*)$/.exec(specifier!)!;
        target = resolveFile(path.join(root, 'libs', lib!, 'src', rest));
      }
      if (target) queue.push(target);
    }
  }
  return reached;
}

/**
 * What the shell puts in the share scope: every shared module, in its first file (eager: one
 * request instead of one per module). The shell provides them without consuming them: its own
 * imports are plain imports of the very instances the remotes are handed. Consumed, they cost the
 * shell's first two tasks ~25 look-ups, at each of which the federation runtime registers all 26
 * shared modules again (~650 registrations on the main thread before the first render).
 */
const shellProvides = () =>
  Object.fromEntries(Object.entries(sharedModules()).map(([name, config]) => [name, { ...config, shareKey: name, eager: true }]));

interface AppOptions {
  /** The app's folder (its rspack.config.ts passes `__dirname`). */
  dir: string;
  /** Module Federation name (also a global variable: never `parent`, `top` or `self`). */
  name: string;
  /** Port of the development server. */
  port: number;
  /** What a remote exposes; the shell exposes nothing. */
  exposes?: Record<string, string>;
}

const scriptRule: RuleSetRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    env: { targets: 'chrome >= 100, safari >= 15, firefox >= 100' },
  },
  type: 'javascript/auto',
};

/**
 * The federation's analysis of which file uses which shared module (`usedIn`, an expose's
 * `requires`) can come out empty in one build of unchanged sources and filled in the next; nothing
 * reads it at run time. Left out, identical sources give an identical mf-stats.json, so an update
 * of one remote leaves the other's image as it was (docs/deployment.md, 'Updating').
 */
function reproducibleStats<T extends { shared: Array<{ usedIn?: unknown }>; exposes: Array<{ requires?: unknown }> }>(stats: T): T {
  return {
    ...stats,
    shared: stats.shared.map((shared) => ({ ...shared, usedIn: [] })),
    exposes: stats.exposes.map((expose) => ({ ...expose, requires: [] })),
  };
}

export function appConfig(options: AppOptions): Configuration {
  const production = process.env.NODE_ENV !== 'development';
  const isRemote = Boolean(options.exposes);
  const boot = isRemote ? null : bootScript(options.dir, production);
  return {
    mode: production ? 'production' : 'development',
    context: options.dir,
    entry: { main: './src/index.ts' },
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      // OUTPUT_DIR lets a remote be rebuilt straight into a running deployment.
      path: process.env.OUTPUT_DIR ? path.resolve(process.env.OUTPUT_DIR) : path.join(options.dir, 'dist'),
      // Remotes are served under their own path and find it at run time.
      publicPath: isRemote ? 'auto' : '/',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: production ? 'assets/[name].[contenthash:10][ext]' : 'assets/[name][ext]',
      uniqueName: options.name,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      // The federation runtime is required as CommonJS, which cannot be tree-shaken: its ES
      // modules let the build drop the manifest-snapshot and Node code (disableSnapshot, 'web').
      // Production only: development builds keep unused-export analysis off, and then mixing the
      // two formats of the runtime's own packages leaves some exports undefined.
      ...(production ? { byDependency: { commonjs: { conditionNames: ['import', 'module', 'browser', 'require', 'default'] } } } : {}),
    },
    module: {
      rules: [scriptRule, { test: /\.css$/, type: 'css/auto' }, { test: /\.(svg|png|webp|avif|jpg|woff2)$/, type: 'asset/resource' }],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: options.name,
        filename: isRemote ? 'remoteEntry.js' : undefined,
        exposes: options.exposes,
        // The shell learns where the remotes live at run time (remotes.json).
        remotes: {},
        // The shell's shared modules are provided below, not consumed.
        shared: isRemote ? sharedModules() : undefined,
        // Without it, every page fetches every remote's entry to compare shared versions.
        shareStrategy: 'loaded-first',
        dts: false,
        // The API reads each remote's mf-manifest.json for the files its first screen needs (the
        // page preloads them). mf-stats.json is kept free of what varies between identical builds.
        manifest: isRemote ? { additionalData: ({ stats }) => reproducibleStats(stats) } : false,
        experiments: {
          // One federation runtime per page: the shell provides it and the remotes use it (a
          // remote run on its own dev server keeps its own copy).
          ...(isRemote ? { externalRuntime: production } : { provideExternalRuntime: true }),
          // The shell loads remoteEntry.js directly, so the manifest-snapshot code stays out.
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
      new rspack.HtmlRspackPlugin({
        template: path.join(options.dir, 'src/index.html'),
        minify: production,
        templateParameters: { bootScript: boot ? `/${boot.fileName}` : '', favicon: faviconUrl() },
      }),
      ...(isRemote ? [] : [new rspack.sharing.ProvideSharedPlugin({ provides: shellProvides(), enhanced: true })]),
      ...(boot ? [new EmitAssetPlugin(boot), new PreloadAppChunkPlugin()] : []),
      ...(isRemote ? [] : pwaAssets(options.dir, production).map((asset) => new EmitAssetPlugin(asset))),
      ...(production ? [new CompileHintsPlugin(), new PrecompressPlugin()] : []),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        // Shown in each panel's menu, so the committee can tell which version it runs.
        __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? versionOf(options.dir)),
      }),
    ],
    optimization: {
      minimize: production,
      // A remote's `./App` comes whole, in one file: on a phone's network each request of the first
      // screen costs a round trip and a share of the line. Its sections' chunks split as usual.
      ...(isRemote
        ? { splitChunks: { chunks: (chunk: Chunk) => !chunk.canBeInitial() && !chunk.name?.startsWith('__federation_expose_') } }
        : {
            // The shell's first code in two files of about half each, downloaded side by side: on
            // HTTP/1.1 (`npm start`) each connection starts slow, and React DOM alone is ~57 KB
            // (~50-100 ms of Lighthouse's LCP on /admin, bench/results/history.md). React DOM's own
            // file also stays cached across the shell's releases.
            splitChunks: {
              cacheGroups: {
                reactDom: { test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, name: 'react-dom', chunks: 'initial', enforce: true },
              },
            },
          }),
    },
    performance: { hints: false },
    devServer: {
      port: options.port,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // The API listens on 127.0.0.1 (localhost may resolve to ::1 first).
      proxy: [{ context: ['/api', '/remotes.json'], target: 'http://127.0.0.1:3000' }],
    },
    // BUNDLE_STATS=1 with `rspack build --json <file>` lists every chunk's modules (bench/bundles.ts).
    stats: process.env.BUNDLE_STATS ? { all: false, chunks: true, chunkModules: true, modules: true, ids: true } : 'errors-warnings',
  };
}

const PRERENDER_DIR = path.join(root, 'node_modules/.cache/portal-prerender');

/** The shell's code in the template: its `defer` scripts and the preloads of its scripts. */
const SHELL_CODE = /<script defer src="([^"]+)"><\/script>|<link rel="preload" href="([^"]+\.js)" as="script">/g;

/**
 * A public page's template with the shell's code listed in `<meta name="portal-scripts">` instead
 * of its script tags: the first script (shell/src/boot.ts) asks for it once the page has painted,
 * so a phone's line carries the HTML, its CSS and its image first (docs/performance.md).
 */
export function codeAfterPaint(template: string): string {
  const code = { run: [] as string[], preload: [] as string[] };
  const rest = template.replace(SHELL_CODE, (_tag, deferred?: string, preloaded?: string) => {
    if (deferred) code.run.push(deferred);
    else code.preload.push(preloaded!);
    return '';
  });
  const charset = /<meta charset="?utf-8"?\s*\/?>/i.exec(rest);
  if (code.run.length === 0 || !charset) throw new Error('index.html has no charset or no shell script to load after the paint');
  // Before the first script, which reads it where it stands in the head.
  return rest.replace(charset[0], `${charset[0]}<meta name="portal-scripts" content='${JSON.stringify(code)}'>`);
}

/**
 * Renders the shell's public pages once the Node build of shell/src/prerender.tsx is emitted: each
 * is the client build's index.html with the page drawn inside #root, written to dist/pages/ with
 * its precompressed twins. The API and nginx serve them for `/`, `/auth` and unknown paths.
 */
class PrerenderPagesPlugin {
  constructor(private readonly distDir: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('PrerenderPagesPlugin', () => {
      const bundle = path.join(PRERENDER_DIR, 'prerender.cjs');
      delete require.cache[bundle];
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { render, PAGES } = require(bundle) as { render(url: string): string; PAGES: Record<string, string> };
      const root = '<div id="root"></div>';
      // The shell's stylesheets, linked from the head so the page paints styled (the client's own
      // loader finds them there and does not fetch them again).
      const styles = readdirSync(this.distDir)
        .filter((file) => file.endsWith('.css'))
        .map((file) => `<link rel="stylesheet" href="/${file}">`)
        .join('');
      const template = codeAfterPaint(readFileSync(path.join(this.distDir, 'index.html'), 'utf8').replace('</head>', `${styles}</head>`));
      if (!template.includes(root)) throw new Error('index.html has no empty #root to prerender into');
      mkdirSync(path.join(this.distDir, 'pages'), { recursive: true });
      for (const [name, url] of Object.entries(PAGES)) {
        const html = Buffer.from(template.replace(root, `<div id="root">${render(url)}</div>`));
        const file = path.join(this.distDir, 'pages', `${name}.html`);
        writeFileSync(file, html);
        const { gz, br } = compressedCopies(html);
        writeFileSync(`${file}.gz`, gz);
        writeFileSync(`${file}.br`, br);
      }
    });
  }
}

/** The Node build of the shell's public pages (production only; runs after the client build). */
export function prerenderConfig(options: Pick<AppOptions, 'dir'> & { dependsOn: string }): Configuration {
  return {
    name: 'prerender',
    dependencies: [options.dependsOn],
    mode: 'production',
    target: 'node',
    context: options.dir,
    entry: { prerender: './src/prerender.tsx' },
    output: {
      path: PRERENDER_DIR,
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath: '/',
      // The same names as the client build's, so the HTML points at the files it emitted.
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
    module: {
      rules: [
        scriptRule,
        { test: /\.css$/, loader: path.join(root, 'tools/empty-loader.cjs'), type: 'javascript/auto' },
        { test: /\.(svg|png|webp|avif|jpg|woff2)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify('production'),
        __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? versionOf(options.dir)),
      }),
      new PrerenderPagesPlugin(process.env.OUTPUT_DIR ? path.resolve(process.env.OUTPUT_DIR) : path.join(options.dir, 'dist')),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
