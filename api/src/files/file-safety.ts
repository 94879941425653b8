// Uploaded files are hostile until proven otherwise. The type comes from the bytes, never from
// the name or the Content-Type the browser sent. Images are decoded and re-encoded by sharp, so
// what is stored is a fresh JPEG with no metadata (no EXIF, no GPS) and nothing appended; PDFs are
// read and written back by a PDF parser, refused if anything in them is active (pdf-check.ts), and
// are only ever served with a sandbox CSP.
import { HttpException, HttpStatus, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type Sharp from 'sharp';
import type { PdfRefusal } from './pdf-check';
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE } from '../common/upload-limits';

export const MAX_RECEIPT_BYTES = MAX_UPLOAD_BYTES;
/** About 7000 x 7000: any phone's photo fits, a decompression bomb does not. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const MAX_STORED_SIDE = 2000;
export const THUMBNAIL_SIDE = 320;
/**
 * Images re-encoded (or PDFs rewritten) at once in a process: a 12-megapixel photo takes ~50 MB
 * while decoded, and ten parents sending theirs together must not take the API past its memory (the others wait
 * their turn, a fraction of a second each). libvips' own cache is off: nothing is read twice.
 */
export const IMAGES_AT_ONCE = 2;

// The image and PDF libraries (~250 modules) are loaded by the first file sent, not at every start.
let sharpLoaded: Promise<typeof Sharp> | undefined;
function loadSharp(): Promise<typeof Sharp> {
  return (sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
}

let processing = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when fewer than IMAGES_AT_ONCE files are being processed. */
async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (processing >= IMAGES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  processing += 1;
  try {
    return await work();
  } finally {
    processing -= 1;
    waiting.shift()?.();
  }
}

export const FILE_MESSAGES = {
  missing: 'Adjunta el comprobante (una foto o un PDF).',
  empty: 'El archivo está vacío.',
  tooLarge: UPLOAD_TOO_LARGE,
  type: 'Tipo de archivo no admitido: envía una foto (JPEG, PNG o WebP) o un PDF.',
  pixels: 'La imagen es demasiado grande (demasiados píxeles). Envía una foto normal del comprobante.',
  unreadableImage: 'No pudimos leer la imagen. Toma la foto de nuevo o envía un PDF.',
  badPdf: 'El PDF está incompleto o dañado.',
  activePdf: 'El PDF contiene contenido activo (scripts, acciones o archivos incrustados) y no lo aceptamos.',
  heavyPdf: 'El PDF es demasiado complejo para revisarlo (demasiados objetos o datos comprimidos). Envía una foto o un PDF más sencillo.',
  lockedPdf: 'El PDF está cifrado o protegido con contraseña y no podemos revisarlo. Envía una copia sin protección o una foto.',
} as const;

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** The type the bytes say, by magic number; undefined for anything else (HTML, SVG, ZIP, ...). */
export function sniffType(bytes: Buffer): SniffedType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

/** Markup a browser could run if the file were ever read as HTML (a PDF/HTML polyglot): `<`, white space, one of these, then white space, `>` or `/`. */
const MARKUP_TAGS = ['script', 'html', 'svg', 'iframe', 'body'].map((tag) => Buffer.from(tag));
/** What `\s` matches of a byte read as Latin-1: tab, line feed, vertical tab, form feed, carriage return, space, no-break space. */
const isSpace = (byte: number) => (byte >= 0x09 && byte <= 0x0d) || byte === 0x20 || byte === 0xa0;
const lower = (byte: number) => (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte);

/**
 * Whether the bytes hold such markup, read as Latin-1 (the same as `/<\s*(script|html|svg|iframe|body)[\s>/]/i`
 * on `bytes.toString('latin1')`), without making a string of them: a 10 MB PDF would be 10 MB
 * more of the API's memory until the next collection.
 */
export function hasMarkup(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let open = buffer.indexOf(0x3c); open !== -1; open = buffer.indexOf(0x3c, open + 1)) {
    let at = open + 1;
    while (at < buffer.length && isSpace(buffer[at]!)) at += 1;
    for (const tag of MARKUP_TAGS) {
      const end = at + tag.length;
      if (end >= buffer.length) continue;
      let same = true;
      for (let i = 0; i < tag.length && same; i += 1) same = lower(buffer[at + i]!) === tag[i];
      const next = buffer[end]!;
      if (same && (isSpace(next) || next === 0x3e || next === 0x2f)) return true;
    }
  }
  return false;
}

const PDF_MESSAGES: Record<PdfRefusal, string> = {
  damaged: FILE_MESSAGES.badPdf,
  heavy: FILE_MESSAGES.heavyPdf,
  locked: FILE_MESSAGES.lockedPdf,
  active: FILE_MESSAGES.activePdf,
};

/**
 * The PDF as stored: read and written back by a parser, with no active content (pdf-check.ts),
 * and no HTML markup in the written bytes either; or a Spanish 422.
 */
async function safePdf(bytes: Buffer): Promise<Buffer> {
  const { PdfRefused, rewritePdf } = await import('./pdf-check');
  try {
    const written = await rewritePdf(bytes);
    if (hasMarkup(written)) throw new PdfRefused('active');
    return written;
  } catch (error) {
    if (!(error instanceof PdfRefused)) throw error;
    throw new HttpException({ message: PDF_MESSAGES[error.reason] }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}

export interface SafeFile {
  contentType: 'image/jpeg' | 'application/pdf';
  data: Buffer;
  thumbnail: Buffer | null;
}

/** The file as it will be stored, or a Spanish 4xx. */
export async function makeSafe(bytes: Buffer): Promise<SafeFile> {
  if (bytes.length === 0) throw new HttpException({ message: FILE_MESSAGES.empty }, HttpStatus.BAD_REQUEST);
  if (bytes.length > MAX_RECEIPT_BYTES) throw new HttpException({ message: FILE_MESSAGES.tooLarge }, HttpStatus.PAYLOAD_TOO_LARGE);
  const type = sniffType(bytes);
  if (!type) throw new UnsupportedMediaTypeException(FILE_MESSAGES.type);
  if (type === 'application/pdf') return { contentType: type, data: await oneOfFew(() => safePdf(bytes)), thumbnail: null };
  return oneOfFew(() => reencode(bytes));
}

/** A fresh JPEG of the image, upright and without metadata, and its thumbnail; or a Spanish 4xx. */
async function reencode(bytes: Buffer): Promise<SafeFile> {
  const sharp = await loadSharp();
  try {
    // failOn 'error': a truncated or doctored image is refused rather than half decoded.
    const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (width * height > MAX_INPUT_PIXELS) throw new HttpException({ message: FILE_MESSAGES.pixels }, HttpStatus.PAYLOAD_TOO_LARGE);
    // sharp writes no metadata unless asked: EXIF (and its GPS position) is gone.
    const data = await input()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer();
    const thumbnail = await sharp(data)
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return { contentType: 'image/jpeg', data, thumbnail };
  } catch (error) {
    if (error instanceof HttpException) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new HttpException({ message: FILE_MESSAGES.pixels }, HttpStatus.PAYLOAD_TOO_LARGE);
    throw new HttpException({ message: FILE_MESSAGES.unreadableImage }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}

/** An uploaded file as the browser must get it (receipts, the committee's invoices): shown, never run. */
export function sendStoredFile(reply: FastifyReply, bytes: Buffer, type: string, name: string): void {
  void reply
    .headers({
      'content-type': type,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-disposition': `inline; filename="${name}"`,
      'cache-control': 'private, no-store',
    })
    .send(bytes);
}
