import { createHash } from 'node:crypto';
import { BadRequestException, HttpException } from '@nestjs/common';
import { isEmail, validate } from 'class-validator';
import type { FamilyImportPreview, FamilyImportRefusal, FamilyImportRow } from '@portal/contracts';
import { cellText, plain, readRows } from '../bank/statement-parser';
import { BANK_TEXTS, checkCells, StatementError, tooLarge } from '../bank/statement-limits';
import { normalizeEmail } from '../common/identity';
import { CreateFamilyDto } from './dto/create-family.dto';
import { FAMILY_TEXTS } from './families.service';

// The school's list of a new class (CSV or XLSX: graduate, contact, e-mail(s), phone per row), read
// by the bank statement's readers within the same caps (bank/statement-limits.ts), its header
// found by name as the school writes it, each row checked by the rules of creating a family.

/** A class is dozens to a few hundred graduates; a thousand families are created well within a request's time. */
export const MAX_LIST_ROWS = 1000;
/** Rows above the header (the school's name, the class) searched for it. */
const HEADER_SEARCH_ROWS = 40;

type Field = 'graduateName' | 'contactName' | 'email' | 'phone';
const FIELDS: Field[] = ['graduateName', 'contactName', 'email', 'phone'];

export const LIST_TEXTS = {
  noFile: 'Sube el archivo de la lista del colegio (CSV o Excel).',
  notAList: 'El archivo no es una lista: sube el CSV o el Excel (.xlsx) que te dio el colegio.',
  noHeader: 'No encontramos los encabezados de la lista: una fila debe nombrar las columnas Graduando, Encargado, Correo y Teléfono.',
  missingColumns: (names: string[]) => `Falta en la lista la columna ${names.join(', la columna ')}.`,
  tooManyRows: `La lista tiene más de ${MAX_LIST_ROWS} filas: no parece la lista de una promoción.`,
  tooLargeXlsx: 'El Excel es demasiado grande al descomprimirlo: guarda la lista como CSV y súbela otra vez.',
  longCell: 'Una celda del archivo tiene más de 500 caracteres: no parece una lista del colegio.',
  tooManyColumns: 'Una fila del archivo tiene más de 50 columnas: no parece una lista del colegio.',
  longRow: 'Una fila del archivo tiene más de 25 000 caracteres: no parece una lista del colegio.',
  repeated: (line: number) => `El email ya está en la fila ${line} de la lista.`,
} as const;

/** What each column is called in the refusal when it is missing. */
const COLUMN_NAMES: Record<Field, string> = {
  graduateName: 'del graduando (Graduando, Alumno o Estudiante)',
  contactName: 'del encargado (Encargado o Contacto)',
  email: 'del correo (Correo o E-mail)',
  phone: 'del teléfono (Teléfono o Celular)',
};

/**
 * The names schools give each column, compared without accents, case, '(a)' or a closing colon:
 * 'Nombre del graduando', 'Alumno(a)', 'Padre o encargado', 'Correo electrónico', 'Celular'.
 */
const HEADER_NAMES: Record<Field, RegExp> = {
  graduateName:
    /^(nombres? (completo )?(del |de la |de |)?)?(graduand[oa]|graduad[oa]|alumn[oa]|estudiante|graduandos|alumnos|estudiantes)$/,
  contactName:
    /^(nombres? (completo )?(del |de la |de )?)?(encargad[oa]|contacto|responsable|tutor|padre o encargado|madre o encargada|padre, madre o encargado|padre\/madre o encargado|padre de familia|madre de familia)$/,
  email: /^(correo|correo electronico|e-?mail|email del encargado|correo del encargado|correo electronico del encargado)$/,
  phone:
    /^(telefono|telefonos|tel|celular|movil|whatsapp|numero de telefono|telefono celular|telefono del encargado|celular del encargado)$/,
};

