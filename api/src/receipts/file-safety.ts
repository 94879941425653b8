// Uploaded files are hostile until proven otherwise. The type comes from the bytes, never from
// the name or the Content-Type the browser sent. Images are decoded and re-encoded by sharp, so
// what is stored is a fresh JPEG with no metadata (no EXIF, no GPS) and nothing appended; PDFs are
// stored as sent, after the checks in `checkPdf`, and are only ever served with a sandbox CSP.
import { constants, inflateSync } from 'node:zlib';
import { HttpException, HttpStatus, UnsupportedMediaTypeException } from '@nestjs/common';
import sharp from 'sharp';

export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
/** About 7000 x 7000: any phone's photo fits, a decompression bomb does not. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const MAX_STORED_SIDE = 2000;
export const THUMBNAIL_SIDE = 320;
/**
 * Images re-encoded at once in a process: a 12-megapixel photo takes ~50 MB while decoded, and
 * ten parents sending theirs together must not take the API past its memory (the others wait
 * their turn, a fraction of a second each). libvips' own cache is off: nothing is read twice.
 */
export const IMAGES_AT_ONCE = 2;
sharp.cache(false);

let processing = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when fewer than IMAGES_AT_ONCE images are being processed. */
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
  tooLarge: 'El archivo es demasiado grande: el máximo es 10 MB.',
  type: 'Tipo de archivo no admitido: envía una foto (JPEG, PNG o WebP) o un PDF.',
  pixels: 'La imagen es demasiado grande (demasiados píxeles). Envía una foto normal del comprobante.',
  unreadableImage: 'No pudimos leer la imagen. Toma la foto de nuevo o envía un PDF.',
  badPdf: 'El PDF está incompleto o dañado.',
  activePdf: 'El PDF contiene contenido activo (scripts, acciones o archivos incrustados) y no lo aceptamos.',
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

/** Names that make a PDF do something when opened, send or fetch something, or carry other files. */
const ACTIVE_PDF = /\/(JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|GoToR|GoToE|ImportData)(?![A-Za-z0-9])/;
/** Inflated object streams, all told: past this the file is refused rather than read further. */
const MAX_INFLATED_OBJECTS = 16 * 1024 * 1024;
/** Markup a browser could run if the file were ever read as HTML (a PDF/HTML polyglot). */
const MARKUP = /<\s*(script|html|svg|iframe|body)[\s>/]/i;

/**
 * A PDF must end with `%%EOF` (within the last 1 KB: writers add a newline or a few bytes), and
 * holds no active content: scripts, launch and form-submitting or remote actions, embedded
 * files, or a link opened by itself. The names are looked for after decoding `#xx` escapes
 * (`/J#53` is `/JS`), in the file and inside its compressed object streams. Content streams
 * (what a page draws) are not read; the sandbox CSP the file is served with is what keeps a
 * viewer from running anything regardless (docs/payments.md).
 */
export function checkPdf(bytes: Buffer): void {
  if (
    !bytes
      .subarray(Math.max(0, bytes.length - 1024))
      .toString('latin1')
      .includes('%%EOF')
  ) {
    throw new HttpException({ message: FILE_MESSAGES.badPdf }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
  const texts = [bytes.toString('latin1'), ...objectStreams(bytes.toString('latin1'))].map(unescapeNames);
  if (texts.some((text) => ACTIVE_PDF.test(text) || MARKUP.test(text)) || opensLink(texts)) {
    throw new HttpException({ message: FILE_MESSAGES.activePdf }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}

const URI = /\/URI(?![A-Za-z0-9])/;

/**
 * Whether the document's /OpenAction (run on opening) is a link: written in place, or an object
 * it names. An object inside an object stream has no `n g obj` of its own: there, any /URI
 * action counts. Links the reader clicks (annotations) are allowed.
 */
function opensLink([raw, ...streams]: string[]): boolean {
  const all = [raw, ...streams].join('\n');
  const open = /\/OpenAction\s*(\d+\s+\d+\s+R|<<[\s\S]{0,2000}?>>)/.exec(all);
  if (!open) return false;
  if (open[1]!.startsWith('<<')) return URI.test(open[1]!);
  const [number, generation] = open[1]!.split(/\s+/);
  const object = new RegExp(`(?:^|[^0-9])${number}\\s+${generation}\\s+obj([\\s\\S]*?)endobj`).exec(raw!);
  return object ? URI.test(object[1]!) : streams.some((text) => /\/S\s*\/URI(?![A-Za-z0-9])/.test(text));
}

/** `/J#53` is `/JS`: names are compared after their `#xx` escapes are decoded. */
const unescapeNames = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The decompressed content of the PDF's object streams (`/Type /ObjStm`, `/FlateDecode`), where
 * a writer may put any object, actions and scripts included. One that cannot be inflated, or
 * that inflates past MAX_INFLATED_OBJECTS in all, is a damaged (or hostile) file: refused.
 */
function objectStreams(raw: string): string[] {
  const found: string[] = [];
  let budget = MAX_INFLATED_OBJECTS;
  const start = /(?<!end)stream\r?\n/g;
  for (let match = start.exec(raw); match; match = start.exec(raw)) {
    const dictionary = raw.slice(Math.max(0, raw.lastIndexOf('obj', match.index)), match.index);
    if (!/\/Type\s*\/ObjStm/.test(unescapeNames(dictionary))) continue;
    const end = raw.indexOf('endstream', match.index);
    if (end < 0) throw new HttpException({ message: FILE_MESSAGES.badPdf }, HttpStatus.UNPROCESSABLE_ENTITY);
    const data = Buffer.from(raw.slice(match.index + match[0].length, end), 'latin1');
    if (!/\/FlateDecode/.test(unescapeNames(dictionary))) {
      found.push(data.toString('latin1'));
      continue;
    }
    try {
      const inflated = inflateSync(data, { maxOutputLength: budget, finishFlush: constants.Z_SYNC_FLUSH });
      budget -= inflated.length;
      found.push(inflated.toString('latin1'));
    } catch {
      throw new HttpException({ message: FILE_MESSAGES.badPdf }, HttpStatus.UNPROCESSABLE_ENTITY);
    }
    if (budget <= 0) throw new HttpException({ message: FILE_MESSAGES.badPdf }, HttpStatus.UNPROCESSABLE_ENTITY);
    start.lastIndex = end + 'endstream'.length;
  }
  return found;
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
  if (type === 'application/pdf') {
    checkPdf(bytes);
    return { contentType: type, data: bytes, thumbnail: null };
  }
  return oneOfFew(() => reencode(bytes));
}

/** A fresh JPEG of the image, upright and without metadata, and its thumbnail; or a Spanish 4xx. */
async function reencode(bytes: Buffer): Promise<SafeFile> {
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
