import { Type } from 'class-transformer';
import { JSONSchema } from 'class-validator-jsonschema';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsString,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  MONEY_ACCOUNT_NAME_MAX,
  PAYMENT_NUMBERS,
  type AccountRename,
  type ConfirmedEvent,
  type ConfirmedPayment,
  type FamiliesReadUntilRequest,
  type OpenClassRequest,
  type OpeningAccounts,
  type PaymentNumber,
  type ViewClassRequest,
} from '@portal/contracts';
import { MONEY_ACCOUNT_NAME, MoneyAccountDto } from '../../books/dto/books.dto';
import { HasCentavos, IsCalendarDay, IsDateTime, IsFilled, MaxChars, Omittable } from '../../common/validators';

/** Sent as null (no amount yet) or a number; never left out: the committee confirmed each one. */
const NullOr = () => ValidateIf((_object: object, value: unknown) => value !== null);
// The OpenAPI description of such an amount (its reflected type, `number | null`, reads as Object).
const NULLABLE_AMOUNT = JSONSchema((schema) => ({
  ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$ref')),
  type: 'number',
  nullable: true,
}));

/** One of the six payments of the new class (`POST /api/classes`). */
@JSONSchema({ required: ['id', 'date', 'amountQuetzales', 'twinsAmountQuetzales'] })
export class ConfirmedPaymentDto implements ConfirmedPayment {
  @IsIn(PAYMENT_NUMBERS, { message: 'Cada pago se identifica con su número, del 1 al 6.' })
  id!: PaymentNumber;

  @IsCalendarDay({ message: 'La fecha de cada pago debe tener el formato AAAA-MM-DD.' })
  date!: string;

  @NULLABLE_AMOUNT
  @NullOr()
  @Max(1_000_000, { message: 'El monto en quetzales debe estar entre 0 y 1,000,000.' })
  @Min(0, { message: 'El monto en quetzales debe estar entre 0 y 1,000,000.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto de cada pago debe ser un número, o null si aún no tiene.' })
  amountQuetzales!: number | null;

  @NULLABLE_AMOUNT
  @NullOr()
  @Max(1_000_000, { message: 'El monto para gemelos debe estar entre 0 y 1,000,000.' })
  @Min(0, { message: 'El monto para gemelos debe estar entre 0 y 1,000,000.' })
  @HasCentavos()
  @IsNumber({}, { message: 'El monto para gemelos debe ser un número, o null si es el mismo.' })
  twinsAmountQuetzales!: number | null;
}

/** An event the closed class carries over, at its new day and time (`POST /api/classes`). */
export class ConfirmedEventDto implements ConfirmedEvent {
  @Max(2_147_483_647, { message: 'Elige los eventos de la lista.' })
  @Min(1, { message: 'Elige los eventos de la lista.' })
  @IsInt({ message: 'Elige los eventos de la lista.' })
  id!: number;

  @IsDateTime({ message: 'La fecha de cada evento debe ser una fecha y hora válida (ISO 8601 con zona horaria).' })
  @IsString({ message: 'La fecha de cada evento es requerida.' })
  fecha!: string;
}

/** An account of the closed class with its new name (`POST /api/classes`). */
export class AccountRenameDto implements AccountRename {
  @Max(2_147_483_647, { message: 'Elige las cuentas que cambian de nombre de la lista.' })
  @Min(1, { message: 'Elige las cuentas que cambian de nombre de la lista.' })
  @IsInt({ message: 'Elige las cuentas que cambian de nombre de la lista.' })
  id!: number;

  @MaxChars(MONEY_ACCOUNT_NAME_MAX, { message: MONEY_ACCOUNT_NAME })
  @IsFilled({ message: MONEY_ACCOUNT_NAME })
  @IsString({ message: MONEY_ACCOUNT_NAME })
  name!: string;
}