const bare = (name: string) =>
  plain(name)
    .replace(/\((a|o|as|os)\)|\/(a|o)\b/g, '')
    .replace(/[.:*]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Which column holds each field, by the header's names; null where none matches. */
function columnsOf(headers: string[]): Record<Field, number | null> {
  const names = headers.map(bare);
  return Object.fromEntries(
    FIELDS.map((field) => {
      const at = names.findIndex((name) => HEADER_NAMES[field].test(name));
      return [field, at === -1 ? null : at];
    }),
  ) as Record<Field, number | null>;
}

/** The readers refuse a file in the statement's words; the list says the same in its own. */
const LIST_WORDS = new Map<string, string>([
  [BANK_TEXTS.notAStatement, LIST_TEXTS.notAList],
  [BANK_TEXTS.tooManyRows, LIST_TEXTS.tooManyRows],
  [BANK_TEXTS.tooLargeXlsx, LIST_TEXTS.tooLargeXlsx],
  [BANK_TEXTS.longCell, LIST_TEXTS.longCell],
  [BANK_TEXTS.tooManyColumns, LIST_TEXTS.tooManyColumns],
  [BANK_TEXTS.longRow, LIST_TEXTS.longRow],
]);

function inListWords(error: unknown): unknown {
  if (error instanceof StatementError) return new BadRequestException(LIST_WORDS.get(error.message) ?? error.message);
  if (error instanceof HttpException) {
    const { message } = error.getResponse() as { message?: string };
    const words = message === undefined ? undefined : LIST_WORDS.get(message);
    if (words) return new HttpException({ message: words }, error.getStatus());
  }
  return error;
}

/** A row of the list as read: its cells as the family's fields, and what the family rules say of them. */
export interface ListRow {
  line: number;
  cells: Record<Field, string>;
  /** Addresses after the first in the e-mail cell. */
  otherEmails: string[];
  problems: string[];
}

/**
 * The addresses of an e-mail cell as schools write two ('ana@x.com; luis@y.com', 'ana@x.com /
 * luis@y.com', one per line): the first is the family's.
 */
export function splitEmails(cell: string): { email: string; otherEmails: string[] } {
  const [email = '', ...otherEmails] = cell.split(/[\s,;/]+/).filter(Boolean);
  return { email, otherEmails };
}

/** The second contact of a row: the first other address that is valid and not the family's (normalised). */
export function secondContactOf(email: string, otherEmails: readonly string[]): string | null {
  const family = normalizeEmail(email);
  return otherEmails.map(normalizeEmail).find((other) => other !== family && other.length <= 254 && isEmail(other)) ?? null;
}

/**
 * The first message of each field the family rules refuse, in the form's order. A row with no
 * phone is a family like any other: the committee adds the number later.
 */
async function problemsOf(cells: Record<Field, string>): Promise<string[]> {
  const errors = await validate(Object.assign(new CreateFamilyDto(), cells), { stopAtFirstError: true });
  return FIELDS.filter((field) => field !== 'phone' || cells.phone !== '').flatMap((field) =>
    Object.values(errors.find((error) => error.property === field)?.constraints ?? {}).slice(0, 1),
  );
}

/** The list's rows with something in them, after its header row. */
export async function readSchoolList(bytes: Buffer | undefined): Promise<ListRow[]> {
  if (!bytes) throw new BadRequestException(LIST_TEXTS.noFile);
  let columns: Record<Field, number | null> | null = null;
  let index = 0;
  let filled = 0;
  const read: Array<{ line: number; cells: Record<Field, string>; otherEmails: string[] }> = [];
  try {
    await readRows(bytes, (row) => {
      index += 1;
      checkCells(row);
      const texts = row.map(cellText);
      if (!texts.some(Boolean)) return;
      filled += 1;
      if (!columns) {
        const found = columnsOf(texts);
        const named = FIELDS.filter((field) => found[field] !== null);
        // Two names make a header row; a title row above it ('Lista de graduandos 2026') names one at most.
        if (named.length >= 2) {
          // A list without phones is a list: the committee adds them later.
          const missing = FIELDS.filter((field) => field !== 'phone' && found[field] === null);
          if (missing.length > 0) throw new BadRequestException(LIST_TEXTS.missingColumns(missing.map((field) => COLUMN_NAMES[field])));
          columns = found;
        } else if (index >= HEADER_SEARCH_ROWS) throw new BadRequestException(LIST_TEXTS.noHeader);
        return;
      }
      const at = columns;
      if (read.length >= MAX_LIST_ROWS) throw tooLarge(LIST_TEXTS.tooManyRows);
      const cells = Object.fromEntries(
        FIELDS.map((field) => [field, (at[field] === null ? '' : (texts[at[field]] ?? '')).normalize('NFC').trim()]),
      ) as Record<Field, string>;
      const { email, otherEmails } = splitEmails(cells.email);
      read.push({ line: index, cells: { ...cells, email }, otherEmails });
    });
  } catch (error) {
    throw inListWords(error);
  }
  if (!columns) throw new BadRequestException(filled === 0 ? BANK_TEXTS.empty : LIST_TEXTS.noHeader);
  return Promise.all(read.map(async (row) => ({ ...row, problems: await problemsOf(row.cells) })));
}

/**
 * Which rows become families: those the rules accept whose e-mail (normalised, as families keep
 * it) no family has and no earlier row of the list took. `taken`: the families' e-mails.
 */
export function judgeList(rows: ListRow[], taken: ReadonlySet<string>): FamilyImportPreview {
  const accepted: FamilyImportRow[] = [];
  const refused: FamilyImportRefusal[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells, otherEmails, problems } of rows) {
    const reasons = [...problems];
    const email = normalizeEmail(cells.email);
    if (reasons.length === 0) {
      if (taken.has(email)) reasons.push(FAMILY_TEXTS.duplicateEmail);
      else if (firstLine.has(email)) reasons.push(LIST_TEXTS.repeated(firstLine.get(email)!));
      else firstLine.set(email, line);
    }
    const secondEmail = secondContactOf(email, otherEmails);
    if (reasons.length > 0) refused.push({ line, ...cells, otherEmails, secondEmail, reasons });
    else accepted.push({ line, ...cells, email, otherEmails, secondEmail });
  }
  const checksum = createHash('sha256').update(JSON.stringify(accepted)).digest('hex');
  return { rows: accepted, refused, checksum };
}
