import { IsString, MinLength, ValidateBy, type ValidationArguments } from 'class-validator';
import { PASSWORD_MIN_LENGTH, type ChangePasswordRequest } from '@portal/contracts';
import { MaxChars } from '../../common/validators';
import { IsNotCommonPassword } from '../common-passwords';

const SameAsNewPassword = () =>
  ValidateBy(
    {
      name: 'sameAsNewPassword',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => value === (args?.object as ChangePasswordDto).newPassword,
      },
    },
    { message: 'Las contraseñas no coinciden.' },
  );

/** The new password follows the registration rules (`register.dto.ts`). */
export class ChangePasswordDto implements ChangePasswordRequest {
  // As long as the login accepts: any password that signs in can be confirmed here.
  @MinLength(1, { message: 'La contraseña actual es requerida.' })
  @MaxChars(200, { message: 'La contraseña actual no puede tener más de 200 caracteres.' })
  @IsString({ message: 'La contraseña actual es requerida.' })
  currentPassword!: string;

  @IsNotCommonPassword()
  @MinLength(PASSWORD_MIN_LENGTH, { message: `La nueva contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.` })
  @MaxChars(128, { message: 'La nueva contraseña no puede tener más de 128 caracteres.' })
  @IsString({ message: 'La nueva contraseña es requerida.' })
  newPassword!: string;

  @SameAsNewPassword()
  @IsString({ message: 'Confirma tu nueva contraseña.' })
  confirmPassword!: string;
}
