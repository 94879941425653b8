// Lint rules for the whole workspace, with the module boundaries of the architecture:
// apps import libs, libs never import apps, and the two remotes never import each other.
// The boundaries are ESLint's own no-restricted-imports over folders, not Nx's
// enforce-module-boundaries: that rule's package (@nx/eslint-plugin 22.6) brings @nx/js and Babel,
// 125 more packages in this workspace (npm install --dry-run), for the same six layers.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const appFolders = ['shell', 'admin-app', 'parent-app', 'api'];
const forbid = (...folders) =>
  folders.flatMap((folder) => [`**/${folder}/src/**`, `../${folder}/**`, `../../${folder}/**`, `../../../${folder}/**`, folder]);

const libFolders = ['contracts', 'format', 'api-client', 'ui', 'auth', 'test-utils'];
const libs = (...names) => names.flatMap((name) => [`@portal/${name}`, `@portal/${name}/*`]);
const otherLibs = (self) => libs(...libFolders.filter((name) => name !== self));
const boundaries = (files, group, message) => [
  { files: [files], rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] } },
];
// Each table has one owner (docs/architecture.md): an `*.entity.ts` is imported only in its own
// folder of api/src, and by the migrations, the demo data and the tests; every other module calls
// the store its owner exports (FamilyStore, PaymentStore, ...). No exceptions remain.
const ENTITY_MESSAGE = "Another folder's table: call the store its owner exports (families/family.store.ts: FamilyStore, ...).";
const apiFolders = readdirSync(`${import.meta.dirname}/api/src`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'demo')
  .map((entry) => entry.name);
const entityOwners = [
  ...apiFolders.map((folder) => ({
    files: [`api/src/${folder}/**/*.ts`],
    ignores: ['**/*.spec.ts', 'api/src/database/migrations/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^(\\.\\./)+(?!${folder}/)[\\w-]+/[\\w.-]+\\.entity(\\.ts)?$`, message: ENTITY_MESSAGE }] },
      ],
    },
  })),
  {
    files: ['api/src/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\./[\\w-]+/[\\w.-]+\\.entity(\\.ts)?$', message: ENTITY_MESSAGE }] }],
    },
  },
];
// A migration is frozen (docs/architecture.md, Database): it imports typeorm, node's own modules and files
// of its own folder, never the application, so changing a helper later cannot change a shipped step.
const migrationsFrozen = {
  files: ['api/src/database/migrations/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(?!typeorm$|node:[\\w/]+$|\\./[\\w.-]+$)',
            message: 'A migration imports typeorm and node only: copy the helper it needs into it, frozen as it is today.',
          },
        ],
      },
    ],
  },
};
const ROUTER = { name: 'react-router-dom', message: "Import routing from '@portal/ui/router' (one shared copy)." };
const projects = ['*/tsconfig.json', 'libs/*/tsconfig.json'].map((pattern) => `${import.meta.dirname}/${pattern}`);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '**/coverage/**', 'data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Nest injects by the runtime type of constructor parameters: those imports must stay values.
    files: ['api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  // Layers. Apps import libs, never each other (the shell loads the remotes at run time). Among
  // the libs: contracts and format import no other lib; ui never reaches the API (api-client) nor
  // the session (auth); api-client draws nothing; auth may use all three.
  ...boundaries('shell/**/*.{ts,tsx}', forbid('admin-app', 'parent-app', 'api'), 'The shell loads remotes at run time only.'),
  ...boundaries('admin-app/**/*.{ts,tsx}', forbid('parent-app', 'shell', 'api'), 'A remote imports libs only.'),
  ...boundaries('parent-app/**/*.{ts,tsx}', forbid('admin-app', 'shell', 'api'), 'A remote imports libs only.'),
  ...boundaries(
    'libs/contracts/**/*.{ts,tsx}',
    [...forbid(...appFolders), ...otherLibs('contracts')],
    'contracts imports no other lib nor app.',
  ),
  ...boundaries('libs/format/**/*.{ts,tsx}', [...forbid(...appFolders), ...otherLibs('format')], 'format imports no other lib nor app.'),
  ...boundaries(
    'libs/ui/**/*.{ts,tsx}',
    [...forbid(...appFolders), ...libs('api-client', 'auth')],
    'ui draws; it never calls the API nor reads the session.',
  ),
  ...boundaries(
    'libs/api-client/**/*.{ts,tsx}',
    [...forbid(...appFolders), ...libs('ui', 'auth')],
    'api-client talks to the API; it draws nothing.',
  ),
  ...boundaries('libs/auth/**/*.{ts,tsx}', forbid(...appFolders), 'Libs never import apps.'),
  ...boundaries(
    'libs/test-utils/**/*.{ts,tsx}',
    [...forbid(...appFolders), ...libs('api-client', 'auth')],
    'test-utils wraps; it never calls the API.',
  ),
  ...entityOwners,
  migrationsFrozen,
  {
    // One router context for the shell and the remotes: routing comes from the shared module.
    files: ['shell/src/**/*.{ts,tsx}', 'admin-app/src/**/*.{ts,tsx}', 'parent-app/src/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'],
    ignores: ['libs/ui/src/router.tsx', '**/*.spec.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [ROUTER] }],
    },
  },
  {
    // The apps read and change data through api-client's hooks, which own the cache keys.
    files: ['shell/src/**/*.{ts,tsx}', 'admin-app/src/**/*.{ts,tsx}', 'parent-app/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ROUTER,
            { name: 'swr', message: "Use api-client's hooks: each change declares what it refreshes (useCreateFamily, ...)." },
          ],
          patterns: [
            {
              // Hooks, keys and URLs; of plain functions only those that change nothing cached: error
              // helpers, downloads, previews, the pass read for offline use, and the door's offline
              // queue (it replays check-ins and refreshes the door's list itself).
              group: ['@portal/api-client/*'],
              importNamePattern:
                '^(?!use[A-Z]|\\w+(Key|Url)$|(errorMessage|isApiError|ApiError|fieldErrors|roleHint|downloadFile|preloadFailed|getMyGalaPass|previewBankStatement|previewFamilyImport|previewNextClassFamilies|keepWrittenAnswers|checkInGala|QUERY_OPTIONS)$)',
              allowTypeImports: true,
              message: 'A change goes through its hook (useVerifyReceipt, useUploadReceipt, ...), which declares what it refreshes.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles, dynamic imports included (a lazy chunk that imports its importer is one).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ alwaysTryTypes: true, noWarnOnMultipleProjects: true, project: projects }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // A promise nobody awaits loses its error: type-aware, on every file a tsconfig holds.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.config.ts', '**/*.cjs'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: [
      'api/src/main.ts',
      'api/src/create-admin.ts',
      'api/src/backup-cli.ts',
      'api/src/reminders-cli.ts',
      'tools/**',
      'bench/**',
      'e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
