// `npm run backup` writes a consistent copy of the data into BACKUP_DIR (backups/ by default);
// `npm run restore -- FILE` puts one back after asking (or with --yes). See docs/deployment.md.
import { createInterface } from 'node:readline/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup, restore } from './backup/backup';
import { loadConfig } from './config';

const repoRoot = path.resolve(__dirname, '..', '..');

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await prompt.question(question)).trim() === 'RESTORE';
  } finally {
    prompt.close();
  }
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { yes: { type: 'boolean', default: false } } });
  const [command, file] = positionals;
  const config = loadConfig();
  const where = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : config.sqlitePath;
  if (command === 'backup') {
    const written = await backup(config, path.resolve(process.env.BACKUP_DIR ?? path.join(repoRoot, 'backups')));
    console.log(`Backup of ${where} written to ${written}`);
    return;
  }
  if (command === 'restore' && file) {
    const question = `This replaces ALL the data of ${where} with ${file}.\nType RESTORE to go on: `;
    if (!values.yes && !(await confirm(question))) {
      console.error('Nothing was changed.' + (process.stdin.isTTY ? '' : ' (Not a terminal: add --yes to restore without asking.)'));
      process.exitCode = 1;
      return;
    }
    await restore(config, path.resolve(file));
    console.log(`Restored ${where} from ${file}. Restart the portal so it forgets what it kept in memory.`);
    return;
  }
  console.error('Usage: npm run backup | npm run restore -- <file> [--yes]');
  process.exitCode = 2;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
