import { IsBoolean, IsIn, IsString } from 'class-validator';
import { NOTICE_TYPES, type NoticeCreateInput, type NoticeInput, type NoticeType } from '@portal/contracts';
import { IsDateTime, IsFilled, MaxChars, Omittable } from '../../common/validators';

/** POST /api/notifications. The admin form always sends 'info'; the type may be left out. */
export class CreateNoticeDto implements Partial<NoticeInput> {
  @MaxChars(200, { message: 'El título no puede tener más de 200 caracteres.' })
  @IsFilled({ message: 'El título es requerido.' })
  @IsString({ message: 'El título es requerido.' })
  title!: string;

  @MaxChars(2000, { message: 'El mensaje no puede tener más de 2000 caracteres.' })
  @IsFilled({ message: 'El mensaje es requerido.' })
  @IsString({ message: 'El mensaje es requerido.' })
  message!: string;

  @Omittable()
  @IsIn(NOTICE_TYPES, { message: 'El tipo debe ser info, warning o success.' })
  type?: NoticeType;

  @IsDateTime({ message: 'La fecha debe ser una fecha y hora válida (ISO 8601 con zona horaria).' })
  @IsString({ message: 'La fecha es requerida.' })
  date!: string;
}

/** POST only: 'Enviar también por correo' (left out: not e-mailed, as in the original payload). */
export class NewNoticeDto extends CreateNoticeDto implements Partial<NoticeCreateInput> {
  @Omittable()
  @IsBoolean({ message: 'Enviar por correo debe ser verdadero o falso.' })
  sendEmail?: boolean;
}
