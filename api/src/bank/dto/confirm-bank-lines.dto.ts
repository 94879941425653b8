import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsObject,
  IsString,
  Max,
  Min,
  NotEquals,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { BankColumnMapping, BankLineDecision, BankLineIncome } from '@portal/contracts';
import { IsCalendarDay, IsFilled, MaxChars, Omittable, OmittableOrNull } from '../../common/validators';

/** What a line made other income is: its category, from whom, a note. */
class BankLineIncomeDto implements BankLineIncome {
  @MaxChars(60, { message: 'La categoría del ingreso no puede tener más de 60 caracteres.' })
  @IsFilled({ message: 'La categoría del ingreso es requerida (Rifa, Donación, Intereses...).' })
  @IsString({ message: 'La categoría del ingreso es requerida (Rifa, Donación, Intereses...).' })
  category!: string;

  @MaxChars(200, { message: 'El origen del ingreso no puede tener más de 200 caracteres.' })
  @IsFilled({ message: 'Indica de quién o de qué es el ingreso.' })
  @IsString({ message: 'Indica de quién o de qué es el ingreso.' })
  source!: string;

  @MaxChars(200, { message: 'La nota del ingreso no puede tener más de 200 caracteres.' })
  @IsString({ message: 'La nota del ingreso no es válida.' })
  @Omittable()
  concept?: string;
}

/** One line of the statement as the preview gave it, and the family it goes to (null: discard, or `income`). */
export class BankLineDecisionDto implements BankLineDecision {
  @IsCalendarDay({ message: 'La fecha de la línea debe tener el formato AAAA-MM-DD.' })
  date!: string;

  @MaxChars(500, { message: 'La descripción no puede tener más de 500 caracteres.' })
  @IsString({ message: 'La descripción de la línea es requerida.' })
  description!: string;

  @MaxChars(100, { message: 'El número de documento no puede tener más de 100 caracteres.' })
  @IsString({ message: 'El número de documento de la línea es requerido (vacío si no tiene).' })
  document!: string;

  @NotEquals(0, { message: 'El monto de la línea no puede ser cero.' })
  @Max(100_000_000, { message: 'El monto de la línea no puede ser mayor que Q1,000,000.' })
  @Min(-100_000_000, { message: 'El monto de un retiro no puede ser mayor que Q1,000,000.' })
  @IsInt({ message: 'El monto de la línea es requerido, en centavos (negativo para un retiro).' })
  amountCentavos!: number;

  @MaxChars(40, { message: 'La cuenta de la línea no puede tener más de 40 caracteres.' })
  @IsString({ message: 'La cuenta de la línea no es válida.' })
  @OmittableOrNull()
  account?: string | null;

  @ValidateIf((_line: object, value: unknown) => value !== null)
  @Min(1, { message: 'La familia no es válida.' })
  @IsInt({ message: 'La familia es requerida (o null para descartar la línea).' })
  familyId!: number | null;

  @ValidateNested()
  @Type(() => BankLineIncomeDto)
  @IsObject({ message: 'El ingreso de la línea no es válido.' })
  @OmittableOrNull()
  income?: BankLineIncomeDto | null;

  @IsBoolean({ message: 'Indica con true o false si es otro depósito.' })
  @Omittable()
  differentDeposit?: boolean;

  @Max(2_147_483_647, { message: 'El movimiento no es válido.' })
  @Min(1, { message: 'El movimiento no es válido.' })
  @IsInt({ message: 'El movimiento no es válido.' })
  @OmittableOrNull()
  movementId?: number | null;

  @IsBoolean({ message: 'Indica con true o false si es una comisión del banco.' })
  @Omittable()
  fee?: boolean;

  @MaxChars(200, { message: 'El motivo no puede tener más de 200 caracteres.' })
  @IsString({ message: 'El motivo no es válido.' })
  @OmittableOrNull()
  reason?: string | null;
}

class ColumnMappingDto implements BankColumnMapping {
  @Min(0, { message: 'La columna de fecha no es válida.' })
  @IsInt({ message: 'La columna de fecha es requerida.' })
  date!: number;

  @ValidateIf((_mapping: object, value: unknown) => value !== null)
  @IsInt({ message: 'La columna de descripción no es válida.' })
  description!: number | null;

  @ValidateIf((_mapping: object, value: unknown) => value !== null)
  @IsInt({ message: 'La columna de documento no es válida.' })
  document!: number | null;

  @ValidateIf((_mapping: object, value: unknown) => value !== null)
  @IsInt({ message: 'La columna de crédito no es válida.' })
  credit!: number | null;

  @ValidateIf((_mapping: object, value: unknown) => value !== null)
  @IsInt({ message: 'La columna de débito no es válida.' })
  debit!: number | null;

  @ValidateIf((_mapping: object, value: unknown) => value !== null)
  @IsInt({ message: 'La columna de monto no es válida.' })
  amount!: number | null;

  @IsInt({ message: 'La columna de saldo no es válida.' })
  @OmittableOrNull()
  balance?: number | null;
}

/** The statement's header row and the columns the committee chose for it: used again next time. */
class LayoutDto {
  @MaxChars(200, { each: true, message: 'Los encabezados no pueden tener más de 200 caracteres.' })
  @IsString({ each: true, message: 'Los encabezados deben ser texto.' })
  @ArrayMaxSize(60, { message: 'El estado de cuenta no puede tener más de 60 columnas.' })
  @IsArray({ message: 'Los encabezados son requeridos.' })
  headers!: string[];

  @IsObject({ message: 'Las columnas son requeridas.' })
  @ValidateNested()
  @IsDefined({ message: 'Las columnas son requeridas.' })
  @Type(() => ColumnMappingDto)
  mapping!: ColumnMappingDto;
}

/** POST /api/bank-statements/confirm. */
export class ConfirmBankLinesDto {
  @ValidateNested({ each: true })
  @Type(() => BankLineDecisionDto)
  @ArrayMaxSize(10_000, { message: 'Confirma como máximo 10,000 líneas a la vez.' })
  @ArrayMinSize(1, { message: 'Elige al menos una línea.' })
  @IsArray({ message: 'Las líneas son requeridas.' })
  lines!: BankLineDecisionDto[];

  @Omittable()
  @IsObject({ message: 'La asignación de columnas no es válida.' })
  @ValidateNested()
  @Type(() => LayoutDto)
  layout?: LayoutDto;
}
