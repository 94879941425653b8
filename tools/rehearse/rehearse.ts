// The production rehearsal's checks (run by tools/rehearse/rehearse.sh, which prepares the engine,
// the stand-in images and .env): the real images built from the real Dockerfiles, the real
// docker-compose.yml started (plus tools/rehearse/compose.rehearsal.yml: host-network builds and a
// local SMTP catcher), and what a school would notice checked through the TLS origin. Every check
// prints its time; whatever happens, the stack and its volumes are removed at the end.
import { compose, started } from './support';
import { startChecks } from './checks-start';
import { fileChecks } from './checks-files';
import { deployChecks } from './checks-deploy';
import { backupChecks } from './checks-backup';

/** REHEARSAL_PARTS=start,files runs only those parts (each needs the ones before it). */
const PARTS = (process.env.REHEARSAL_PARTS ?? 'start,files,deploy,backup').split(',');

async function main(): Promise<void> {
  const people = await startChecks();
  if (!PARTS.includes('files')) return;
  const receipt = await fileChecks(people);
  if (PARTS.includes('deploy')) await deployChecks(people);
  if (PARTS.includes('backup')) await backupChecks({ ...people, ...receipt });
}

main()
  .then(() => console.log(`\nThe rehearsal passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`))
  .catch((error: unknown) => {
    console.error(
      `\nThe rehearsal failed after ${((Date.now() - started) / 1000).toFixed(0)} s:`,
      error instanceof Error ? error.message : error,
    );
    try {
      console.error(compose(['ps', '-a']));
      console.error(compose(['logs', '--tail', '40', 'api', 'proxy']).slice(-8000));
    } catch {
      // The stack may not have started.
    }
    process.exitCode = 1;
  });
