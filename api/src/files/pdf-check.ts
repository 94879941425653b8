// A PDF is read by a real parser (@cantoo/pdf-lib: every object, also those inside object
// streams, under any chain of the five standard filters), every object is inspected, and what is
// stored is the file the parser writes back from those objects: one revision, a plain
// cross-reference table, no object streams, nothing after the end. A viewer can only find what
// was checked. Reading is bounded: MAX_PDF_OBJECTS objects, MAX_PDF_VALUES values in them,
// MAX_PDF_DECODED_BYTES decoded from object streams in all (a decompression bomb stops there).
import { constants, inflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  PDFObjectParser,
  PDFObjectStreamParser,
  PDFParser,
  PDFRawStream,
  PDFRef,
  PDFWriter,
  PDFXRefStreamParser,
  type PDFObject,
} from '@cantoo/pdf-lib';

export const MAX_PDF_OBJECTS = 100_000;
/** Numbers, names, strings... in all: each costs the parser about 75 bytes of memory. */
export const MAX_PDF_VALUES = 500_000;
export const MAX_PDF_DECODED_BYTES = 32 * 1024 * 1024;
/** The rewritten file is stored: it must fit where the sent one did. */
export const MAX_PDF_WRITTEN_BYTES = 10 * 1024 * 1024;

export type PdfRefusal = 'damaged' | 'heavy' | 'locked' | 'active';

/** Why a PDF is not taken; file-safety.ts turns it into a Spanish message. */
export class PdfRefused extends Error {
  constructor(readonly reason: PdfRefusal) {
    super(`PDF refused: ${reason}`);
  }
}

/** The PDF as the parser writes it back, once it and its rewrite are both found clean. */
export async function rewritePdf(bytes: Buffer): Promise<Buffer> {
  const written = await write(await read(bytes));
  await read(written);
  return written;
}

/** The objects of a clean PDF, ready to be written; or PdfRefused. */
async function read(bytes: Buffer): Promise<PDFContext> {
  // A view of the bytes, not a copy: a 10 MB file is held once.
  const parser = PDFParser.forBytesWithOptions(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), OBJECTS_PER_TICK);
  const budget = budgetOf(parser['context'] as PDFContext);
  // Once past the budget, the parser stops at the next object instead of skipping to its end.
  budget.stop = () => Object.assign(parser, { throwOnInvalidObject: true });
  let context: PDFContext;
  try {
    context = await parser.parseDocument();
  } catch {
    throw new PdfRefused(budget.heavy ? 'heavy' : 'damaged');
  }
  if (budget.heavy) throw new PdfRefused('heavy');
  if (context.trailerInfo.Encrypt) throw new PdfRefused('locked');
  const objects = context.enumerateIndirectObjects();
  if (objects.length > MAX_PDF_OBJECTS) throw new PdfRefused('heavy');
  if (objects.some(([, object]) => object instanceof PDFInvalidObject)) throw new PdfRefused('damaged');
  const root = context.lookup(context.trailerInfo.Root);
  if (!(root instanceof PDFDict) || root.get(NAME.Type) !== NAME.Catalog) throw new PdfRefused('damaged');
  if (isActive(context, objects)) throw new PdfRefused('active');
  return context;
}

/** The file written from `context`: object and cross-reference streams left out (their objects are written one by one). */
async function write(context: PDFContext): Promise<Buffer> {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const type = object instanceof PDFRawStream ? object.dict.get(NAME.Type) : undefined;
    if (type === NAME.ObjStm || type === NAME.XRef) context.delete(ref);
  }
  // The trailer's /Size: one more than the highest object number written.
  context.largestObjectNumber = context.enumerateIndirectObjects().reduce((most, [ref]) => Math.max(most, ref.objectNumber), 0);
  const written = await PDFWriter.forContext(context, OBJECTS_PER_TICK)
    .serializeToBuffer()
    .catch(() => Promise.reject(new PdfRefused('damaged')));
  if (written.length > MAX_PDF_WRITTEN_BYTES) throw new PdfRefused('heavy');
  return Buffer.from(written.buffer, written.byteOffset, written.length);
}

// ---- What counts as active ----------------------------------------------------------------

