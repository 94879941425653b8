// What the bad-input suite's table (bad-input-routes.ts) is written in: a route's caller, its valid
// request and the rules of each field of its body, with the fields and bodies routes share.
import type { Settings } from '@portal/contracts';
import type { TwoFamilies } from '../fixtures';

export type FieldSpec = { required?: boolean; nullable?: boolean; blankOk?: boolean } & (
  | { type: 'text'; max: number }
  | { type: 'format'; max?: number }
  | { type: 'int'; min: number; max: number }
  /** Quetzales with at most two decimals (kept as centavos). */
  | { type: 'money'; min: number; max: number }
  | { type: 'bool' }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'object'; fields: Record<string, FieldSpec> }
);

export interface WriteRoute {
  caller: 'anonymous' | 'parent' | 'admin';
  /** The value of the path parameter that would be valid. */
  param?: (fx: TwoFamilies) => string;
  /** Path values that may name a real row, so they are never generated. */
  existing?: RegExp;
  /** Valid values of the path's later parameters (the generated values go in the first one). */
  laterParams?: string[];
  /** A valid body; the generated ones each break it in one way. */
  body?: (fx: TwoFamilies, settings: Settings) => Record<string, unknown>;
  fields?: Record<string, FieldSpec>;
  /** Takes multipart (the receipt upload): its form's own bad input is in receipts.e2e-spec.ts. */
  multipart?: boolean;
}

/** The route's path with `first` in its first parameter and the valid values in the others. */
export function fillPath(template: string, first: string, spec: WriteRoute): string {
  const later = [...(spec.laterParams ?? [])];
  return template.replace(/:\w+/, first).replace(/:\w+/g, () => later.shift() ?? '');
}

export const text = (max: number, more: Partial<FieldSpec> = {}) => ({ type: 'text', max, required: true, ...more }) as FieldSpec;
export const format = (max?: number, more: Partial<FieldSpec> = {}) => ({ type: 'format', max, required: true, ...more }) as FieldSpec;
export const bool = (required = true): FieldSpec => ({ type: 'bool', required });
export const ID = /^[1-9]\d{0,5}$/;
/** Rows the routes name, made by the suite before it runs. */
export const made = {
  /** The credit the reversal route names. */
  creditId: 0,
  /** The committee's expense (recorded by the calling admin, so it can never approve it) and a family's question. */
  expenseId: 0,
  questionId: 0,
  /** A pending change of the books' controls, proposed by the calling admin. */
  controlChangeId: 0,
};

export const keyEvent: FieldSpec = {
  type: 'object',
  required: true,
  fields: { date: format(), startTime: format(), endTime: format(), place: text(200) },
};
export const familyFields = (required: boolean): Record<string, FieldSpec> => ({
  graduateName: text(120, { required }),
  contactName: text(120, { required }),
  email: format(254, { required }),
  phone: format(40, { required }),
  tablesBooked: { type: 'int', min: 0, max: 200 },
  hasPaid: bool(false),
  paymentAmount: { type: 'int', min: 0, max: 1_000_000 },
  graduates: { type: 'int', min: 1, max: 2, required: false },
  awardsRsvp: bool(false),
  brunchRsvp: bool(false),
  awardsAnswer: { type: 'enum', values: ['attending', 'not_attending'], required: false, nullable: true },
  brunchAnswer: { type: 'enum', values: ['attending', 'not_attending'], required: false, nullable: true },
  awardsGuests: { type: 'int', min: 1, max: 1600, required: false },
  brunchGuests: { type: 'int', min: 1, max: 1600, required: false },
});
export const familyBody = () => ({
  graduateName: 'Lucía Ramírez',
  contactName: 'Pedro Ramírez',
  email: 'ramirez@example.com',
  phone: '+502 5555-0101',
  tablesBooked: 1,
  hasPaid: false,
  paymentAmount: 0,
  awardsRsvp: true,
  brunchRsvp: false,
});
export const eventFields = (required: boolean): Record<string, FieldSpec> => ({
  fecha: format(undefined, { required }),
  titulo: text(200, { required }),
  descripcion: text(2000, { required: false, nullable: true }),
  horario: text(100, { required: false, nullable: true }),
  lugar: text(200, { required: false, nullable: true }),
  vestimenta: text(200, { required: false, nullable: true }),
  imagen: format(500, { required: false, nullable: true }),
  rsvpDeadline: format(undefined, { required: false, nullable: true }),
});
export const eventBody = () => ({
  fecha: '2026-06-13T16:00:00.000Z',
  titulo: 'Ceremonia de graduación',
  descripcion: 'Con toga y birrete',
  horario: '10:00 - 12:00',
  lugar: 'Auditorio',
  vestimenta: 'Formal',
  imagen: 'https://example.com/foto.jpg',
});
