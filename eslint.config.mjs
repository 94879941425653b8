// Lint rules for the whole workspace, with the module boundaries of the architecture:
// apps import libs, libs never import apps, and the two remotes never import each other.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const appFolders = ['shell', 'admin-app', 'parent-app', 'api'];
const forbid = (...folders) =>
  folders.flatMap((folder) => [`**/${folder}/src/**`, `../${folder}/**`, `../../${folder}/**`, `../../../${folder}/**`, folder]);

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
  {
    files: ['libs/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbid(...appFolders), message: 'Libs never import apps.' }] }] },
  },
  {
    files: ['admin-app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: forbid('parent-app', 'shell', 'api'), message: 'A remote imports libs only.' }] },
      ],
    },
  },
  {
    files: ['parent-app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: forbid('admin-app', 'shell', 'api'), message: 'A remote imports libs only.' }] },
      ],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: forbid('admin-app', 'parent-app', 'api'), message: 'The shell loads remotes at run time only.' }] },
      ],
    },
  },
  {
    // One router context for the shell and the remotes: routing comes from the shared module.
    files: ['shell/src/**/*.{ts,tsx}', 'admin-app/src/**/*.{ts,tsx}', 'parent-app/src/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'],
    ignores: ['libs/ui/src/router.tsx', '**/*.spec.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router-dom', message: "Import routing from '@portal/ui/router' (one shared copy)." }],
          patterns: [{ group: forbid(...appFolders), message: 'Libs never import apps; remotes import libs only.' }],
        },
      ],
    },
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
