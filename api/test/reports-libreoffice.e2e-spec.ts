// The exports must open in LibreOffice (decision 11): LibreOffice converts each downloaded file
// to CSV, and the CSV must hold the spec's headers and values. CI installs LibreOffice and sets
// REQUIRE_LIBREOFFICE=1; elsewhere the test runs when `soffice` is on the PATH.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { answerEvent, answerPayments, createEvent, createFamily } from './fixtures';
import { ANY_DATABASE, startApi, type TestApi } from './harness';

const hasSoffice = spawnSync('soffice', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasSoffice && process.env.REQUIRE_LIBREOFFICE) throw new Error('REQUIRE_LIBREOFFICE is set but soffice is not installed.');
const describeWithLibreOffice = hasSoffice ? describe : describe.skip;

/** LibreOffice's reading of the file, as CSV lines (UTF-8). */
function openInLibreOffice(dir: string, name: string, bytes: Buffer): string[] {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76',
      '--outdir',
      dir,
      file,
    ],
    {
      stdio: 'ignore',
      timeout: 120_000,
    },
  );
  return readFileSync(file.replace(/\.xlsx$/, '.csv'), 'utf8')
    .trim()
    .split('\n');
}

describeWithLibreOffice('the spreadsheets in LibreOffice', () => {
  let api: TestApi;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-lo-'));
    api = await startApi(ANY_DATABASE);
    const family = await createFamily(api, {
      graduateName: 'Sofía Morales',
      contactName: 'Carlos Morales',
      email: 'carlos@example.com',
      phone: '+502 5555-1001',
    });
    await answerPayments(api, family.id, { 1: 'ya_pague', 2: 'no_asistire' });
    const event = await createEvent(api, { titulo: 'Ceremonia de Premiación', fecha: new Date('2026-06-14T03:00:00Z') });
    await answerEvent(api, event.id, family.id, true);
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens the payment answers with their headers and values', async () => {
    const admin = await api.signedIn('admin');
    const response = await admin.get('/api/payment-confirmations-report?format=xlsx');
    expect(openInLibreOffice(dir, 'pagos.xlsx', response.rawBody)).toEqual([
      'Graduado,Contacto,Email,Teléfono,Pago 1,Pago 2,Pago 3,Pago 4,Pago 5,Pago 6',
      'Sofía Morales,Carlos Morales,carlos@example.com,+502 5555-1001,Ya pagué,No asistiré,Pendiente,Pendiente,Pendiente,Pendiente',
    ]);
  });

  it('opens the RSVPs with the event day in Guatemala time', async () => {
    const admin = await api.signedIn('admin');
    const response = await admin.get('/api/event-rsvps-report?format=xlsx');
    expect(openInLibreOffice(dir, 'rsvps.xlsx', response.rawBody)).toEqual([
      'Evento,Fecha del Evento,Graduado,Contacto,Email,Teléfono,Asistencia,Personas',
      'Ceremonia de Premiación,13/06/2026,Sofía Morales,Carlos Morales,carlos@example.com,+502 5555-1001,Sí,1',
    ]);
  });
});