/** The accounts renamed and added as the class opens; each added one as 'Cuentas del Comité' adds it. */
export class OpeningAccountsDto implements OpeningAccounts {
  @ValidateNested({ each: true })
  @Type(() => AccountRenameDto)
  @ArrayMaxSize(50, { message: 'Se puede cambiar el nombre de hasta 50 cuentas.' })
  @IsArray({ message: 'Las cuentas que cambian de nombre deben ser una lista.' })
  renamed!: AccountRenameDto[];

  @ValidateNested({ each: true })
  @Type(() => MoneyAccountDto)
  @ArrayMaxSize(20, { message: 'Se pueden agregar hasta 20 cuentas al abrir la promoción.' })
  @IsArray({ message: 'Las cuentas nuevas deben ser una lista.' })
  added!: MoneyAccountDto[];
}

const SIX_PAYMENTS = 'Confirma los seis pagos de la nueva promoción, cada uno una vez.';

/** POST /api/classes ('Nueva promoción'). */
export class OpenClassDto implements OpenClassRequest {
  @Max(2100, { message: 'Escribe el año de la nueva promoción, por ejemplo 2027.' })
  @Min(2000, { message: 'Escribe el año de la nueva promoción, por ejemplo 2027.' })
  @IsInt({ message: 'Escribe el año de la nueva promoción, por ejemplo 2027.' })
  year!: number;

  @MaxChars(120, { message: 'El nombre no puede tener más de 120 caracteres.' })
  @IsFilled({ message: 'Escribe el nombre de la nueva promoción, por ejemplo Promoción 2027.' })
  @IsString({ message: 'Escribe el nombre de la nueva promoción, por ejemplo Promoción 2027.' })
  name!: string;

  @IsInt({ each: true, message: 'Elige las cuentas del nuevo comité de la lista.' })
  @ArrayMaxSize(50, { message: 'El comité puede tener hasta 50 cuentas.' })
  @IsArray({ message: 'Elige las cuentas del nuevo comité de la lista.' })
  adminIds!: number[];

  @ValidateNested({ each: true })
  @Type(() => ConfirmedPaymentDto)
  @ArrayMaxSize(PAYMENT_NUMBERS.length, { message: SIX_PAYMENTS })
  @ArrayMinSize(PAYMENT_NUMBERS.length, { message: SIX_PAYMENTS })
  @IsArray({ message: SIX_PAYMENTS })
  payments!: ConfirmedPaymentDto[];

  @ValidateNested({ each: true })
  @Type(() => ConfirmedEventDto)
  @ArrayMaxSize(500, { message: 'La promoción puede pasar hasta 500 eventos a la nueva.' })
  @IsArray({ message: 'Confirma la fecha de cada evento de la nueva promoción.' })
  events!: ConfirmedEventDto[];

  @Omittable()
  @ValidateNested()
  @Type(() => OpeningAccountsDto)
  @IsObject({ message: 'Las cuentas de la nueva promoción deben llevar las que cambian de nombre y las nuevas.' })
  accounts?: OpeningAccountsDto;

  @MaxChars(120, { message: 'El nombre no puede tener más de 120 caracteres.' })
  @IsFilled({ message: 'Escribe el nombre de la nueva promoción para confirmar.' })
  @IsString({ message: 'Escribe el nombre de la nueva promoción para confirmar.' })
  confirmName!: string;
}

/** PUT /api/my-classes/viewing. */
export class ViewClassDto implements ViewClassRequest {
  @Max(2_147_483_647, { message: 'Elige una promoción de la lista.' })
  @Min(1, { message: 'Elige una promoción de la lista.' })
  @IsInt({ message: 'Elige una promoción de la lista.' })
  classId!: number;
}

/** PUT /api/classes/:id/families-read-until. */
export class FamiliesReadUntilDto implements FamiliesReadUntilRequest {
  @IsCalendarDay({ message: 'La fecha de acceso de las familias debe tener el formato AAAA-MM-DD.' })
  familiesReadUntil!: string;
}
