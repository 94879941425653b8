import { ArrayMaxSize, IsArray, IsInt, IsString, Max, Min } from 'class-validator';
import {
  GALA_GRID,
  TOTAL_TABLES,
  type GalaCheckInInput,
  type GalaDetails,
  type GalaNearInput,
  type GalaTableInput,
  type GalaUndoCheckInInput,
} from '@portal/contracts';
import { IsCalendarDay, IsClockTime, IsFilled, MaxChars, Omittable, OmittableOrNull } from '../../common/validators';
import { GALA_TEXTS } from '../gala.messages';

const POSITION_X = `La columna debe ser un número entero del 0 al ${GALA_GRID.columns - 1}.`;
const POSITION_Y = `La fila debe ser un número entero del 0 al ${GALA_GRID.rows - 1}.`;
const SEATS = 'Los lugares de la mesa deben ser un número entero del 1 al 20.';

export class GalaDetailsDto implements GalaDetails {
  @IsCalendarDay({ message: 'La fecha de la fiesta debe ser una fecha válida (aaaa-mm-dd).' })
  date!: string;

  @IsClockTime({ message: 'La hora de la fiesta debe tener el formato HH:mm.' })
  time!: string;

  @IsFilled({ message: 'El lugar es requerido.' })
  @MaxChars(200, { message: 'El lugar no puede tener más de 200 caracteres.' })
  @IsString({ message: 'El lugar es requerido.' })
  place!: string;
}

export class GalaTableDto implements GalaTableInput {
  @Omittable()
  @Min(1, { message: SEATS })
  @Max(20, { message: SEATS })
  @IsInt({ message: SEATS })
  seats?: number;

  @OmittableOrNull()
  @MaxChars(40, { message: 'La zona no puede tener más de 40 caracteres.' })
  @IsString({ message: 'La zona debe ser un texto.' })
  zone?: string | null;

  @Min(0, { message: POSITION_X })
  @Max(GALA_GRID.columns - 1, { message: POSITION_X })
  @IsInt({ message: POSITION_X })
  x!: number;

  @Min(0, { message: POSITION_Y })
  @Max(GALA_GRID.rows - 1, { message: POSITION_Y })
  @IsInt({ message: POSITION_Y })
  y!: number;
}

export class GalaLayoutDto {
  @Min(1, { message: `El número de mesas debe ser un número entero del 1 al ${TOTAL_TABLES}.` })
  @Max(TOTAL_TABLES, { message: `El número de mesas debe ser un número entero del 1 al ${TOTAL_TABLES}.` })
  @IsInt({ message: `El número de mesas debe ser un número entero del 1 al ${TOTAL_TABLES}.` })
  count!: number;

  @Min(1, { message: `Las mesas por fila deben ser un número entero del 1 al ${GALA_GRID.columns}.` })
  @Max(GALA_GRID.columns, { message: `Las mesas por fila deben ser un número entero del 1 al ${GALA_GRID.columns}.` })
  @IsInt({ message: `Las mesas por fila deben ser un número entero del 1 al ${GALA_GRID.columns}.` })
  columns!: number;
}

const MAX_ID = 2_147_483_647;

export class GalaAssignDto {
  @Max(MAX_ID, { message: 'La familia debe ser un número entero positivo.' })
  @Min(1, { message: 'La familia debe ser un número entero positivo.' })
  @IsInt({ message: 'La familia debe ser un número entero positivo.' })
  familyId!: number;
}

export class GalaGuestsDto {
  @ArrayMaxSize(200, { message: 'La lista no puede tener más de 200 invitados.' })
  @IsString({ each: true, message: 'Cada invitado debe ser un nombre.' })
  @IsArray({ message: 'Los invitados deben ser una lista de nombres.' })
  guests!: string[];
}

export class GalaNearDto implements GalaNearInput {
  @OmittableOrNull()
  @MaxChars(120, { message: 'El nombre del graduado no puede tener más de 120 caracteres.' })
  @IsString({ message: 'Escribe el nombre del graduado de la otra familia.' })
  graduateName!: string | null;
}

export class GalaCheckInDto implements GalaCheckInInput {
  @Omittable()
  @MaxChars(200, { message: 'Pase no válido' })
  @IsString({ message: 'Pase no válido' })
  token?: string;

  @Omittable()
  @Max(MAX_ID, { message: 'La familia debe ser un número entero positivo.' })
  @Min(1, { message: 'La familia debe ser un número entero positivo.' })
  @IsInt({ message: 'La familia debe ser un número entero positivo.' })
  familyId?: number;

  @Omittable()
  @Min(0, { message: 'Las personas que ingresan deben ser un número entero del 0 al 200.' })
  @Max(200, { message: 'Las personas que ingresan deben ser un número entero del 0 al 200.' })
  @IsInt({ message: 'Las personas que ingresan deben ser un número entero del 0 al 200.' })
  count?: number;

  @Omittable()
  @Min(1, { message: 'Las personas que se agregan deben ser un número entero del 1 al 200.' })
  @Max(200, { message: 'Las personas que se agregan deben ser un número entero del 1 al 200.' })
  @IsInt({ message: 'Las personas que se agregan deben ser un número entero del 1 al 200.' })
  add?: number;
}

export class GalaUndoCheckInDto implements GalaUndoCheckInInput {
  @IsFilled({ message: GALA_TEXTS.undoReason })
  @MaxChars(200, { message: GALA_TEXTS.undoReasonLong })
  @IsString({ message: GALA_TEXTS.undoReason })
  reason!: string;
}
