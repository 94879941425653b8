// Deposit receipts from the parent's side: what may be sent, what is stored, who may read it.
import { FAMILY_MESSAGES, type HistoryPage } from '@portal/contracts';
import { PDFParser } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { ReceiptEntity } from '../src/receipts/receipt.entity';
import { readStoredFile } from '../src/files/file-folder';
import { ReceiptFileEntity } from '../src/receipts/receipt-file.entity';
import { UPLOADS_PER_HOUR } from '../src/receipts/receipts.service';
import { DATABASES, type Agent, type TestApi, startApi } from './harness';
import { BOUNDARY, multipart, PDF, upload } from './receipts-fixtures';
import { createFamily, expectSpanishError, seedTwoFamilies, sessionAgent, snapshotTables, type TwoFamilies } from './fixtures';

const photo = (format: 'jpeg' | 'png' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .toFormat(format)
    .toBuffer();

describe.each(DATABASES)('deposit receipts (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let parentA: Agent;
  let parentB: Agent;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    parentA = await sessionAgent(api, fx.a.parent.id);
    parentB = await sessionAgent(api, fx.b.parent.id);
    admin = await sessionAgent(api, fx.admin.id);
  });
  afterAll(() => api.close());

  it.each(['jpeg', 'png', 'webp'] as const)(
    'takes a %s photo, stores it as a JPEG with a thumbnail, and lists it as under review',
    async (format) => {
      const response = await upload(
        api,
        parentA,
        { paymentNumber: '2', amountDeclared: '2950', depositDate: '2025-10-20', documentNumber: 'BI-123 45' },
        { data: await photo(format), name: '<b>mi foto</b>.png' },
      );
      expect(response.statusCode).toBe(201);
      const receipt = response.json();
      expect(receipt).toMatchObject({
        paymentNumber: 2,
        state: 'en_revision',
        contentType: 'image/jpeg',
        hasThumbnail: true,
        amountDeclared: 2950,
        depositDate: '2025-10-20',
        documentNumber: 'BI-123 45',
        review: null,
        fileName: 'comprobante-pago-2.jpg',
      });
      const list = await parentA.get<Array<{ id: number }>>('/api/my-family/payment-proofs');
      expect(list.body.map((item) => item.id)).toContain(receipt.id);
      const file = await parentA.get(`/api/payment-proofs/${receipt.id}/file`);
      expect(file.status).toBe(200);
      expect(file.rawBody.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(file.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
        'content-disposition': `inline; filename="comprobante-${receipt.id}.jpg"`,
        'cache-control': 'private, no-store',
      });
      const thumbnail = await admin.get(`/api/payment-proofs/${receipt.id}/thumbnail`);
      expect(thumbnail.status).toBe(200);
      expect((await sharp(thumbnail.rawBody).metadata()).width).toBeLessThanOrEqual(320);
    },
  );

  it("marks the payment 'Ya pagué' when its receipt is sent, once, in Historial as the parent; the family can still undo it", async () => {
    const paymentAnswers = () => parentB.get<Array<{ paymentNumber: number; status: string }>>('/api/my-payment-confirmations');
    expect((await paymentAnswers()).body.find((row) => row.paymentNumber === 4)).toBeUndefined();
    const fields = { paymentNumber: '4', amountDeclared: '2950', depositDate: '2026-11-20', documentNumber: '88812345' };
    expect((await upload(api, parentB, fields, { data: await photo('jpeg'), name: 'a.jpg' })).statusCode).toBe(201);
    expect((await paymentAnswers()).body).toContainEqual({ paymentNumber: 4, status: 'ya_pague' });
    const answers = async () =>
      (await admin.get<HistoryPage>(`/api/history?familyId=${fx.b.family.id}`)).body.items.filter(
        (item) => item.action === 'payment-confirmation.answer' && item.entityId === 4,
      );
    expect(await answers()).toEqual([expect.objectContaining({ actorUserId: fx.b.parent.id, after: { status: 'ya_pague' } })]);
    // A second receipt for the same payment writes no second answer.
    expect(
      (await upload(api, parentB, { ...fields, documentNumber: '88812346' }, { data: await photo('png'), name: 'b.png' })).statusCode,
    ).toBe(201);
    expect(await answers()).toHaveLength(1);
    // The family takes it back as always; the receipts stay.
    expect((await parentB.put('/api/my-payment-confirmations/4', { status: 'no_asistire' })).status).toBe(200);
    expect((await paymentAnswers()).body).toContainEqual({ paymentNumber: 4, status: 'no_asistire' });
    const receipts = await parentB.get<Array<{ paymentNumber: number }>>('/api/my-family/payment-proofs');
    expect(receipts.body.filter((receipt) => receipt.paymentNumber === 4)).toHaveLength(2);
  });

  it('takes a PDF as the parser writes it back (the same objects), without a thumbnail', async () => {
    const response = await upload(api, parentA, { paymentNumber: '1' }, { data: PDF, name: 'deposito.pdf', type: 'application/pdf' });
    expect(response.statusCode).toBe(201);
    const receipt = response.json();
    expect(receipt).toMatchObject({
      contentType: 'application/pdf',
      hasThumbnail: false,
      amountDeclared: null,
      fileName: 'comprobante-pago-1.pdf',
    });
    const file = await parentA.get(`/api/payment-proofs/${receipt.id}/file`);
    const stored = await PDFParser.forBytesWithOptions(new Uint8Array(file.rawBody)).parseDocument();
    expect(
      stored.enumerateIndirectObjects().map(([ref, object]) => `${ref.objectNumber}: ${object.toString().replace(/\s+/g, ' ')}`),
    ).toEqual(['1: << /Type /Catalog /Pages 2 0 R >>', '2: << /Type /Pages /Kids [ ] /Count 0 >>']);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await parentA.get(`/api/payment-proofs/${receipt.id}/thumbnail`)).status).toBe(404);
  });

  it('removes EXIF (and its GPS position) and turns the photo upright', async () => {
    const withExif = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TelefonoEspia' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 37/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    expect((await sharp(withExif).metadata()).orientation).toBe(6);
    expect(withExif.includes('TelefonoEspia')).toBe(true);
    const response = await upload(api, parentA, { paymentNumber: '3' }, { data: withExif });
    expect(response.statusCode).toBe(201);
    const row = await api.dataSource.getRepository(ReceiptFileEntity).findOneByOrFail({ receiptId: response.json().id });
    // The bytes as stored, in the files folder.
    const stored = (await readStoredFile(api.config.filesDir, row.dataHash!))!;
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('TelefonoEspia')).toBe(false);
    // Orientation 6 is a quarter turn: 40 x 20 stored as 20 x 40.
    expect([metadata.width, metadata.height]).toEqual([20, 40]);
  });

  const refused: Array<[string, () => Promise<Buffer> | Buffer, number]> = [
    ['HTML renamed .jpg', () => Buffer.from('<html><script>alert(1)</script></html>'), 415],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 415],
    [
      'a JPEG header followed by HTML',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script>')]),
      422,
    ],
    ['a PDF that is also HTML', () => Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n'), 422],
    [
      'a PDF with JavaScript',
      () => Buffer.from('%PDF-1.4\n1 0 obj<</OpenAction<</S/J#61vaScript/JS(app.alert(1))>>>>endobj\n%%EOF\n'),
      422,
    ],
    ['a PDF cut short', () => PDF.subarray(0, 40), 422],
    ['an empty file', () => Buffer.alloc(0), 400],
    ['an 11 MB file', () => Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)]), 413],
    [
      'a PNG declaring 30000 x 30000 pixels',
      async () => {
        const png = await photo('png', 1, 1);
        png.writeUInt32BE(30000, 16);
        png.writeUInt32BE(30000, 20);
        return png;
      },
      413,
    ],
  ];

  it.each(refused)('refuses %s with a Spanish error and stores nothing', async (name, make, status) => {
    const before = await snapshotTables(api, { except: ['sessions'] });
    const response = await upload(api, parentA, { paymentNumber: '4' }, { data: await make(), name: 'recibo.jpg' });
    expect(response.statusCode).toBe(status);
    const { message } = expectSpanishError(response);
    // Refused from its declared length, before a byte is read: the parent is still told the limit.
    if (name === 'an 11 MB file') expect(message).toBe('El archivo es demasiado grande: el máximo es 10 MB.');
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
  });

  it.each([
    [{ paymentNumber: '7' }, 'paymentNumber'],
    [{ paymentNumber: '1', amountDeclared: '12.505' }, 'amountDeclared'],
    [{ paymentNumber: '1', depositDate: '2025-02-30' }, 'depositDate'],
    [{ paymentNumber: '1', documentNumber: '<script>' }, 'documentNumber'],
    [{ paymentNumber: '1', familyId: '9' }, 'familyId'],
    [{ paymentNumber: '1', paysFor: '1,9' }, 'paysFor'],
  ])('refuses bad fields %j with a 400 naming the field', async (fields, field) => {
    const response = await upload(api, parentA, fields, { data: PDF });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(expectSpanishError(response).errors ?? {})).toContain(field);
  });

  it('refuses a form without a file', async () => {
    const response = await upload(api, parentA, { paymentNumber: '1' });
    expect(response.statusCode).toBe(400);
    expect(expectSpanishError(response).message).toMatch(/comprobante/);
  });

  it('refuses a broken form with a Spanish 400 and stores nothing: two files, a long or repeated field, no boundary', async () => {
    const cookie = [...parentA.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const send = (payload: Buffer | string, type = `multipart/form-data; boundary=${BOUNDARY}`) =>
      api.app.inject({ method: 'POST', url: '/api/my-family/payment-proofs', payload, headers: { 'content-type': type, cookie } });
    const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const file = (name: string) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF.toString('latin1')}\r\n`;
    const end = `--${BOUNDARY}--\r\n`;
    const before = await snapshotTables(api, { except: ['sessions'] });
    const cases: Array<[string, Awaited<ReturnType<typeof send>>, string]> = [
      ['two files', await send(field('paymentNumber', '1') + file('file') + file('otro') + end), 'Envía un solo archivo por comprobante.'],
      [
        'a long field',
        await send(field('documentNumber', 'x'.repeat(801)) + file('file') + end),
        'El campo «documentNumber» no es válido.',
      ],
      [
        'a repeated field',
        await send(field('paymentNumber', '1') + field('paymentNumber', '2') + file('file') + end),
        'El campo «paymentNumber» no es válido.',
      ],
      ['no boundary', await send(field('paymentNumber', '1'), 'multipart/form-data; charset=utf-8'), 'El formulario no es válido.'],
      ['a cut form', await send(field('paymentNumber', '1') + file('file').slice(0, 120)), 'El formulario no es válido.'],
    ];
    for (const [name, response, message] of cases) {
      expect({ name, status: response.statusCode, message: expectSpanishError(response).message }).toEqual({ name, status: 400, message });
    }
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
  });

  it('keeps multipart to the upload route: anywhere else it is a 415', async () => {
    const cookie = [...parentA.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await api.app.inject({
      method: 'PUT',
      url: '/api/my-family/rsvp',
      payload: multipart({ awardsRsvp: 'true' }),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
    });
    expect(response.statusCode).toBe(415);
  });

  it("gives another family's receipt a 404 for the file, the thumbnail and delete", async () => {
    const own = (await upload(api, parentA, { paymentNumber: '5' }, { data: await photo('png') })).json();
    for (const url of [`/api/payment-proofs/${own.id}/file`, `/api/payment-proofs/${own.id}/thumbnail`]) {
      const response = await parentB.get(url);
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect(response.rawBody.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    }
    expect((await parentB.delete(`/api/my-family/payment-proofs/${own.id}`)).status).toBe(404);
    expect(await api.dataSource.getRepository(ReceiptEntity).findOneBy({ id: own.id })).not.toBeNull();
    expect((await parentB.get('/api/my-family/payment-proofs')).text).not.toContain(`"id":${own.id},`);
  });

  it('lets a parent delete their own unreviewed receipt, file and all, but not a reviewed one', async () => {
    const own = (await upload(api, parentA, { paymentNumber: '6' }, { data: PDF })).json();
    expect((await parentA.delete(`/api/my-family/payment-proofs/${own.id}`)).status).toBe(204);
    expect(await api.dataSource.getRepository(ReceiptFileEntity).findOneBy({ receiptId: own.id })).toBeNull();
    expect((await parentA.get(`/api/payment-proofs/${own.id}/file`)).status).toBe(404);

    const reviewed = (await upload(api, parentA, { paymentNumber: '6' }, { data: PDF })).json();
    await api.dataSource.getRepository(ReceiptEntity).update(reviewed.id, {
      state: 'verificado',
      reviewedById: fx.admin.id,
      reviewedByName: 'Comité',
      reviewedAt: new Date(),
      amountReceived: 100,
    });
    const refusal = await parentA.delete(`/api/my-family/payment-proofs/${reviewed.id}`);
    expect(refusal.status).toBe(409);
    expect(expectSpanishError({ statusCode: refusal.status, headers: refusal.headers, body: refusal.text }).message).toMatch(/ya revisó/);
    expect(await api.dataSource.getRepository(ReceiptFileEntity).findOneBy({ receiptId: reviewed.id })).not.toBeNull();
  });

  it('lets a parent send 20 receipts an hour, then answers a Spanish 429 before reading the file; other parents are not held back', async () => {
    const family = await createFamily(api);
    const parent = await api.signedIn('parent', { email: family.email });
    for (let sent = 0; sent < UPLOADS_PER_HOUR; sent += 1) {
      // Refused files count too: processing them costs the same.
      const response = await upload(api, parent, { paymentNumber: '3' }, { data: sent % 2 ? PDF : Buffer.alloc(0), name: 'recibo.pdf' });
      expect(response.statusCode).toBe(sent % 2 ? 201 : 400);
    }
    const before = await snapshotTables(api, { except: ['sessions'] });
    const refused = await upload(api, parent, { paymentNumber: '3' }, { data: PDF, name: 'recibo.pdf' });
    expect(refused.statusCode).toBe(429);
    expect(expectSpanishError(refused).message).toBe('Enviaste muchos comprobantes en poco tiempo. Intenta de nuevo en una hora.');
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
    expect((await upload(api, parentB, { paymentNumber: '3' }, { data: PDF, name: 'recibo.pdf' })).statusCode).toBe(201);
  });

  describe('review by the committee', () => {
    it('lists the queue oldest first with family and graduate, filtered by state and payment, without bytes', async () => {
      const first = (await upload(api, parentB, { paymentNumber: '5', amountDeclared: '500' }, { data: PDF })).json();
      const second = (await upload(api, parentA, { paymentNumber: '5' }, { data: await photo('jpeg') })).json();
      const queue = await admin.get<Array<{ id: number; graduateName: string; paymentNumber: number; state: string }>>(
        '/api/payment-proofs?state=en_revision&payment=5',
      );
      expect(queue.status).toBe(200);
      const ids = queue.body.map((item) => item.id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      expect(queue.body.every((item) => item.paymentNumber === 5 && item.state === 'en_revision')).toBe(true);
      expect(queue.body.find((item) => item.id === first.id)).toMatchObject({
        graduateName: fx.b.family.graduateName,
        amountDeclared: 500,
      });
      expect(queue.text).not.toContain('"data"');
      expect((await admin.get('/api/payment-proofs?state=pagado')).status).toBe(400);
      expect((await admin.get('/api/payment-proofs?payment=9')).status).toBe(400);
    });

    it('verifies with the amount received and rejects with a reason; the parent reads both', async () => {
      const verified = (await upload(api, parentA, { paymentNumber: '1' }, { data: PDF })).json();
      const rejected = (await upload(api, parentA, { paymentNumber: '2' }, { data: PDF })).json();
      expect((await admin.post(`/api/payment-proofs/${verified.id}/verify`, {})).status).toBe(400);
      expect((await admin.post(`/api/payment-proofs/${rejected.id}/reject`, { reason: '   ' })).status).toBe(400);
      const ok = await admin.post(`/api/payment-proofs/${verified.id}/verify`, { amountReceived: 2950 });
      expect(ok.status).toBe(200);
      expect((await admin.post(`/api/payment-proofs/${rejected.id}/reject`, { reason: 'El monto no coincide.' })).status).toBe(200);
      const mine = await parentA.get<Array<{ id: number }>>('/api/my-family/payment-proofs');
      expect(mine.body.find((item) => item.id === verified.id)).toMatchObject({
        state: 'verificado',
        review: { reviewedBy: 'Comité', amountReceived: 2950, message: null, reviewedAt: expect.any(String) },
      });
      expect(mine.body.find((item) => item.id === rejected.id)).toMatchObject({
        state: 'rechazado',
        // The reason stays with the committee; without a message the family reads the neutral one.
        review: { reviewedBy: 'Comité', amountReceived: null, message: FAMILY_MESSAGES.rejection },
      });
      expect((await parentA.delete(`/api/my-family/payment-proofs/${verified.id}`)).status).toBe(409);
      expect((await admin.post('/api/payment-proofs/99999/verify', { amountReceived: 1 })).status).toBe(404);
    });

    it('lets one of two admins deciding at once win; the other gets a 409 naming who decided', async () => {
      const receipt = (await upload(api, parentA, { paymentNumber: '3' }, { data: PDF })).json();
      const ana = await api.signedIn('admin', { name: 'Ana López' });
      const luis = await api.signedIn('admin', { name: 'Luis Pérez' });
      const [a, b] = await Promise.all([
        ana.post(`/api/payment-proofs/${receipt.id}/verify`, { amountReceived: 100 }),
        luis.post(`/api/payment-proofs/${receipt.id}/reject`, { reason: 'Ilegible' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect((loser.body as { message: string }).message).toMatch(
        a.status === 200 ? 'Ana López ya verificó este comprobante.' : 'Luis Pérez ya rechazó este comprobante.',
      );
      const row = await api.dataSource.getRepository(ReceiptEntity).findOneByOrFail({ id: receipt.id });
      expect(row.reviewedByName).toBe(a.status === 200 ? 'Ana López' : 'Luis Pérez');
    });
  });
});
