import { act, renderHook, waitFor } from '@testing-library/react';
import { useMutation } from '@portal/api-client/mutation';

/** A call that resolves or rejects when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

describe('useMutation', () => {
  it('is pending while the call runs, and ignores a second submit meanwhile', async () => {
    const answer = deferred<string>();
    const call = jest.fn(() => answer.promise);
    const onSuccess = jest.fn();
    const { result } = renderHook(() => useMutation(call, { onSuccess }));
    let first!: Promise<string | undefined>;
    let second!: Promise<string | undefined>;
    act(() => {
      first = result.current.run(1);
      second = result.current.run(2);
    });
    expect(result.current.isPending).toBe(true);
    await expect(second).resolves.toBeUndefined();
    await act(async () => answer.resolve('guardado'));
    await expect(first).resolves.toBe('guardado');
    expect(call).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith('guardado', 1);
    expect(result.current.isPending).toBe(false);
  });

  it('hands a failure to onError and resolves to undefined; without onError it rejects', async () => {
    const onError = jest.fn();
    const handled = renderHook(() => useMutation(() => Promise.reject(new Error('409')), { onError }));
    await act(async () => expect(await handled.result.current.run(undefined)).toBeUndefined());
    expect(onError).toHaveBeenCalledWith(new Error('409'));

    const bare = renderHook(() => useMutation(() => Promise.reject(new Error('500'))));
    await act(async () => expect(bare.result.current.run(undefined)).rejects.toThrow('500'));
    await waitFor(() => expect(bare.result.current.isPending).toBe(false));
  });

  it('can run again once the first call has ended', async () => {
    const call = jest.fn(async (input: number) => input * 2);
    const { result } = renderHook(() => useMutation(call));
    await act(async () => expect(await result.current.run(1)).toBe(2));
    await act(async () => expect(await result.current.run(2)).toBe(4));
    expect(call).toHaveBeenCalledTimes(2);
  });
});
