// The routes that take a file (a receipt, a bank statement, an invoice): @fastify/multipart reads
// their form, within the limits below, once the session and role are known; every other route
// keeps refusing anything but JSON (common/csrf.ts).
import fastifyMultipart from '@fastify/multipart';
import { BadRequestException, HttpException, HttpStatus, UnsupportedMediaTypeException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role, User } from '@portal/contracts';
import { MESSAGES } from '../common/api-exception.filter';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from './upload-limits';

export const UPLOAD_METHOD = 'POST';
export const UPLOAD_URL = '/api/my-family/payment-proofs';
/**
 * The routes that take a file, and the one role each serves: a parent's receipt, the committee's
 * bank statement, the committee's invoices (books/) and the school's list of a new class (families/).
 */
const UPLOAD_ROLES = new Map<string, Role>([
  [UPLOAD_URL, 'parent'],
  ['/api/bank-statements/preview', 'admin'],
  ['/api/books/expenses', 'admin'],
  ['/api/families/import/preview', 'admin'],
  ['/api/families/import', 'admin'],
  ['/api/classes/next/families/preview', 'admin'],
]);
const UPLOAD_URLS = new Set(UPLOAD_ROLES.keys());
/** The file plus the form's few short fields and the part headers. */
const MAX_BODY = MAX_UPLOAD_BYTES + 64 * 1024;
/** 200 characters of up to 4 bytes each. */
const MAX_FIELD_BYTES = 800;
/** The invoice form has the most: eleven. */
const MAX_FIELDS = 20;

/** A class, so a JSON body of the same shape is never taken for a parsed form. */
export class MultipartBody {
  fields: Record<string, string> = {};
  /** `fileName`: the name the browser sent (the bank statement keeps it to say where a line came in; a receipt ignores it). */
  file?: { fieldName: string; data: Buffer; fileName: string };
}

export function isUploadRoute(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  return request.method === UPLOAD_METHOD && UPLOAD_URLS.has(request.url.split('?')[0]!);
}

const bad = (message: string) => new BadRequestException(message);
const badField = (name: string) => bad(`El campo «${name.slice(0, 40)}» no es válido.`);

/** The library's refusals (errors with a FST_ code, and busboy's for a broken form) in Spanish. */
function formError(error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpException({ message: UPLOAD_TOO_LARGE }, HttpStatus.PAYLOAD_TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return bad('Envía un solo archivo por comprobante.');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpException({ message: MESSAGES.tooLarge }, HttpStatus.PAYLOAD_TOO_LARGE);
    default:
      return bad('El formulario no es válido.');
  }
}

/**
 * The form as the controllers take it: one file part at most, short text fields, each once. By
 * hand over the library's parts because its attachFieldsToBody turns a repeated field into an
 * array and leaves no mark that a body was a form (a JSON body of the same shape would pass).
 */
async function readForm(request: FastifyRequest): Promise<MultipartBody> {
  const body = new MultipartBody();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // The sent type is ignored: the type comes from the bytes (file-safety.ts).
        body.file = { fieldName: part.fieldname, data: await part.toBuffer(), fileName: part.filename ?? '' };
        continue;
      }
      const { fieldname, value, valueTruncated, fieldnameTruncated } = part;
      if (Object.hasOwn(body.fields, fieldname) || valueTruncated || fieldnameTruncated || typeof value !== 'string')
        throw badField(fieldname);
      body.fields[fieldname] = value;
    }
  } catch (error) {
    throw formError(error);
  }
  return body;
}

export const UPLOAD_GATE_MESSAGES = {
  signIn: 'Debes iniciar sesión para continuar.',
  forbidden: 'No tienes permiso para realizar esta acción.',
} as const;

/**
 * Who may send a file is known from the cookie alone: the session and its role are checked
 * before a byte of the body is read (the guard checks again afterwards). Anyone else gets the
 * 401 or 403 at once, and the connection is closed rather than drained, so an anonymous 10 MB
 * body costs the process nothing (twelve at once raise its memory by less than 40 MB:
 * upload-gate.e2e-spec.ts); so does a body that says it is over the limit. Only then is the form
 * read, in preValidation, as a MultipartBody.
 */
export async function registerUploads(
  app: NestFastifyApplication,
  sessionOf: (token: string) => Promise<User | null>,
  cookie: string,
): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 },
  });
  const fastify = app.getHttpAdapter().getInstance();
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.status(status).header('connection', 'close').type('application/json; charset=utf-8').send({ statusCode: status, message });
  /** Whether the upload was refused (and answered). */
  const refused = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const role = UPLOAD_ROLES.get(request.url.split('?')[0]!)!;
    const token = request.cookies?.[cookie];
    const user = token ? await sessionOf(token) : null;
    if (!user) void refuse(reply, 401, UPLOAD_GATE_MESSAGES.signIn);
    else if (user.role !== role) void refuse(reply, 403, UPLOAD_GATE_MESSAGES.forbidden);
    else if (Number(request.headers['content-length'] ?? 0) > MAX_BODY) void refuse(reply, 413, UPLOAD_TOO_LARGE);
    else return false;
    return true;
  };
  // Callback hooks, not async ones: every other request passes straight through, with no
  // promise of its own (these hooks run on every request of the API).
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (!isUploadRoute(request)) return done();
    refused(request, reply).then((answered) => answered || done(), done);
  });
  fastify.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    if (!request.isMultipart()) return done();
    if (!isUploadRoute(request)) return done(new UnsupportedMediaTypeException(MESSAGES.mediaType));
    readForm(request).then((body) => {
      request.body = body;
      done();
    }, done);
  });
}
