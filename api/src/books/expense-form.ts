import { BadRequestException } from '@nestjs/common';
import {
  COMMITMENT_KIND,
  MEMBER_METHOD,
  MEMBER_NAME_MAX,
  EXPENSE_KINDS,
  EXPENSE_METHODS,
  type ExpenseInput,
  type ExpenseKind,
  type ExpenseMethod,
} from '@portal/contracts';
import { isCalendarDay, parseCentavos, toQuetzales } from '@portal/format';
import { EXPENSE_FIELDS } from './books.messages';
import { formatNit, isValidNit } from './nit';

const REQUIRED = ['kind', 'date', 'category', 'supplier', 'concept', 'amount', 'method'] as const;
const FEL_CODE = /^[\p{L}\p{N}-]{1,40}$/u;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Text a person typed: letters, digits, spaces and common punctuation; no control characters. */
const shortText = (value: string, max: number) => value.length > 0 && [...value].length <= max && !/\p{Cc}/u.test(value);

/**
 * The expense form's fields, checked as the JSON routes check theirs: a 400 naming each bad field,
 * unknown fields refused. The file is checked afterwards by files/file-safety.ts.
 */
export function expenseFields(fields: Record<string, string>): ExpenseInput {
  const errors: Record<string, string[]> = {};
  for (const name of Object.keys(fields)) if (!(name in EXPENSE_FIELDS)) errors[name] = [`El campo «${name}» no está permitido.`];
  const value = (name: keyof typeof EXPENSE_FIELDS) => (fields[name] ?? '').trim();
  for (const name of REQUIRED) if (value(name) === '') errors[name] = [EXPENSE_FIELDS[name]];
  if (!errors.kind && !(EXPENSE_KINDS as readonly string[]).includes(value('kind'))) errors.kind = [EXPENSE_FIELDS.kind];
  if (!errors.method && !(EXPENSE_METHODS as readonly string[]).includes(value('method'))) errors.method = [EXPENSE_FIELDS.method];
  if (!errors.date && !isCalendarDay(value('date'))) errors.date = [EXPENSE_FIELDS.date];
  for (const [name, max] of [
    ['category', 60],
    ['supplier', 200],
    ['concept', 200],
  ] as const)
    if (!errors[name] && !shortText(value(name), max)) errors[name] = [EXPENSE_FIELDS[name]];
  // Centavos exactly as typed ('3,500.50'): a third decimal is refused, never rounded.
  const centavos = parseCentavos(value('amount'));
  if (!errors.amount && (centavos === null || centavos < 1 || centavos > 1_000_000_000)) errors.amount = [EXPENSE_FIELDS.amount];
  if (value('nit') !== '' && !isValidNit(value('nit'))) errors.nit = [EXPENSE_FIELDS.nit];
  for (const name of ['felSeries', 'felNumber'] as const)
    if (value(name) !== '' && !FEL_CODE.test(value(name))) errors[name] = [EXPENSE_FIELDS[name]];
  if (value('felUuid') !== '' && !UUID.test(value('felUuid'))) errors.felUuid = [EXPENSE_FIELDS.felUuid];
  // A commitment has its due date; money out may name the commitment it pays.
  const commitment = value('kind') === COMMITMENT_KIND;
  if ((commitment || value('dueDate') !== '') && !isCalendarDay(value('dueDate'))) errors.dueDate = [EXPENSE_FIELDS.dueDate];
  if (!commitment && value('dueDate') !== '') errors.dueDate = [EXPENSE_FIELDS.dueDate];
  if (value('commitmentId') !== '' && !/^[1-9]\d{0,9}$/.test(value('commitmentId'))) errors.commitmentId = [EXPENSE_FIELDS.commitmentId];
  if (value('accountId') !== '' && !/^[1-9]\d{0,9}$/.test(value('accountId'))) errors.accountId = [EXPENSE_FIELDS.accountId];
  // A member's advance names the member who paid; nothing else does.
  const advance = value('method') === MEMBER_METHOD;
  if (advance ? !shortText(value('paidBy'), MEMBER_NAME_MAX) : value('paidBy') !== '') errors.paidBy = [EXPENSE_FIELDS.paidBy];
  if (Object.keys(errors).length > 0) throw new BadRequestException({ message: Object.values(errors).flat().join(' '), errors });
  const optional = (name: 'felSeries' | 'felNumber') => (value(name) === '' ? undefined : value(name).toUpperCase());
  return {
    kind: value('kind') as ExpenseKind,
    date: value('date'),
    category: value('category'),
    supplier: value('supplier'),
    concept: value('concept'),
    amount: toQuetzales(centavos!),
    method: value('method') as ExpenseMethod,
    nit: value('nit') === '' ? undefined : formatNit(value('nit')),
    felSeries: optional('felSeries'),
    felNumber: optional('felNumber'),
    felUuid: value('felUuid') === '' ? undefined : value('felUuid').toUpperCase(),
    dueDate: commitment ? value('dueDate') : undefined,
    commitmentId: value('commitmentId') === '' ? undefined : Number(value('commitmentId')),
    accountId: value('accountId') === '' ? undefined : Number(value('accountId')),
    paidBy: advance ? value('paidBy') : undefined,
  };
}
