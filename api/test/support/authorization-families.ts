// The authorization matrix's rows (authorization-rules.ts) for the families, their payments and
// receipts, the bank's statements and the ledger.
import { BankLineEntity, BankStatementReadEntity } from '../../src/bank/bank-line.entity';
import { lineChecksum } from '../../src/bank/line-identity';
import { FamilyImportService } from '../../src/family-admin/family-import.service';
import { LedgerEntryEntity } from '../../src/ledger/ledger-entry.entity';
import { PaymentOverrideEntity } from '../../src/payments/payment-override.entity';
import { ReceiptEntity } from '../../src/receipts/receipt.entity';
import { ReceiptFileEntity } from '../../src/receipts/receipt-file.entity';
import type { TwoFamilies } from '../fixtures';
import type { Agent, Response, TestApi } from '../harness';
import { BOUNDARY, multipart, PDF, upload } from '../receipts-fixtures';
import { ADMIN, nextNumber, PARENT, SIGNED_IN, targetFamily, type Context, type RouteRule } from './authorization-rules';

/** A receipt of the caller's own family (family A's for admins and anonymous callers). */
async function ownReceipt({ api, fx, caller }: Context): Promise<{ url: string }> {
  const family = caller === 'parentB' ? fx.b.family : fx.a.family;
  const receipt = await api.dataSource
    .getRepository(ReceiptEntity)
    .save({ familyId: family.id, paymentNumber: 4, fileName: 'comprobante-pago-4.pdf', uploadedAt: new Date() });
  return { url: `/api/my-family/payment-proofs/${receipt.id}` };
}

/** Family A's fixture receipt, with stored bytes. */
async function receiptWithFile(api: TestApi, fx: TwoFamilies, variant: 'file' | 'thumbnail'): Promise<{ url: string }> {
  const files = api.dataSource.getRepository(ReceiptFileEntity);
  if (!(await files.findOneBy({ receiptId: fx.a.receipt.id })))
    await files.insert({ receiptId: fx.a.receipt.id, data: PDF, thumbnail: PDF });
  return { url: `/api/payment-proofs/${fx.a.receipt.id}/${variant}` };
}

/** A school list of one new family (a new e-mail at each call). */
function schoolList(): Buffer {
  return Buffer.from(
    `Graduando;Encargado;Correo;Teléfono\nNueva Graduada;Nuevo Contacto;lista.${nextNumber()}@example.com;5555-0000\n`,
    'utf8',
  );
}

/** The school's list as the committee's form sends it. */
async function sendList({ api }: Context, agent: Agent, url: string, data: Buffer, fields: Record<string, string> = {}): Promise<Response> {
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await api.app.inject({
    method: 'POST',
    url,
    payload: multipart(fields, { data, name: 'lista.csv', type: 'text/csv' }),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
  });
  return {
    status: response.statusCode,
    body: response.json(),
    text: response.body,
    rawBody: response.rawPayload,
    headers: response.headers as Response['headers'],
  };
}

