// `npm run screenshots`: copies the browser suite's phone screenshots (e2e/artifacts, made by
// `npm test` or `cd e2e && npx jest`) into docs/screenshots, the ones the README and docs show.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const from = path.join(root, 'e2e/artifacts/screenshots');
const to = path.join(root, 'docs/screenshots');
mkdirSync(to, { recursive: true });
const files = readdirSync(from).filter(
  (file) =>
    file.endsWith('-375.png') ||
    /^(admin-dashboard|admin-dashboard-money|admin-statement|admin-history|parent-portal|auth|landing|receipts-admin-queue|bank-admin-preview|books-admin|books-report-print)-1280\.png$/.test(
      file,
    ),
);
for (const file of files) copyFileSync(path.join(from, file), path.join(to, file));
console.log(`${files.length} screenshots copied to docs/screenshots`);
