import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  BUDGET_ACTA_MAX,
  BUDGET_CATEGORY_MAX,
  EXPENSE_ANSWER_MAX,
  EXPENSE_QUESTION_MAX,
  FAMILY_MESSAGE_MAX,
  BANK_ACCOUNT_TYPES,
  HOLDING_KINDS,
  MONEY_ACCOUNT_NAME_MAX,
  REVERSAL_REASON_MAX,
  type BankAccountType,
  type MoneyAccountInput,
  type MoneyAccountUpdate,
  type TransferInput,
  type ReimbursementInput,
  type BooksSettingsInput,
  type BudgetInput,
  type ExpenseAnswerInput,
  type ExpenseQuestionInput,
  type HoldingInput,
  type HoldingKind,
  type ReverseExpenseInput,
} from '@portal/contracts';
import { HasCentavos, IsCalendarDay, IsFilled, MaxChars, Omittable } from '../../common/validators';

export class BudgetLineDto {
  @MaxChars(BUDGET_CATEGORY_MAX, { message: `La categoría no puede tener más de ${BUDGET_CATEGORY_MAX} caracteres.` })
  @IsFilled({ message: 'Escribe el nombre de cada categoría.' })
  @IsString({ message: 'Escribe el nombre de cada categoría.' })
  category!: string;

  @Max(10_000_000, { message: 'El monto de una categoría no puede ser mayor que Q10,000,000.' })
  @Min(0, { message: 'El monto de una categoría no puede ser negativo.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto de cada categoría es requerido, en quetzales.' })
  amount!: number;
}

/** POST /api/books/budgets. */
export class BudgetDto implements BudgetInput {
  @IsCalendarDay({ message: 'La fecha de aprobación debe tener el formato AAAA-MM-DD.' })
  approvedOn!: string;

  @MaxChars(BUDGET_ACTA_MAX, { message: `El acta no puede tener más de ${BUDGET_ACTA_MAX} caracteres.` })
  @IsFilled({ message: 'Escribe el acta que aprobó el presupuesto (número y fecha de la reunión).' })
  @IsString({ message: 'Escribe el acta que aprobó el presupuesto (número y fecha de la reunión).' })
  acta!: string;

  @ValidateNested({ each: true })
  @Type(() => BudgetLineDto)
  @ArrayMaxSize(40, { message: 'El presupuesto admite como máximo 40 categorías.' })
  @ArrayMinSize(1, { message: 'El presupuesto necesita al menos una categoría.' })
  @IsArray({ message: 'Las categorías del presupuesto son requeridas.' })
  lines!: BudgetLineDto[];
}

