import { IsEmail, IsString, Matches, MinLength, ValidateBy, type ValidationArguments } from 'class-validator';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN, type RegisterRequest } from '@portal/contracts';
import { MaxChars } from '../../common/validators';
import { IsNotCommonPassword } from '../common-passwords';

const SameAsPassword = () =>
  ValidateBy(
    {
      name: 'sameAsPassword',
      validator: { validate: (value: unknown, args?: ValidationArguments) => value === (args?.object as NewPasswordDto).password },
    },
    { message: 'Las contraseñas no coinciden.' },
  );

/** A password someone chooses (registration, invitation, reset), typed twice. */
export class NewPasswordDto {
  @IsNotCommonPassword()
  @MinLength(PASSWORD_MIN_LENGTH, { message: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.` })
  @MaxChars(128, { message: 'La contraseña no puede tener más de 128 caracteres.' })
  @IsString({ message: 'La contraseña es requerida' })
  password!: string;

  @SameAsPassword()
  @IsString({ message: 'Confirma tu contraseña.' })
  confirmPassword!: string;
}

/** Name and user name of a new account (registration, invitation). */
export class NewAccountDto extends NewPasswordDto {
  @Matches(/\S/, { message: 'El nombre es requerido.' })
  @MaxChars(120, { message: 'El nombre no puede tener más de 120 caracteres.' })
  @IsString({ message: 'El nombre es requerido.' })
  name!: string;

  @Matches(USERNAME_PATTERN, { message: 'El nombre de usuario debe tener de 3 a 30 letras, números, puntos o guiones.' })
  @IsString({ message: 'El nombre de usuario es requerido.' })
  username!: string;
}

export class RegisterDto extends NewAccountDto implements RegisterRequest {
  @IsEmail({}, { message: 'El email no es válido.' })
  @MaxChars(254, { message: 'El email no puede tener más de 254 caracteres.' })
  @IsString({ message: 'El email es requerido.' })
  email!: string;
}
