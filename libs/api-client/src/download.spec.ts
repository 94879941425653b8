import { downloadFile } from '@portal/api-client/download';
import { ApiError, onSessionEnded } from '@portal/api-client/request';

/** What the client reads of a fetch answer (jsdom has no Response). */
function answer(status: number, body: string, headers: Record<string, string> = {}) {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => headers[name] ?? null },
    text: async () => body,
    blob: async () => new Blob([body]),
  };
}

describe('downloadFile', () => {
  const clicked: Array<{ name: string; href: string }> = [];

  beforeEach(() => {
    clicked.length = 0;
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href });
    });
  });

  afterEach(() => jest.restoreAllMocks());

  it('asks with the session cookie and saves the file under the name the server gives', async () => {
    global.fetch = jest
      .fn()
      .mockResolvedValue(answer(200, 'xlsx', { 'Content-Disposition': 'attachment; filename="rsvps-eventos-2026-11-24.xlsx"' }));
    await downloadFile('/api/event-rsvps-report?format=xlsx', 'rsvps-eventos.xlsx');
    expect(global.fetch).toHaveBeenCalledWith('/api/event-rsvps-report?format=xlsx', { credentials: 'include' });
    expect(clicked).toEqual([{ name: 'rsvps-eventos-2026-11-24.xlsx', href: 'blob:export' }]);
    // The link does not stay in the page.
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it('falls back to its own name when the server gives none', async () => {
    global.fetch = jest.fn().mockResolvedValue(answer(200, 'xlsx'));
    await downloadFile('/api/payment-confirmations-report?format=xlsx', 'confirmaciones-de-pago.xlsx');
    expect(clicked.map((link) => link.name)).toEqual(['confirmaciones-de-pago.xlsx']);
  });

  it('throws the server’s refusal as an ApiError and saves nothing', async () => {
    global.fetch = jest.fn().mockResolvedValue(answer(403, '{"statusCode":403,"message":"No tienes permiso."}'));
    const error = await downloadFile('/api/event-rsvps-report?format=xlsx', 'x.xlsx').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).userMessage).toBe('No tienes permiso.');
    expect(clicked).toEqual([]);
  });

  it('ends the session when the export is answered with a 401, as any other request', async () => {
    const sessionEnded = jest.fn();
    const stop = onSessionEnded(sessionEnded);
    global.fetch = jest.fn().mockResolvedValue(answer(401, '{"statusCode":401,"message":"Debes iniciar sesión para continuar."}'));
    await expect(downloadFile('/api/event-rsvps-report?format=xlsx', 'x.xlsx')).rejects.toThrow('401');
    stop();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual([]);
  });
});
