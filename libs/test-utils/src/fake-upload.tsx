/** What the fake upload answers: a status and body after its progress events, or a network failure. */
export type FakeUploadAnswer = { status: number; body: string; progress?: Array<[loaded: number, total: number]> } | 'network';

/**
 * The browser's XMLHttpRequest as the receipt and bank uploads use it (jsdom's sends nothing):
 * it keeps what was sent and answers `FakeUpload.answer` after its progress events (by default
 * half the file, then all of it). `installFakeUpload()` puts it in place and returns the undo.
 */
export class FakeUpload {
  static answer: FakeUploadAnswer = { status: 201, body: '{}' };
  static sent: Array<{ method: string; url: string; body: unknown; withCredentials: boolean }> = [];
  readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  private method = '';
  private url = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  send(body: unknown) {
    FakeUpload.sent.push({ method: this.method, url: this.url, body, withCredentials: this.withCredentials });
    const answer = FakeUpload.answer;
    setTimeout(() => {
      const progress = answer === 'network' || !answer.progress ? [[50, 100] as const, [100, 100] as const] : answer.progress;
      for (const [loaded, total] of progress) this.upload.onprogress?.({ lengthComputable: true, loaded, total });
      if (answer === 'network') return this.onerror?.();
      this.status = answer.status;
      this.responseText = answer.body;
      this.onload?.();
    });
  }
}

export function installFakeUpload(answer: FakeUploadAnswer = { status: 201, body: '{}' }): () => void {
  const scope = globalThis as { XMLHttpRequest?: unknown };
  const real = scope.XMLHttpRequest;
  FakeUpload.answer = answer;
  FakeUpload.sent = [];
  scope.XMLHttpRequest = FakeUpload;
  return () => {
    scope.XMLHttpRequest = real;
  };
}
