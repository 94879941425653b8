import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsInt,
  IsObject,
  IsString,
  Max,
  Min,
  ValidateBy,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import type { KeyEventSettings, ReminderSettings, Settings } from '@portal/contracts';
import { IsCalendarDay, IsClockTime, IsFilled, MaxChars, Omittable } from '../../common/validators';

class KeyEventDto implements KeyEventSettings {
  @IsCalendarDay({ message: 'La fecha del evento debe ser una fecha válida (aaaa-mm-dd).' })
  date!: string;

  @IsClockTime({ message: 'La hora de inicio debe tener el formato HH:mm.' })
  startTime!: string;

  // Runs after the format check: HH:mm strings compare in clock order.
  @ValidateBy(
    {
      name: 'isAfterStartTime',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          typeof value === 'string' && value > String((args?.object as KeyEventDto | undefined)?.startTime ?? ''),
      },
    },
    { message: 'La hora de fin debe ser posterior a la hora de inicio.' },
  )
  @IsClockTime({ message: 'La hora de fin debe tener el formato HH:mm.' })
  endTime!: string;

  @IsFilled({ message: 'El lugar es requerido.' })
  @MaxChars(200, { message: 'El lugar no puede tener más de 200 caracteres.' })
  @IsString({ message: 'El lugar es requerido.' })
  place!: string;
}

class BankDto {
  @IsFilled({ message: 'El banco es requerido.' })
  @MaxChars(120, { message: 'El banco no puede tener más de 120 caracteres.' })
  @IsString({ message: 'El banco es requerido.' })
  bankName!: string;

  @IsFilled({ message: 'El número de cuenta es requerido.' })
  @MaxChars(60, { message: 'El número de cuenta no puede tener más de 60 caracteres.' })
  @IsString({ message: 'El número de cuenta es requerido.' })
  accountNumber!: string;

  @IsFilled({ message: 'El titular de la cuenta es requerido.' })
  @MaxChars(120, { message: 'El titular no puede tener más de 120 caracteres.' })
  @IsString({ message: 'El titular de la cuenta es requerido.' })
  accountHolder!: string;

  @IsFilled({ message: 'El número para enviar comprobantes es requerido.' })
  @MaxChars(40, { message: 'El número para comprobantes no puede tener más de 40 caracteres.' })
  @IsString({ message: 'El número para enviar comprobantes es requerido.' })
  receiptsPhone!: string;
}

class RemindersDto implements ReminderSettings {
  @IsBoolean({ message: 'Activar los recordatorios debe ser verdadero o falso.' })
  enabled!: boolean;

  @Min(0, { message: 'Los días de anticipación deben estar entre 0 y 30.' })
  @Max(30, { message: 'Los días de anticipación deben estar entre 0 y 30.' })
  @IsInt({ message: 'Los días de anticipación deben ser un número entero.' })
  daysBefore!: number;
}

export class UpdateSettingsDto implements Settings {
  @Min(2000, { message: 'El año de la promoción debe estar entre 2000 y 2100.' })
  @Max(2100, { message: 'El año de la promoción debe estar entre 2000 y 2100.' })
  @IsInt({ message: 'El año de la promoción debe ser un número entero.' })
  classYear!: number;

  @IsCalendarDay({ message: 'La fecha límite de pago debe ser una fecha válida (aaaa-mm-dd).' })
  finalPaymentDeadline!: string;

  @IsObject({ message: 'Los datos de la ceremonia de premiación son requeridos.' })
  @ValidateNested()
  @IsDefined({ message: 'Los datos de la ceremonia de premiación son requeridos.' })
  @Type(() => KeyEventDto)
  awards!: KeyEventDto;

  @IsObject({ message: 'Los datos del brunch son requeridos.' })
  @ValidateNested()
  @IsDefined({ message: 'Los datos del brunch son requeridos.' })
  @Type(() => KeyEventDto)
  brunch!: KeyEventDto;

  @IsObject({ message: 'Los datos bancarios son requeridos.' })
  @ValidateNested()
  @IsDefined({ message: 'Los datos bancarios son requeridos.' })
  @Type(() => BankDto)
  bank!: BankDto;

  /** Not in the original payload: left out, the reminders stay as they are. */
  @Omittable()
  @IsObject({ message: 'Los datos de los recordatorios no son válidos.' })
  @ValidateNested()
  @Type(() => RemindersDto)
  reminders?: RemindersDto;
}
