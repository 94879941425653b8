import { fetchFile } from '@portal/api-client/request';

/**
 * Downloads a file the server builds (the xlsx exports) with the session cookie, keeping the
 * server's file name. A refusal throws an ApiError, and a 401 ends the session, as every other call does.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetchFile(url);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
