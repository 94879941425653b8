import { act, waitFor } from '@testing-library/react';
import type { User } from '@portal/contracts';
import { uploadReceipt } from '@portal/api-client/receipts';
import { useUser, userKey } from '@portal/api-client/session';
import { installFakeUpload } from '@portal/test-utils/fake-upload';
import { renderHookWithApi } from '@portal/test-utils/render';
import { useSignOutWhenSessionEnds } from './mutations';

const PARENT: User = { id: 5, name: 'Padre', username: 'padre', email: 'padre@example.com', role: 'parent', emailVerified: true };

describe('the session ending', () => {
  let uninstall = () => {};
  afterEach(() => uninstall());

  it('forgets the signed-in parent when a receipt upload is answered with a 401', async () => {
    // Answered 401 once half the file has gone: the session ended meanwhile.
    uninstall = installFakeUpload({
      status: 401,
      body: '{"statusCode":401,"message":"Debes iniciar sesión para continuar."}',
      progress: [[1, 2]],
    });
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
