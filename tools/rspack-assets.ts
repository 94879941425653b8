// The files the browser apps' builds write beside their bundles, and the plugins that write them:
// compressed copies, the shell's first script, the installable portal's files, V8's compile hints
// and the shell's preload links (tools/rspack.ts puts them in each app's configuration).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import { rspack, type Compiler } from '@rspack/core';
import { transformSync } from '@swc/core';
import { FIRST_DATA, FIRST_DATA_ELEMENT_ID, PRELOAD_FAILED_ATTRIBUTE, ROLE_HINT_COOKIE } from '../libs/contracts/src/index';
import { LOCALE, TIME_ZONE } from '../libs/format/src/index';

const root = path.resolve(__dirname, '..');

/** A file's .gz and .br copies, at the highest levels (they are made once, at build). */
export function compressedCopies(source: Buffer | string): { gz: Buffer; br: Buffer } {
  return { gz: gzipSync(source, { level: 9 }), br: brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) };
}

/**
 * Writes a .br and a .gz next to every text asset, so the API (@fastify/static preCompressed)
 * and nginx (gzip_static) send compressed files without compressing on each request.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
            const source = Buffer.from(asset.source());
            if (source.length < 1024) continue;
            const { gz, br } = compressedCopies(source);
            compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(gz));
            compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(br));
          }
        },
      );
    });
  }
}

/**
 * The shell's first script (shell/src/boot.ts), built on its own so it carries none of the
 * federation runtime: no imports, minified, named by its content's hash, and emitted beside the
 * bundles. The HTML template loads it `async` (`bootScript`).
 */
export function bootScript(dir: string, production: boolean): { fileName: string; source: string } | null {
  const file = path.join(dir, 'src/boot.ts');
  if (!existsSync(file)) return null;
  const { code } = transformSync(readFileSync(file, 'utf8'), {
    filename: file,
    isModule: false,
    minify: production,
    jsc: {
      parser: { syntax: 'typescript' },
      target: 'es2020',
      minify: production ? { compress: true, mangle: true } : undefined,
      transform: {
        optimizer: {
          globals: {
            vars: {
              __ROLE_HINT_COOKIE__: JSON.stringify(ROLE_HINT_COOKIE),
              __FIRST_DATA__: JSON.stringify(FIRST_DATA),
              __FIRST_DATA_ELEMENT_ID__: JSON.stringify(FIRST_DATA_ELEMENT_ID),
              __PRELOAD_FAILED_ATTRIBUTE__: JSON.stringify(PRELOAD_FAILED_ATTRIBUTE),
              __LOCALE__: JSON.stringify(LOCALE),
              __TIME_ZONE__: JSON.stringify(TIME_ZONE),
            },
          },
        },
      },
    },
  });
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 10);
  return { fileName: production ? `boot.${hash}.js` : 'boot.js', source: code };
}

/**
 * The installable portal (shell only): the service worker (shell/src/pwa/sw.ts, one script with no
 * imports, at the fixed address /sw.js the browser checks for updates), the web app manifest and
 * its icons.
 */
export function pwaAssets(dir: string, production: boolean): Array<{ fileName: string; source: string | Buffer }> {
  const pwa = path.join(dir, 'src/pwa');
  if (!existsSync(path.join(pwa, 'sw.ts'))) return [];
  const { code } = transformSync(readFileSync(path.join(pwa, 'sw.ts'), 'utf8'), {
    filename: 'sw.ts',
    isModule: false,
    minify: production,
    jsc: {
      parser: { syntax: 'typescript' },
      target: 'es2020',
      minify: production ? { compress: true, mangle: true } : undefined,
      transform: { optimizer: { globals: { vars: { __ROLE_HINT_COOKIE__: JSON.stringify(ROLE_HINT_COOKIE) } } } },
    },
  });
  const manifest = {
    name: 'Class of 2026 · Portal de graduación',
    short_name: 'Graduación',
    description: 'Eventos, pagos, mesas y avisos para las familias de los graduados.',
    lang: 'es-GT',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f5f6f8',
    theme_color: '#16324f',
    icons: [192, 512].flatMap((size) => [
      { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
      { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
    ]),
  };
  return [
    { fileName: 'sw.js', source: code },
    { fileName: 'manifest.webmanifest', source: JSON.stringify(manifest) },
    ...[192, 512].map((size) => ({ fileName: `icons/icon-${size}.png`, source: readFileSync(path.join(pwa, `icon-${size}.png`)) })),
  ];
}

/**
 * The files a page runs at once (the shell's entry, React DOM and its `app` chunk; a remote's entry
 * and its exposed module) start with V8's `//# allFunctionsCalledOnLoad`: their functions are
 * compiled on a background thread while the file downloads, instead of on the main thread at their
 * first call, in the tasks Lighthouse counts as blocking (docs/performance.md). Chrome 136 and
 * later read it; other browsers see a comment.
 */
export class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      // After minification (which drops comments), before the files are hashed and compressed.
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
        () => {
          for (const chunk of compilation.chunks) {
            const first = chunk.canBeInitial() || chunk.name === 'app' || chunk.name?.startsWith('__federation_expose_');
            if (!first) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(file, (source) => new rspack.sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source));
            }
          }
        },
      );
    });
  }
}

export class EmitAssetPlugin {
  constructor(private readonly asset: { fileName: string; source: string | Buffer }) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('EmitAssetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitAssetPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(this.asset.fileName, new rspack.sources.RawSource(this.asset.source));
      });
    });
  }
}

/**
 * Preload links in the shell's HTML for its `app` chunk (the bootstrap its entry imports, with
 * its stylesheet): every page needs it, and without the hint the browser finds it only once the
 * entry has downloaded and run, one more round trip on a phone's connection.
 */
export class PreloadAppChunkPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PreloadAppChunkPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('PreloadAppChunkPlugin', async (data) => {
        const group = compilation.namedChunkGroups.get('app');
        if (!group) throw new Error('The shell has no `app` chunk to preload (shell/src/index.ts names it)');
        const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file));
        const links = files
          .map((file) => `<link rel="preload" href="/${file}" as="${file.endsWith('.css') ? 'style' : 'script'}">`)
          .join('');
        return { ...data, html: data.html.replace('</head>', `${links}</head>`) };
      });
    });
  }
}

/**
 * The portal's icon as a data: URL written into each page: a first visit on a phone's network
 * then makes one request fewer (the CSP's img-src allows data:).
 */
export function faviconUrl(): string {
  const svg = readFileSync(path.join(root, 'libs/ui/src/assets/favicon.svg'), 'utf8').trim();
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