/** PUT /api/books/settings. */
export class BooksSettingsDto implements BooksSettingsInput {
  @Max(10_000_000, { message: 'El monto no puede ser mayor que Q10,000,000.' })
  @Min(0, { message: 'El monto no puede ser negativo (Q0: todo gasto necesita segunda aprobación).' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto que requiere segunda aprobación es requerido, en quetzales.' })
  approvalThreshold!: number;

  @Omittable()
  @IsBoolean({ message: 'Indica si los gastos necesitan segunda aprobación (verdadero o falso).' })
  approvalRequired?: boolean;
}

/** POST /api/books/expenses/{id}/reverse. */
export class ReverseExpenseDto implements ReverseExpenseInput {
  @MaxChars(REVERSAL_REASON_MAX, { message: `El motivo no puede tener más de ${REVERSAL_REASON_MAX} caracteres.` })
  @IsFilled({ message: 'Escribe el motivo de la reversión (queda en el Historial del comité).' })
  @IsString({ message: 'Escribe el motivo de la reversión (queda en el Historial del comité).' })
  reason!: string;

  @Omittable()
  @MaxChars(FAMILY_MESSAGE_MAX, { message: `El mensaje para las familias no puede tener más de ${FAMILY_MESSAGE_MAX} caracteres.` })
  @IsString({ message: 'El mensaje para las familias debe ser texto.' })
  messageToFamily?: string;
}

/** POST /api/books/holdings. */
export class HoldingDto implements HoldingInput {
  @IsIn(HOLDING_KINDS, { message: 'Indica si es el saldo del banco o el efectivo en caja.' })
  kind!: HoldingKind;

  @IsCalendarDay({ message: 'La fecha debe tener el formato AAAA-MM-DD.' })
  asOf!: string;

  @Omittable()
  @Max(2_147_483_647, { message: 'La cuenta no es válida.' })
  @Min(1, { message: 'La cuenta no es válida.' })
  @IsInt({ message: 'La cuenta debe ser una de las cuentas de la promoción.' })
  accountId?: number;

  @Max(100_000_000, { message: 'El monto no puede ser mayor que Q100,000,000.' })
  @Min(0, { message: 'El monto no puede ser negativo.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto es requerido, en quetzales.' })
  amount!: number;

  @Omittable()
  @MaxChars(200, { message: 'La nota no puede tener más de 200 caracteres.' })
  @IsString({ message: 'La nota debe ser texto.' })
  note?: string;
}

/** POST /api/my-books/questions. */
export class ExpenseQuestionDto implements ExpenseQuestionInput {
  @Max(2_147_483_647, { message: 'El gasto no es válido.' })
  @Min(1, { message: 'El gasto no es válido.' })
  @IsInt({ message: 'Indica el gasto sobre el que preguntas.' })
  expenseId!: number;

  @MaxChars(EXPENSE_QUESTION_MAX, { message: `La pregunta no puede tener más de ${EXPENSE_QUESTION_MAX} caracteres.` })
  @IsFilled({ message: 'Escribe tu pregunta sobre el gasto.' })
  @IsString({ message: 'Escribe tu pregunta sobre el gasto.' })
  question!: string;
}

/** POST /api/books/questions/{id}/answer. */
export class ExpenseAnswerDto implements ExpenseAnswerInput {
  @MaxChars(EXPENSE_ANSWER_MAX, { message: `La respuesta no puede tener más de ${EXPENSE_ANSWER_MAX} caracteres.` })
  @IsFilled({ message: 'Escribe la respuesta (la verán todas las familias).' })
  @IsString({ message: 'Escribe la respuesta (la verán todas las familias).' })
  answer!: string;
}

export const MONEY_ACCOUNT_NAME = `Escribe el nombre de la cuenta (hasta ${MONEY_ACCOUNT_NAME_MAX} caracteres), por ejemplo «Ahorro».`;

/** POST /api/books/accounts: another bank account of the class. */
export class MoneyAccountDto implements MoneyAccountInput {
  @MaxChars(MONEY_ACCOUNT_NAME_MAX, { message: MONEY_ACCOUNT_NAME })
  @IsFilled({ message: MONEY_ACCOUNT_NAME })
  @IsString({ message: MONEY_ACCOUNT_NAME })
  name!: string;

  @MaxChars(120, { message: 'El nombre del banco no puede tener más de 120 caracteres.' })
  @IsFilled({ message: 'Escribe el banco de la cuenta.' })
  @IsString({ message: 'Escribe el banco de la cuenta.' })
  bankName!: string;

  @Matches(/^[0-9][0-9 -]{0,38}[0-9]$/, { message: 'El número de cuenta admite dígitos, espacios y guiones (hasta 40).' })
  @IsString({ message: 'Escribe el número de la cuenta.' })
  accountNumber!: string;

  @MaxChars(120, { message: 'El titular no puede tener más de 120 caracteres.' })
  @IsFilled({ message: 'Escribe a nombre de quién está la cuenta.' })
  @IsString({ message: 'Escribe a nombre de quién está la cuenta.' })
  accountHolder!: string;

  @IsIn(BANK_ACCOUNT_TYPES, { message: 'El tipo de cuenta debe ser monetaria o ahorro.' })
  accountType!: BankAccountType;
}

/** PUT /api/books/accounts/{id}: its name, and a bank account's data. */
export class MoneyAccountUpdateDto implements MoneyAccountUpdate {
  @MaxChars(MONEY_ACCOUNT_NAME_MAX, { message: MONEY_ACCOUNT_NAME })
  @IsFilled({ message: MONEY_ACCOUNT_NAME })
  @IsString({ message: MONEY_ACCOUNT_NAME })
  name!: string;

  @Omittable()
  @MaxChars(120, { message: 'El nombre del banco no puede tener más de 120 caracteres.' })
  @IsFilled({ message: 'Escribe el banco de la cuenta.' })
  @IsString({ message: 'Escribe el banco de la cuenta.' })
  bankName?: string;

  @Omittable()
  @Matches(/^[0-9][0-9 -]{0,38}[0-9]$/, { message: 'El número de cuenta admite dígitos, espacios y guiones (hasta 40).' })
  @IsString({ message: 'Escribe el número de la cuenta.' })
  accountNumber?: string;

  @Omittable()
  @MaxChars(120, { message: 'El titular no puede tener más de 120 caracteres.' })
  @IsFilled({ message: 'Escribe a nombre de quién está la cuenta.' })
  @IsString({ message: 'Escribe a nombre de quién está la cuenta.' })
  accountHolder?: string;

  @Omittable()
  @IsIn(BANK_ACCOUNT_TYPES, { message: 'El tipo de cuenta debe ser monetaria o ahorro.' })
  accountType?: BankAccountType;
}

/** POST /api/books/transfers: money moved from one of the class's accounts to another. */
export class TransferDto implements TransferInput {
  @IsCalendarDay({ message: 'La fecha del traspaso debe tener el formato AAAA-MM-DD.' })
  date!: string;

  @Max(2_147_483_647, { message: 'La cuenta de origen no es válida.' })
  @Min(1, { message: 'La cuenta de origen no es válida.' })
  @IsInt({ message: 'Elige la cuenta de donde sale el dinero.' })
  fromAccountId!: number;

  @Max(2_147_483_647, { message: 'La cuenta de destino no es válida.' })
  @Min(1, { message: 'La cuenta de destino no es válida.' })
  @IsInt({ message: 'Elige la cuenta a donde llega el dinero.' })
  toAccountId!: number;

  @Max(10_000_000, { message: 'El monto del traspaso no puede ser mayor que Q10,000,000.' })
  @Min(0.01, { message: 'El monto del traspaso debe ser de al menos Q0.01.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto del traspaso es requerido, en quetzales.' })
  amount!: number;

  @Omittable()
  @MaxChars(200, { message: 'La nota del traspaso no puede tener más de 200 caracteres.' })
  @IsString({ message: 'La nota del traspaso debe ser texto.' })
  note?: string;
}

/** POST /api/books/reimbursements: a member paid back for an advance, from one of the class's accounts. */
export class ReimbursementDto implements ReimbursementInput {
  @IsCalendarDay({ message: 'La fecha del reembolso debe tener el formato AAAA-MM-DD.' })
  date!: string;

  @Max(2_147_483_647, { message: 'El gasto que se reembolsa no es válido.' })
  @Min(1, { message: 'El gasto que se reembolsa no es válido.' })
  @IsInt({ message: 'Elige el gasto pagado por un miembro que se reembolsa.' })
  advanceId!: number;

  @Max(2_147_483_647, { message: 'La cuenta no es válida.' })
  @Min(1, { message: 'La cuenta no es válida.' })
  @IsInt({ message: 'Elige la cuenta de donde sale el reembolso.' })
  accountId!: number;

  @Max(10_000_000, { message: 'El monto del reembolso no puede ser mayor que Q10,000,000.' })
  @Min(0.01, { message: 'El monto del reembolso debe ser de al menos Q0.01.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto del reembolso es requerido, en quetzales.' })
  amount!: number;

  @Omittable()
  @MaxChars(200, { message: 'La nota del reembolso no puede tener más de 200 caracteres.' })
  @IsString({ message: 'La nota del reembolso debe ser texto.' })
  note?: string;
}
