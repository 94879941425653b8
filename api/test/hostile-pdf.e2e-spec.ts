// PDFs that hide active content where a byte scan does not look (issue 42): each is refused as a
// parent's receipt and as the committee's invoice, in Spanish, with nothing stored. A clean PDF is
// stored as the parser wrote it back: the objects that were checked, and nothing else.
import { PDFParser, PDFRawStream, type PDFObject } from '@cantoo/pdf-lib';
import { FILE_MESSAGES } from '../src/files/file-safety';
import { createFamily, createUser, expectSpanishError, sessionAgent, snapshotTables } from './fixtures';
import {
  cleanReceipt,
  encryptedReceipt,
  HEAVY_PDFS,
  HOSTILE_PDFS,
  pdfFile,
  receiptObjects,
  streamObject,
  unmarkedObjectStream,
} from './fixtures/pdf/make-hostile-pdfs';
import { ANY_DATABASE, startApi, type Agent, type TestApi } from './harness';
import { sendForm, upload } from './receipts-fixtures';

const EXPENSE = {
  kind: 'gasto',
  date: '2026-10-05',
  category: 'Salón',
  supplier: 'Imprenta La Estrella',
  concept: 'Invitaciones',
  amount: '350',
  method: 'transferencia',
  nit: '1669394-9',
  felSeries: 'A1B2C3D4',
  felNumber: '123456789',
  felUuid: 'A1B2C3D4-1234-4ABC-9DEF-0123456789AB',
};

/** Every indirect object of a PDF as the parser reads it: number -> its PDF syntax. */
async function objectsOf(bytes: Buffer): Promise<Map<number, string>> {
  const context = await PDFParser.forBytesWithOptions(new Uint8Array(bytes)).parseDocument();
  const text = (object: PDFObject) =>
    object instanceof PDFRawStream
      ? `${object.dict.toString()} stream ${Buffer.from(object.contents).toString('latin1')}`
      : object.toString();
  return new Map(context.enumerateIndirectObjects().map(([ref, object]) => [ref.objectNumber, text(object)]));
}

const hostile = Object.entries(HOSTILE_PDFS).map(([name, make]) => [name, make()] as const);

// A file is judged before anything reaches the database: one database is enough here (storing a
// receipt is tested on both by receipts.e2e-spec.ts and receipt-files.e2e-spec.ts).
describe.each([ANY_DATABASE])('hostile PDFs as receipts and invoices (%s)', (kind) => {
  let api: TestApi;
  let parent: Agent;
  let treasurer: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    const family = await createFamily(api);
    parent = await api.signedIn('parent', { email: family.email });
    treasurer = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera')).id);
  });
  afterAll(() => api.close());

  const receipt = (data: Buffer) => upload(api, parent, { paymentNumber: '1' }, { data, name: 'recibo.pdf', type: 'application/pdf' });
  const invoice = (data: Buffer) =>
    sendForm(api, treasurer, '/api/books/expenses', EXPENSE, { data, name: 'factura.pdf', type: 'application/pdf' });

  /** Sent by `send`: refused with `status` and `message`, and not a row changed. */
  async function refused(send: () => ReturnType<typeof receipt>, status: number, message: string) {
    const before = await snapshotTables(api, { except: ['sessions'] });
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(expectSpanishError(response).message).toBe(message);
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
  }

  it.each(hostile)("refuses %s as a parent's receipt", async (_name, file) => {
    await refused(() => receipt(file), 422, FILE_MESSAGES.activePdf);
  });

  it.each(hostile)("refuses %s as the committee's invoice", async (_name, file) => {
    await refused(() => invoice(file), 422, FILE_MESSAGES.activePdf);
  });

  // How long a refusal takes is not asserted: a test that times itself fails on a busy machine.
  it.each(Object.entries(HEAVY_PDFS))('refuses %s as too complex', async (_name, make) => {
    await refused(() => receipt(make()), 422, FILE_MESSAGES.heavyPdf);
  });

  it('refuses an encrypted PDF, which cannot be read through', async () => {
    await refused(() => receipt(encryptedReceipt()), 422, FILE_MESSAGES.lockedPdf);
  });

  it('refuses a PDF with an object the parser cannot read', async () => {
    const broken = pdfFile([{ objects: { ...receiptObjects(), 5: '<</Type/Font/Subtype/Type1/BaseFont(Helvetica' } }]);
    await refused(() => invoice(broken), 422, FILE_MESSAGES.badPdf);
  });

  it('refuses a readable PDF that is also a web page once written back', async () => {
    const polyglot = pdfFile([{ objects: { ...receiptObjects(), 5: streamObject('', '<html><script>alert(1)</script></html>') } }]);
    await refused(() => receipt(polyglot), 422, FILE_MESSAGES.activePdf);
  });

  it('stores a clean receipt as the parser wrote it back: the same objects, none left compressed', async () => {
    const sent = cleanReceipt();
    const response = await receipt(sent);
    expect(response.statusCode).toBe(201);
    const stored = (await parent.get(`/api/payment-proofs/${response.json<{ id: number }>().id}/file`)).rawBody;
    expect(stored.equals(sent)).toBe(false);
    const objects = await objectsOf(stored);
    const original = await objectsOf(sent);
    // The page, its text, its font and its link, as sent; the object and cross-reference streams gone.
    for (const number of [1, 2, 3, 4, 5, 6]) expect(objects.get(number)).toBe(original.get(number));
    expect([...objects.values()].filter((text) => /\/Type \/(ObjStm|XRef)/.test(text))).toEqual([]);
    expect(objects.get(6)).toContain('/URI (https://banco.example.com/)');
  });

  it('stores a stream that is an object stream in all but its type with no way left to reach what it holds', async () => {
    const response = await receipt(unmarkedObjectStream());
    expect(response.statusCode).toBe(201);
    const stored = (await parent.get(`/api/payment-proofs/${response.json<{ id: number }>().id}/file`)).rawBody;
    const objects = await objectsOf(stored);
    // The catalog still names object 10, but no object 10 is written, and there is no cross-reference stream.
    expect(objects.get(1)).toContain('/OpenAction 10 0 R');
    expect([objects.has(10), /\/Type \/XRef|JavaScript/.test([...objects.values()].join('\n'))]).toEqual([false, false]);
    expect(stored.toString('latin1')).toMatch(/\nxref\n0 \d+\n/);
  });

  it('keeps one revision of an updated invoice, and nothing after its end', async () => {
    const updated = pdfFile([
      {
        objects: receiptObjects('', ''),
        objectStreams: [{ number: 9, objects: { 5: '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>' }, filters: ['FlateDecode'] }],
      },
      { objects: { 4: streamObject('', 'BT /F1 18 Tf 30 100 Td (Corregido) Tj ET') } },
    ]);
    const sent = Buffer.concat([updated, Buffer.from('\n% una nota al final que ningún lector mostraría\n', 'latin1')]);
    const response = await invoice(sent);
    expect(response.statusCode).toBe(201);
    const stored = (await treasurer.get(`/api/books/expenses/${response.json<{ id: number }>().id}/invoice`)).rawBody;
    const text = stored.toString('latin1');
    expect(text.match(/%%EOF/g)).toHaveLength(1);
    expect(text).not.toContain('una nota al final');
    expect((await objectsOf(stored)).get(4)).toContain('(Corregido)');
  });
});
