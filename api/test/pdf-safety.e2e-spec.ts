import { deflateSync } from 'node:zlib';
import { FILE_MESSAGES } from '../src/files/file-safety';
import { createFamily, expectSpanishError } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { upload } from './receipts-fixtures';

// PDFs that act on their own when opened, send or fetch things, or carry other files are refused,
// also when the names are hidden in a compressed object stream.

/** A small PDF: a catalog with `catalogExtra`, one page, and the given extra objects (plain and in an object stream). */
function pdf(catalogExtra = '', objects: string[] = [], compressed: string[] = []): Buffer {
  const parts = [
    '%PDF-1.7',
    `1 0 obj<</Type/Catalog/Pages 2 0 R${catalogExtra}>>endobj`,
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj',
    ...objects,
  ];
  const chunks = [Buffer.from(parts.join('\n') + '\n', 'latin1')];
  if (compressed.length) {
    // Object numbers and offsets first, then the objects from /First on.
    const offsets = compressed.map((_object, index) => compressed.slice(0, index).reduce((sum, object) => sum + object.length + 1, 0));
    const header = compressed.map((_object, index) => `${20 + index} ${offsets[index]}`).join(' ') + '\n';
    const data = deflateSync(Buffer.from(header + compressed.join('\n'), 'latin1'));
    chunks.push(
      Buffer.from(
        `9 0 obj<</Type/ObjStm/N ${compressed.length}/First ${header.length}/Filter/FlateDecode/Length ${data.length}>>stream\n`,
        'latin1',
      ),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    );
  }
  chunks.push(Buffer.from('trailer<</Root 1 0 R>>\n%%EOF\n', 'latin1'));
  return Buffer.concat(chunks);
}

const HOSTILE: Array<[string, Buffer]> = [
  ['embedded files', pdf('/Names<</EmbeddedFiles 5 0 R>>', ['5 0 obj<</Names[(a.exe) 6 0 R]>>endobj'])],
  ['an opening action that follows a link, in place', pdf('/OpenAction<</S/URI/URI(https://pagos.example.net/)>>')],
  [
    'an opening action that follows a link, by reference',
    pdf('/OpenAction 5 0 R', ['5 0 obj<</S/URI/URI(https://pagos.example.net/)>>endobj']),
  ],
  ['a form that submits itself', pdf('/OpenAction<</S/SubmitForm/F(https://pagos.example.net/)>>')],
  ['a jump to another file', pdf('', ['5 0 obj<</S/GoToR/F(otro.pdf)/D[0/Fit]>>endobj'])],
  ['imported form data', pdf('', ['5 0 obj<</S/ImportData/F(datos.fdf)>>endobj'])],
  ['JavaScript inside a compressed object stream', pdf('/OpenAction 20 0 R', [], ['<</S/JavaScript/JS(app.alert(1))>>'])],
  ['a link opened by itself inside an object stream', pdf('/OpenAction 20 0 R', [], ['<</S/URI/URI(https://pagos.example.net/)>>'])],
];

describe.each(DATABASES)('PDF receipts with active content (%s)', (kind) => {
  let api: TestApi;
  let parent: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    const family = await createFamily(api);
    parent = await api.signedIn('parent', { email: family.email });
  });
  afterAll(() => api.close());

  it.each(HOSTILE)('refuses a PDF with %s, in Spanish', async (_what, file) => {
    const response = await upload(api, parent, { paymentNumber: '1' }, { data: file, name: 'recibo.pdf' });
    expect(response.statusCode).toBe(422);
    expect(expectSpanishError(response).message).toBe(FILE_MESSAGES.activePdf);
  });

  it('accepts a plain PDF with a link the reader clicks and a compressed object stream of harmless objects', async () => {
    const file = pdf(
      '/OpenAction[3 0 R/Fit]',
      ['5 0 obj<</Type/Annot/Subtype/Link/Rect[0 0 10 10]/A<</S/URI/URI(https://banco.example.com/)>>>>endobj'],
      ['<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>'],
    );
    const response = await upload(api, parent, { paymentNumber: '1' }, { data: file, name: 'recibo.pdf' });
    expect(response.statusCode).toBe(201);
  });
});
