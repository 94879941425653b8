import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsString, ValidateNested } from 'class-validator';
import { BALANCE_DESTINATIONS, CLOSING_ITEMS, type BalanceDestination, type ClosingInput, type ClosingItem } from '@portal/contracts';
import { IsCalendarDay, IsFilled, MaxChars, Omittable } from '../../common/validators';

export class ClosingWaiverDto {
  @IsIn(CLOSING_ITEMS, { message: 'Ese punto no está en la lista de cierre.' })
  item!: ClosingItem;

  @MaxChars(300, { message: 'La razón no puede tener más de 300 caracteres.' })
  @IsFilled({ message: 'Escribe por qué se omite cada punto pendiente.' })
  @IsString({ message: 'Escribe por qué se omite cada punto pendiente.' })
  reason!: string;
}

/** POST /api/class/closing. */
export class ClosingDto implements ClosingInput {
  @IsIn(BALANCE_DESTINATIONS, { message: 'Indica a dónde va el saldo: a las familias, al colegio o a la promoción siguiente.' })
  destination!: BalanceDestination;

  @MaxChars(2000, { message: 'El acta no puede tener más de 2000 caracteres.' })
  @IsFilled({ message: 'Escribe el acta que aprobó el cierre (número y fecha de la reunión).' })
  @IsString({ message: 'Escribe el acta que aprobó el cierre (número y fecha de la reunión).' })
  acta!: string;

  @Omittable()
  @IsCalendarDay({ message: 'La fecha de acceso de las familias debe tener el formato AAAA-MM-DD.' })
  familiesReadUntil?: string;

  @Omittable()
  @ArrayMaxSize(CLOSING_ITEMS.length, { message: 'Cada punto se omite una vez.' })
  @ValidateNested({ each: true })
  @Type(() => ClosingWaiverDto)
  @IsArray({ message: 'Los puntos omitidos deben ser una lista.' })
  waivers?: ClosingWaiverDto[];
}
