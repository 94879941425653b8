// The routes that take a file (a receipt, a bank statement): their multipart body is read here,
// with its own size limit, and every other route keeps refusing anything but JSON
// (common/json-body.ts, common/csrf.ts).
// The body is small enough to hold in memory (10 MB, one request at a time per parent), so it is
// parsed as a whole rather than streamed.
import { BadRequestException, HttpException, HttpStatus, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role, User } from '@portal/contracts';
import { MESSAGES } from '../common/api-exception.filter';
import { FILE_MESSAGES, MAX_RECEIPT_BYTES } from './file-safety';

export const UPLOAD_METHOD = 'POST';
export const UPLOAD_URL = '/api/my-family/payment-proofs';
/**
 * The routes that take a file, and the one role each serves: a parent's receipt, the committee's
 * bank statement and the committee's invoices (books/).
 */
const UPLOAD_ROLES = new Map<string, Role>([
  [UPLOAD_URL, 'parent'],
  ['/api/bank-statements/preview', 'admin'],
  ['/api/books/expenses', 'admin'],
]);
const UPLOAD_URLS = new Set(UPLOAD_ROLES.keys());
/** The file plus the form's few short fields and the part headers. */
const MAX_BODY = MAX_RECEIPT_BYTES + 64 * 1024;
const MAX_FIELD = 200;

/** A class, so a JSON body of the same shape is never taken for a parsed form. */
export class MultipartBody {
  fields: Record<string, string> = {};
  file?: { fieldName: string; data: Buffer };
}

export function isUploadRoute(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  return request.method === UPLOAD_METHOD && UPLOAD_URLS.has(request.url.split('?')[0]!);
}

const bad = (message: string) => new BadRequestException(message);

/** Parts of a multipart/form-data body (RFC 7578); one file part at most, short text fields. */
export function parseMultipart(body: Buffer, contentType: string): MultipartBody {
  const match = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw bad('El formulario no es válido.');
  if (body.length === 0) throw bad('El formulario está vacío.');
  const delimiter = Buffer.from(`--${boundary}`);
  const result = new MultipartBody();
  let position = body.indexOf(delimiter);
  if (position !== 0) throw bad('El formulario no es válido.');
  for (;;) {
    position += delimiter.length;
    if (body.subarray(position, position + 2).toString('latin1') === '--') return result;
    if (body.subarray(position, position + 2).toString('latin1') !== '\r\n') throw bad('El formulario no es válido.');
    const headerEnd = body.indexOf('\r\n\r\n', position);
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), position);
    if (headerEnd < 0 || next < 0 || headerEnd > next) throw bad('El formulario no es válido.');
    const headers = body.subarray(position + 2, headerEnd).toString('utf8');
    const content = body.subarray(headerEnd + 4, next);
    const disposition = /^content-disposition:\s*form-data;(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (!name) throw bad('El formulario no es válido.');
    if (/\bfilename\*?=/i.test(disposition)) {
      if (result.file) throw bad('Envía un solo archivo por comprobante.');
      // The sent file name and type are ignored: the type comes from the bytes (file-safety.ts).
      result.file = { fieldName: name, data: Buffer.from(content) };
    } else {
      if (name in result.fields || content.length > MAX_FIELD * 4) throw bad(`El campo «${name.slice(0, 40)}» no es válido.`);
      result.fields[name] = content.toString('utf8');
    }
    position = next + 2;
  }
}

export const UPLOAD_GATE_MESSAGES = {
  signIn: 'Debes iniciar sesión para continuar.',
  forbidden: 'No tienes permiso para realizar esta acción.',
} as const;

/**
 * Who may send a file is known from the cookie alone: the session and its role are checked
 * before a byte of the body is read (the guard checks again afterwards). Anyone else gets the
 * 401 or 403 at once, and the connection is closed rather than drained, so an anonymous 10 MB
 * body costs the process nothing.
 */
export function registerUploadGate(fastify: FastifyInstance, sessionOf: (token: string) => Promise<User | null>, cookie: string): void {
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.status(status).header('connection', 'close').type('application/json; charset=utf-8').send({ statusCode: status, message });
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isUploadRoute(request)) return;
    const role = UPLOAD_ROLES.get(request.url.split('?')[0]!)!;
    const token = request.cookies?.[cookie];
    const user = token ? await sessionOf(token) : null;
    if (!user) return refuse(reply, 401, UPLOAD_GATE_MESSAGES.signIn);
    if (user.role !== role) return refuse(reply, 403, UPLOAD_GATE_MESSAGES.forbidden);
  });
}

/** Registered after the JSON parser, which removes every other one. */
export function registerUploadParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    if (!isUploadRoute(request)) return done(new UnsupportedMediaTypeException(MESSAGES.mediaType), undefined);
    const tooLarge = () => new HttpException(FILE_MESSAGES.tooLarge, HttpStatus.PAYLOAD_TOO_LARGE);
    if (Number(request.headers['content-length'] ?? 0) > MAX_BODY) return done(tooLarge(), undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, value?: MultipartBody) => {
      if (finished) return;
      finished = true;
      done(error, value);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        payload.removeAllListeners('data');
        payload.resume();
        return finish(tooLarge());
      }
      chunks.push(chunk);
    });
    payload.on('error', (error) => finish(error));
    payload.on('end', () => {
      try {
        finish(null, parseMultipart(Buffer.concat(chunks), String(request.headers['content-type'])));
      } catch (error) {
        finish(error as Error);
      }
    });
  });
}