export const FAMILY_ROUTES: Record<string, RouteRule> = {
  'GET /api/families': { expect: ADMIN(200) },
  'POST /api/families': {
    expect: ADMIN(201),
    request: () => ({
      body: {
        graduateName: 'Nueva Graduada',
        contactName: 'Nuevo Contacto',
        email: `nueva.familia.${nextNumber()}@example.com`,
        phone: '5555-0000',
        tablesBooked: 1,
        hasPaid: true,
        paymentAmount: 100,
      },
    }),
  },
  'PUT /api/families/:id': {
    expect: ADMIN(200),
    request: async (context) => {
      const family = await targetFamily(context);
      return { url: `/api/families/${family.id}`, body: { tablesBooked: 1, hasPaid: true, paymentAmount: 1 } };
    },
  },
  'DELETE /api/families/:id': {
    expect: ADMIN(204),
    request: async (context) => ({ url: `/api/families/${(await targetFamily(context)).id}` }),
  },
  'GET /api/families/:id/statement': {
    expect: ADMIN(200),
    request: async (context) => ({ url: `/api/families/${(await targetFamily(context)).id}/statement` }),
  },
  'PUT /api/families/:id/payments/:payment/override': {
    expect: ADMIN(200),
    request: async (context) => ({
      url: `/api/families/${(await targetFamily(context)).id}/payments/3/override`,
      body: { amountQuetzales: 1000, reason: 'Beca' },
    }),
  },
  'DELETE /api/families/:id/payments/:payment/override': {
    expect: ADMIN(200),
    request: async (context) => {
      const family = await targetFamily(context);
      await context.api.dataSource
        .getRepository(PaymentOverrideEntity)
        .save({ familyId: family.id, paymentNumber: 4, amountCentavos: 100, reason: 'Beca', setByName: 'Comité', setAt: new Date() });
      return { url: `/api/families/${family.id}/payments/4/override`, body: { reason: 'Ya no tiene beca' } };
    },
  },
  'POST /api/families/:id/payments/:payment/cash': {
    expect: ADMIN(201),
    request: async (context) => ({
      url: `/api/families/${(await targetFamily(context)).id}/payments/5/cash`,
      body: { amountReceived: 100 },
    }),
  },
  'GET /api/payment-dates': { expect: SIGNED_IN },
  'PUT /api/payment-dates/:id': {
    expect: ADMIN(200),
    request: () => ({ url: '/api/payment-dates/3', body: { description: 'Tercer pago', date: '2025-11-15', amount: 'Q500 por mesa' } }),
  },
  'GET /api/my-family': { expect: PARENT },
  'GET /api/my-family/payment-proofs': { expect: PARENT },
  'GET /api/my-family/statement': { expect: PARENT },
  'GET /api/my-family/credit-receipts': { expect: PARENT },
  // Family A's receipt: family B's parent gets a 404, as for one that does not exist.
  'GET /api/my-family/credit-receipts/:id': {
    expect: [401, 200, 404, 403, 403],
    request: async ({ api, fx }) => {
      const { identifiers } = await api.dataSource.getRepository(LedgerEntryEntity).insert({
        familyId: fx.a.family.id,
        kind: 'credito',
        source: 'efectivo',
        method: 'efectivo',
        amount: 100,
        creditReceiptNumber: `2026-${9000 + nextNumber()}`,
        createdByName: 'Comité',
        createdAt: new Date(),
      });
      return { url: `/api/my-family/credit-receipts/${identifiers[0]!.id}` };
    },
  },
  'POST /api/my-family/payment-proofs': {
    expect: [401, 201, 201, 403, 403],
    send: async ({ api }, agent) => {
      const response = await upload(api, agent, { paymentNumber: '4', amountDeclared: '2950' }, { data: PDF });
      return {
        status: response.statusCode,
        body: response.json(),
        text: response.body,
        rawBody: response.rawPayload,
        headers: response.headers as Response['headers'],
      };
    },
  },
  'DELETE /api/my-family/payment-proofs/:id': { expect: [401, 204, 204, 403, 403], request: ownReceipt },
  'POST /api/bank-statements/preview': {
    expect: ADMIN(200),
    send: async ({ api }, agent) => {
      const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/bank-statements/preview',
        payload: multipart({}, { data: Buffer.from('Fecha;Descripción;Crédito\n02/11/2026;DEPOSITO;Q100\n') }),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
      });
      return {
        status: response.statusCode,
        body: response.json(),
        text: response.body,
        rawBody: response.rawPayload,
        headers: response.headers as Response['headers'],
      };
    },
  },
  'POST /api/families/import/preview': {
    expect: ADMIN(200),
    send: (context, agent) => sendList(context, agent, '/api/families/import/preview', schoolList()),
  },
  // 'Nueva promoción', its families' step: the list read for the next class, nothing written.
  'POST /api/classes/next/families/preview': {
    expect: ADMIN(200),
    send: (context, agent) => sendList(context, agent, '/api/classes/next/families/preview', schoolList()),
  },
  'POST /api/families/import': {
    expect: ADMIN(201),
    send: async (context, agent) => {
      const list = schoolList();
      const { checksum } = await context.api.app.get(FamilyImportService).preview(list);
      return sendList(context, agent, '/api/families/import', list, { checksum });
    },
  },
  'POST /api/bank-statements/confirm': {
    expect: ADMIN(200),
    request: async ({ api, fx }) => {
      const line = {
        date: '2026-11-02',
        description: `DEPOSITO ${Date.now()}`,
        document: '',
        amountCentavos: 10000,
        familyId: fx.a.family.id,
      };
      // A line of a statement the API read (a preview keeps its checksum).
      await api.dataSource.getRepository(BankStatementReadEntity).insert({ checksum: lineChecksum(line), readAt: new Date() });
      return { body: { lines: [line] } };
    },
  },
  'POST /api/bank-statements/lines/:id/reopen': {
    expect: ADMIN(204),
    request: async ({ api }) => {
      // A line read and discarded: reopening it makes it pending again.
      const checksum = lineChecksum({ date: '2026-11-03', description: `CARGO ${Date.now()}`, document: '', amountCentavos: -1200 });
      const { identifiers } = await api.dataSource.getRepository(BankLineEntity).insert({
        checksum,
        liveChecksum: checksum,
        state: 'descartada',
        day: '2026-11-03',
        amountCentavos: -1200,
        decidedByName: 'Comité',
        decidedAt: new Date(),
      });
      const lineId = Number(identifiers[0]!.id);
      await api.dataSource.getRepository(BankStatementReadEntity).insert({ checksum, readAt: new Date(), state: 'descartada', lineId });
      return { url: `/api/bank-statements/lines/${lineId}/reopen`, body: {} };
    },
  },
  'POST /api/ledger-entries/:id/reverse': {
    expect: ADMIN(200),
    request: async ({ api, fx }) => {
      const { identifiers } = await api.dataSource.getRepository(LedgerEntryEntity).insert({
        familyId: fx.a.family.id,
        kind: 'credito',
        source: 'efectivo',
        amount: 100,
        createdByName: 'Comité',
        createdAt: new Date(),
      });
      return { url: `/api/ledger-entries/${identifiers[0]!.id}/reverse`, body: { reason: 'Monto mal escrito' } };
    },
  },
  'GET /api/payment-proofs': { expect: ADMIN(200) },
  'POST /api/payment-proofs/:id/verify': {
    expect: ADMIN(200),
    request: async (context) => ({
      url: (await ownReceipt(context)).url.replace('my-family/', '') + '/verify',
      body: { amountReceived: 2950 },
    }),
  },
  'POST /api/payment-proofs/:id/reject': {
    expect: ADMIN(200),
    request: async (context) => ({
      url: (await ownReceipt(context)).url.replace('my-family/', '') + '/reject',
      body: { reason: 'Ilegible' },
    }),
  },
  'GET /api/payment-proofs/:id/file': {
    expect: [401, 200, 404, 200, 403],
    cacheControl: 'private, no-store',
    request: ({ api, fx }) => receiptWithFile(api, fx, 'file'),
  },
  'GET /api/payment-proofs/:id/thumbnail': {
    expect: [401, 200, 404, 200, 403],
    cacheControl: 'private, no-store',
    request: ({ api, fx }) => receiptWithFile(api, fx, 'thumbnail'),
  },
  'GET /api/my-payment-confirmations': { expect: PARENT },
  'PUT /api/my-payment-confirmations/:paymentNumber': {
    expect: PARENT,
    request: () => ({ url: '/api/my-payment-confirmations/3', body: { status: 'ya_pague' } }),
  },
  'GET /api/payment-confirmations-report': { expect: ADMIN(200) },
};
