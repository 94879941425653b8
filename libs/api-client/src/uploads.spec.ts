/**
 * @jest-environment node
 */
import { previewBankStatement } from '@portal/api-client/bank';
import { recordExpense } from '@portal/api-client/books';
import { uploadReceipt } from '@portal/api-client/receipts';
import { ApiError, errorMessage, onSessionEnded } from '@portal/api-client/request';
import { FakeUpload, installFakeUpload } from '@portal/test-utils/fake-upload';

const SIGN_IN = '{"statusCode":401,"message":"Debes iniciar sesión para continuar."}';

const receipt = () => ({ file: new Blob(['%PDF-1.4']), fileName: 'recibo.pdf', paymentNumber: 2, amountDeclared: ' 150 ' });

describe('uploads through the shared request', () => {
  let sessionEnded: jest.Mock;
  let stop: () => void;

  let uninstall: () => void;

  beforeEach(() => {
    uninstall = installFakeUpload();
    sessionEnded = jest.fn();
    stop = onSessionEnded(sessionEnded);
  });

  afterEach(() => {
    stop();
    uninstall();
  });

  it('sends the receipt as a form with the session cookie, and reports its progress', async () => {
    FakeUpload.answer = { status: 201, body: '{"id":7}' };
    const progress: number[] = [];
    await expect(uploadReceipt(receipt(), (fraction) => progress.push(fraction))).resolves.toEqual({ id: 7 });
    expect(progress).toEqual([0.5, 1]);
    const [sent] = FakeUpload.sent;
    expect(sent).toMatchObject({ method: 'POST', url: '/api/my-family/payment-proofs', withCredentials: true });
    const form = sent!.body as FormData;
    expect([form.get('paymentNumber'), form.get('amountDeclared'), form.has('depositDate'), (form.get('file') as File).name]).toEqual([
      '2',
      '150',
      false,
      'recibo.pdf',
    ]);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it("sends what the deposit pays, in the family's order, only when the family said it", async () => {
    FakeUpload.answer = { status: 201, body: '{"id":8}' };
    await uploadReceipt({ ...receipt(), paymentNumber: 6, paysFor: [6, 5] }, () => undefined);
    await uploadReceipt({ ...receipt(), paysFor: 'saldo_a_favor' }, () => undefined);
    await uploadReceipt(receipt(), () => undefined);
    expect(FakeUpload.sent.map((sent) => (sent.body as FormData).get('paysFor'))).toEqual(['6,5', 'saldo_a_favor', null]);
  });

  it('ends the session when the API answers a receipt upload with a 401, as any other request', async () => {
    FakeUpload.answer = { status: 401, body: SIGN_IN };
    const error = await uploadReceipt(receipt(), () => undefined).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error)).toBe('Debes iniciar sesión para continuar.');
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('speaks of the connection when the upload is cut, without ending the session', async () => {
    FakeUpload.answer = 'network';
    const error = await uploadReceipt(receipt(), () => undefined).catch((caught: unknown) => caught);
    expect(errorMessage(error)).toMatch(/conexión/);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it.each([
    ['the bank statement preview', () => previewBankStatement(new Blob(['Fecha;Monto\n']), 'estado.csv'), '/api/bank-statements/preview'],
    [
      "the books' invoice",
      () =>
        recordExpense({
          kind: 'gasto',
          date: '2026-11-20',
          category: 'Decoración',
          supplier: 'Flores',
          concept: 'Centros de mesa',
          amount: 150,
          method: 'efectivo',
          file: new Blob(['%PDF-1.4']),
        }),
      '/api/books/expenses',
    ],
  ])('ends the session when %s is answered with a 401', async (_name, send, url) => {
    global.fetch = jest.fn().mockImplementation(async () => new Response(SIGN_IN, { status: 401 }));
    await expect(send()).rejects.toThrow('401');
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    // The form goes as it is: the browser writes its multipart type and boundary.
    const [calledUrl, init] = jest.mocked(global.fetch).mock.calls[0]!;
    expect([calledUrl, init?.method, init?.credentials, init?.headers, init?.body instanceof FormData]).toEqual([
      url,
      'POST',
      'include',
      undefined,
      true,
    ]);
  });
});
