import { ArrayMaxSize, IsArray, IsInt, IsString, Max, Min } from 'class-validator';
import type { FamiliesReadUntilRequest, OpenClassRequest, ViewClassRequest } from '@portal/contracts';
import { IsCalendarDay, IsFilled, MaxChars } from '../../common/validators';

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
