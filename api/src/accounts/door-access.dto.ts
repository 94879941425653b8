import { IsString, Matches } from 'class-validator';
import { USERNAME_PATTERN, type DoorAccessInput } from '@portal/contracts';
import { IsCalendarDay, MaxChars, Omittable } from '../common/validators';

export class DoorAccessDto implements DoorAccessInput {
  @Matches(/\S/, { message: 'El nombre del voluntario es requerido.' })
  @MaxChars(120, { message: 'El nombre no puede tener más de 120 caracteres.' })
  @IsString({ message: 'El nombre del voluntario es requerido.' })
  name!: string;

  @Matches(USERNAME_PATTERN, { message: 'El nombre de usuario debe tener de 3 a 30 letras, números, puntos o guiones.' })
  @IsString({ message: 'El nombre de usuario es requerido.' })
  username!: string;

  @Omittable()
  @IsCalendarDay({ message: 'La fecha debe ser una fecha válida (aaaa-mm-dd).' })
  until?: string;
}
