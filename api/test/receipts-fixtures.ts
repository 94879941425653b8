// Multipart uploads of deposit receipts, shared by the receipts and authorization-matrix tests.
import type { Agent, TestApi } from './harness';

export const BOUNDARY = '----comprobante7MA4YWxkTrZu0gW';

/** A multipart body as a browser's FormData sends it. */
export function multipart(fields: Record<string, string>, file?: { data: Buffer; name?: string; type?: string }): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'foto.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

export async function upload(
  api: TestApi,
  agent: Agent,
  fields: Record<string, string>,
  file?: { data: Buffer; name?: string; type?: string },
) {
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return api.app.inject({
    method: 'POST',
    url: '/api/my-family/payment-proofs',
    payload: multipart(fields, file),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
  });
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A multipart form sent to any upload route (the committee's invoices: POST /api/books/expenses). */
export async function sendForm(
  api: TestApi,
  agent: Agent,
  url: string,
  fields: Record<string, string>,
  file?: { data: Buffer; name?: string; type?: string },
) {
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return api.app.inject({
    method: 'POST',
    url,
    payload: multipart(fields, file),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
  });
}