const NAME = {
  Type: PDFName.of('Type'),
  Catalog: PDFName.of('Catalog'),
  ObjStm: PDFName.of('ObjStm'),
  XRef: PDFName.of('XRef'),
  EmbeddedFile: PDFName.of('EmbeddedFile'),
  S: PDFName.of('S'),
  Subtype: PDFName.of('Subtype'),
  URI: PDFName.of('URI'),
  Next: PDFName.of('Next'),
  OpenAction: PDFName.of('OpenAction'),
  AA: PDFName.of('AA'),
  Filter: PDFName.of('Filter'),
  DecodeParms: PDFName.of('DecodeParms'),
  FlateDecode: PDFName.of('FlateDecode'),
  N: PDFName.of('N'),
  Index: PDFName.of('Index'),
};
const names = (...list: string[]) => new Set(list.map((name) => PDFName.of(name)));
/** Keys that carry a script, a file, a multimedia player or an XFA form wherever they are. */
const ACTIVE_KEYS = names('JS', 'JavaScript', 'EmbeddedFile', 'EmbeddedFiles', 'EF', 'RichMediaContent', 'XFA');
/** Actions that run code, open or fetch other files, or send or read form data. */
const ACTIVE_ACTIONS = names('JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'GoToR', 'GoToE', 'RichMediaExecute');
const ACTIVE_SUBTYPES = names('FileAttachment', 'RichMedia', '3D', 'Movie', 'Screen', 'Sound');

/**
 * Whether any object, or any dictionary or array inside one, is active; and whether an action
 * run by itself (the document's /OpenAction, any /AA, and the actions they chain with /Next)
 * opens a link. A link the reader clicks (an annotation's /A) may stay.
 */
function isActive(context: PDFContext, objects: Array<[PDFRef, PDFObject]>): boolean {
  const automatic: PDFObject[] = [];
  const pending: PDFObject[] = objects.map(([, object]) => object);
  for (let value = pending.pop(); value; value = pending.pop()) {
    if (value instanceof PDFRawStream) value = value.dict;
    if (value instanceof PDFArray) for (const item of value.asArray()) pending.push(item);
    if (!(value instanceof PDFDict)) continue;
    for (const [key, entry] of value.entries()) {
      if (ACTIVE_KEYS.has(key)) return true;
      if (key === NAME.OpenAction) automatic.push(entry);
      const actions = key === NAME.AA ? lookup(context, entry) : undefined;
      if (actions instanceof PDFDict) for (const run of actions.values()) automatic.push(run);
      pending.push(entry);
    }
    // A viewer reads these through a reference too (`/S 12 0 R`, 12 being `/Launch`).
    const [action, type, subtype] = [NAME.S, NAME.Type, NAME.Subtype].map((key) => lookup(context, value.get(key)));
    if (ACTIVE_ACTIONS.has(action as PDFName) || type === NAME.EmbeddedFile || ACTIVE_SUBTYPES.has(subtype as PDFName)) return true;
  }
  const seen = new Set<PDFObject>();
  for (let action = automatic.pop(); action; action = automatic.pop()) {
    const value = lookup(context, action);
    if (!value || seen.has(value)) continue;
    seen.add(value);
    if (value instanceof PDFArray) for (const item of value.asArray()) automatic.push(item);
    if (!(value instanceof PDFDict)) continue;
    if (lookup(context, value.get(NAME.S)) === NAME.URI) return true;
    const next = value.get(NAME.Next);
    if (next) automatic.push(next);
  }
  return false;
}

/** The object a reference names, or the value itself. */
const lookup = (context: PDFContext, value: PDFObject | undefined) => (value instanceof PDFRef ? (context.lookup(value) ?? value) : value);

// ---- Bounded reading ----------------------------------------------------------------------

/** Objects read before the parser lets other requests run. */
const OBJECTS_PER_TICK = 2000;

interface Budget {
  objects: number;
  values: number;
  bytes: number;
  heavy: boolean;
  stop?: () => void;
}
/** What each parse (by its context) has read so far; a parse not started by `read` gets its own budget too. */
const budgets = new WeakMap<PDFContext, Budget>();
function budgetOf(context: PDFContext): Budget {
  if (!budgets.has(context)) budgets.set(context, { objects: 0, values: 0, bytes: 0, heavy: false });
  return budgets.get(context)!;
}

const LIMITS = { objects: MAX_PDF_OBJECTS, values: MAX_PDF_VALUES, bytes: MAX_PDF_DECODED_BYTES };

/**
 * Counts `amount` against the parse's budget, or throws once it is past (and from then on, at
 * every count: the parser takes a failing object for a damaged one, so `read` finds the budget
 * marked heavy).
 */
function charge(context: PDFContext, kind: keyof typeof LIMITS, amount: number): void {
  const budget = budgetOf(context);
  budget[kind] += amount;
  if (budget[kind] > LIMITS[kind]) budget.heavy = true;
  if (!budget.heavy) return;
  budget.stop?.();
  throw new PdfRefused('heavy');
}

// The parser's own entry points, wrapped to count: every value it reads, every object it keeps.
const parseObject = PDFObjectParser.prototype.parseObject;
PDFObjectParser.prototype.parseObject = function (this: PDFObjectParser, ref?: PDFRef) {
  charge(this['context'] as PDFContext, 'values', 1);
  return parseObject.call(this, ref);
};
const assign = PDFContext.prototype.assign;
PDFContext.prototype.assign = function (this: PDFContext, ref: PDFRef, object: PDFObject) {
  charge(this, 'objects', 1);
  assign.call(this, ref, object);
};

/**
 * The parser reads an object stream, or a cross-reference stream, through these two factories.
 * An object stream is decoded here, within the budget, and handed over decoded; a
 * cross-reference stream is handed over with no entries (the parser finds objects where they
 * are, never through the table: only its trailer keys are used).
 */
const readObjectStream = PDFObjectStreamParser.forStream;
PDFObjectStreamParser.forStream = (raw, shouldWaitForTick) => readObjectStream(decoded(raw), shouldWaitForTick);
const readXRefStream = PDFXRefStreamParser.forStream;
PDFXRefStreamParser.forStream = (raw) => {
  const dict = plain(raw.dict);
  dict.set(NAME.Index, raw.dict.context.obj([]));
  return readXRefStream(PDFRawStream.of(dict, new Uint8Array(0)));
};

/** A copy of a stream's dictionary without its filters. */
function plain(dict: PDFDict): PDFDict {
  const copy = dict.clone(dict.context);
  copy.delete(NAME.Filter);
  copy.delete(NAME.DecodeParms);
  return copy;
}

/** The object stream with its filters undone; PdfRefused past the budget. */
function decoded(raw: PDFRawStream): PDFRawStream {
  const { context } = raw.dict;
  // Its objects are counted as they are kept; one that says it holds more than the budget has left is not decoded at all.
  const count = raw.dict.lookup(NAME.N);
  if (count instanceof PDFNumber && budgetOf(context).objects + count.asNumber() > MAX_PDF_OBJECTS)
    charge(context, 'objects', count.asNumber());
  const filters = raw.dict.lookup(NAME.Filter);
  const params = raw.dict.lookup(NAME.DecodeParms);
  const list = filters instanceof PDFArray ? filters.asArray() : filters ? [filters] : [];
  let data: Uint8Array = raw.contents;
  list.forEach((filter, index) => {
    const param = params instanceof PDFArray ? params.get(index) : params;
    data = undo(context, data, filter, param, MAX_PDF_DECODED_BYTES - budgetOf(context).bytes);
  });
  charge(context, 'bytes', data.length);
  return PDFRawStream.of(plain(raw.dict), data);
}

/**
 * One filter undone, at most `room` bytes out. Flate by zlib, which stops at the limit; the four
 * others by the parser's own decoders, read a block at a time (none makes a block of more than a
 * few KB from one call), so the limit holds for them too.
 */
function undo(context: PDFContext, data: Uint8Array, filter: PDFObject, param: PDFObject | undefined, room: number): Uint8Array {
  const tooMuch = () => charge(context, 'bytes', room + 1);
  if (filter === NAME.FlateDecode) {
    try {
      return inflateSync(data, { maxOutputLength: Math.max(1, room), finishFlush: constants.Z_SYNC_FLUSH });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') tooMuch();
      throw new PdfRefused('damaged');
    }
  }
  const stream = decodePDFRawStream(PDFRawStream.of(context.obj({ Filter: filter, DecodeParms: param ?? null }), data));
  const blocks: Uint8Array[] = [];
  let length = 0;
  for (let block = stream.getBytes(64 * 1024); block.length; block = stream.getBytes(64 * 1024)) {
    length += block.length;
    if (length > room) tooMuch();
    blocks.push(Uint8Array.from(block));
  }
  return Buffer.concat(blocks);
}
