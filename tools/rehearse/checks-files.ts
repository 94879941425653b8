// The rehearsal's files and money: receipts up to 10 MB, the API's memory through uploads and
// exports, and a bank statement applied.
import { execFileSync } from 'node:child_process';
import { phonePhoto } from '../../bench/support/photo';
import { type Client, assert, check, compose, containers, expectStatus, multipart, MULTIPART, pdf, stackMemory } from './support';

/** The first receipt, as the API wrote it back (the backup checks look for it again). */
export async function fileChecks({
  admin,
  parent,
  familyId,
}: {
  admin: Client;
  parent: Client;
  familyId: number;
}): Promise<{ receiptId: number; storedReceipt: Buffer }> {
  let receiptId = 0;
  const receipt = pdf(5 * 1024 * 1024);
  let storedReceipt: Buffer = Buffer.alloc(0);

  await check('the API after 10 uploads of a 4 MB phone photo and 10 workbook exports: resident set under 250 MB', async () => {
    const [api] = containers('api');
    const status = () => execFileSync('docker', ['exec', api!, 'cat', '/proc/1/status'], { encoding: 'utf8' });
    const megabytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status())![1]) / 1024;
    // Sign-in's scrypt takes 128 MB for a moment: the peak is measured from here (bench/api-memory.ts).
    execFileSync('docker', ['exec', api!, 'sh', '-c', 'echo 5 > /proc/1/clear_refs']);
    const steps = [`before ${megabytes('VmRSS').toFixed(0)} MB`];
    const photo = await phonePhoto();
    for (let i = 0; i < 10; i += 1) {
      const answer = await parent.post(
        '/api/my-family/payment-proofs',
        multipart({ paymentNumber: String((i % 6) + 1) }, { data: photo, name: `foto-${i + 1}.jpg`, type: 'image/jpeg' }),
        MULTIPART,
      );
      assert(answer.status === 201, `upload ${i + 1}: ${answer.status} ${answer.text.slice(0, 300)}`);
    }
    steps.push(`after the uploads ${megabytes('VmRSS').toFixed(0)} MB (peak ${megabytes('VmHWM').toFixed(0)})`);
    const exports = ['payment-confirmations-report', 'event-rsvps-report', 'books/report', 'history'];
    for (let i = 0; i < 10; i += 1)
      expectStatus(await admin.get(`/api/${exports[i % exports.length]}?format=xlsx`), 200, `export ${i + 1}`);
    const peak = megabytes('VmHWM');
    steps.push(`after the exports ${megabytes('VmRSS').toFixed(0)} MB (peak ${peak.toFixed(0)})`);
    assert(peak < 250, `the API's resident set peaked at ${peak.toFixed(0)} MB: ${steps.join(', ')}`);
    const stack = execFileSync(
      'docker',
      ['stats', '--no-stream', '--format', '{{.Name}} {{.MemUsage}}', ...compose(['ps', '-q']).split('\n').filter(Boolean)],
      {
        encoding: 'utf8',
      },
    );
    return `${steps.join(', ')}; ${stackMemory(stack)}`;
  });

  await check(
    'a 5 MB and a 10 MB PDF receipt are accepted and the committee gets them as the API wrote them back; 11 MB gets the Spanish 413',
    async () => {
      const answer = await parent.post(
        '/api/my-family/payment-proofs',
        multipart({ paymentNumber: '1' }, { data: receipt, name: 'deposito.pdf', type: 'application/pdf' }),
        MULTIPART,
      );
      assert(answer.status === 201 || answer.status === 200, `upload: ${answer.status} ${answer.text.slice(0, 300)}`);
      receiptId = answer.json().id;
      const file = await admin.get(`/api/payment-proofs/${receiptId}/file`);
      expectStatus(file, 200, 'the receipt file');
      storedReceipt = file.body;
      assert(
        storedReceipt.subarray(0, 5).toString() === '%PDF-' && storedReceipt.length > receipt.length - 1024,
        `the stored receipt is not the PDF sent: ${storedReceipt.length} bytes`,
      );
      // The largest receipt taken: a file in the files volume (in a row, sent as hex, it passed
      // MariaDB's 16 MB max_allowed_packet from about 8 MB).
      const largest = pdf(10 * 1024 * 1024 - 4096);
      const large = await parent.post(
        '/api/my-family/payment-proofs',
        multipart({ paymentNumber: '3' }, { data: largest, name: 'grande-pero-valido.pdf', type: 'application/pdf' }),
        MULTIPART,
      );
      assert(large.status === 201 || large.status === 200, `10 MB upload: ${large.status} ${large.text.slice(0, 300)}`);
      const largeFile = await admin.get(`/api/payment-proofs/${large.json().id}/file`);
      expectStatus(largeFile, 200, 'the 10 MB receipt file');
      assert(largeFile.body.length > largest.length - 1024, `the 10 MB receipt came back with ${largeFile.body.length} bytes`);
      const tooBig = await parent.post(
        '/api/my-family/payment-proofs',
        multipart({ paymentNumber: '2' }, { data: pdf(11 * 1024 * 1024), name: 'grande.pdf', type: 'application/pdf' }),
        MULTIPART,
      );
      expectStatus(tooBig, 413, 'an 11 MB receipt');
      assert(tooBig.json().message === 'El archivo es demasiado grande: el máximo es 10 MB.', `413: ${tooBig.text}`);
      assert(tooBig.headers['strict-transport-security'], 'the 413 has no security headers');
      return `${(receipt.length / 1048576).toFixed(1)} MB and ${(largest.length / 1048576).toFixed(1)} MB`;
    },
  );

  await check('the bank import: a statement line with the family’s reference is matched and applied', async () => {
    // The reference the family's statement tells it to write on its deposits.
    const statement = await admin.get(`/api/families/${familyId}/statement`);
    expectStatus(statement, 200, "the family's statement");
    const reference: string = statement.json().paymentReference;
    const csv = Buffer.from(
      `Fecha;No. Documento;Descripción;Débito;Crédito;Saldo\n02/11/2026;900001;DEPOSITO ${reference} ANA LOPEZ;;Q 500.00;Q 500.00\n`,
    );
    const preview = await admin.post(
      '/api/bank-statements/preview',
      multipart({}, { data: csv, name: 'estado.csv', type: 'text/csv' }),
      MULTIPART,
    );
    expectStatus(preview, 200, 'bank preview');
    const line = preview.json().lines[0];
    assert(line?.match?.familyId === familyId, `the line's match: ${JSON.stringify(line)}`);
    const confirmed = await admin.post('/api/bank-statements/confirm', {
      lines: [{ date: line.date, description: line.description, document: line.document, amountCentavos: line.amountCentavos, familyId }],
    });
    assert(confirmed.status === 200 || confirmed.status === 201, `confirm: ${confirmed.status} ${confirmed.text}`);
    assert(confirmed.json().applied === 1, `confirm: ${confirmed.text}`);
  });

  return { receiptId, storedReceipt };
}
