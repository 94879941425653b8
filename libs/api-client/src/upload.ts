// A form with a file whose upload shows its progress: XMLHttpRequest, since fetch reports none.
// Its own file, so only the screens that upload this way download it; the answer is checked as
// every other request's (a 401 tells the session-ended listeners).
import { answerJson, checked, type Answer } from '@portal/api-client/request';

function send(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () =>
      resolve({
        ok: request.status >= 200 && request.status < 300,
        status: request.status,
        statusText: request.statusText,
        text: async () => request.responseText,
      });
    // As fetch does: a TypeError, which errorMessage puts as a connection problem.
    request.onerror = request.onabort = () => reject(new TypeError('Network request failed'));
    request.send(form);
  });
}

/** POSTs `form`; `onProgress` hears the fraction sent so far (0 to 1). */
export async function uploadWithProgress<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return answerJson<T>(await checked(url, send(url, form, onProgress)));
}
