import { IsString, MinLength } from 'class-validator';
import type { LoginRequest } from '@portal/contracts';
import { MaxChars } from '../../common/validators';

export class LoginDto implements LoginRequest {
  @MinLength(1, { message: 'El email o nombre de usuario es requerido' })
  @MaxChars(254, { message: 'El email o nombre de usuario no puede tener más de 254 caracteres.' })
  @IsString({ message: 'El email o nombre de usuario es requerido' })
  username!: string;

  @MinLength(1, { message: 'La contraseña es requerida' })
  @MaxChars(200, { message: 'La contraseña no puede tener más de 200 caracteres.' })
  @IsString({ message: 'La contraseña es requerida' })
  password!: string;
}
