import { IsEmail, IsString, Matches } from 'class-validator';
import type { AcceptInvitationRequest, ForgotPasswordRequest, InvitationCheckRequest, ResetPasswordRequest } from '@portal/contracts';
import { MaxChars } from '../../common/validators';
import { NewAccountDto, NewPasswordDto } from './register.dto';

export const BAD_LINK = 'El enlace no es válido o ya venció. Pide uno nuevo.';
const IsLinkToken = () => Matches(/^[\w-]{43}$/, { message: BAD_LINK });

export class ForgotPasswordDto implements ForgotPasswordRequest {
  @IsEmail({}, { message: 'El email no es válido.' })
  @MaxChars(254, { message: 'El email no puede tener más de 254 caracteres.' })
  @IsString({ message: 'El email es requerido.' })
  email!: string;
}

export class ResetPasswordDto extends NewPasswordDto implements ResetPasswordRequest {
  @IsLinkToken()
  @IsString({ message: BAD_LINK })
  token!: string;
}

export class InvitationCheckDto implements InvitationCheckRequest {
  @IsLinkToken()
  @IsString({ message: BAD_LINK })
  token!: string;
}

export class AcceptInvitationDto extends NewAccountDto implements AcceptInvitationRequest {
  @IsLinkToken()
  @IsString({ message: BAD_LINK })
  token!: string;
}
