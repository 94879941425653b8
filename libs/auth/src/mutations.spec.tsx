import { act, waitFor } from '@testing-library/react';
import type { User } from '@portal/contracts';
import { uploadReceipt } from '@portal/api-client/receipts';
import { useUser, userKey } from '@portal/api-client/session';
import { renderHookWithApi } from '@portal/test-utils/render';
import { useSignOutWhenSessionEnds } from './mutations';

const PARENT: User = { id: 5, name: 'Padre', username: 'padre', email: 'padre@example.com', role: 'parent', emailVerified: true };

/** The upload's XMLHttpRequest, answered 401 once half the file has gone: the session ended meanwhile. */
class SessionEndedDuringUpload {
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
  open() {}
  send() {
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      this.status = 401;
      this.responseText = '{"statusCode":401,"message":"Debes iniciar sesión para continuar."}';
      this.onload?.();
    });
  }
}

describe('the session ending', () => {
  const realRequest = global.XMLHttpRequest;
  afterEach(() => {
    global.XMLHttpRequest = realRequest;
  });

  it('forgets the signed-in parent when a receipt upload is answered with a 401', async () => {
    global.XMLHttpRequest = SessionEndedDuringUpload as unknown as typeof XMLHttpRequest;
    const { result } = renderHookWithApi(
      () => {
        useSignOutWhenSessionEnds();
        return useUser().user;
      },
      { data: { [userKey]: PARENT }, revalidateOnMount: false },
    );
    expect(result.current).toEqual(PARENT);
    const progress: number[] = [];
    await act(async () => {
      const upload = uploadReceipt({ file: new Blob(['%PDF-1.4']), fileName: 'recibo.pdf', paymentNumber: 2 }, (fraction) =>
        progress.push(fraction),
      );
      await expect(upload).rejects.toThrow('401');
    });
    expect(progress).toEqual([0.5]);
    await waitFor(() => expect(result.current).toBeNull());
  });
});
