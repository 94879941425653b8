import { IsEmail, IsString, Matches } from 'class-validator';
import type { AcceptAdminInvitationRequest, AdminInvitationInput } from '@portal/contracts';
import { NewAccountDto } from '../../auth/dto/register.dto';
import { BAD_LINK } from '../../auth/dto/account-links.dto';
import { MaxChars } from '../../common/validators';

const IsLinkToken = () => Matches(/^[\w-]{43}$/, { message: BAD_LINK });

export class AdminInvitationDto implements AdminInvitationInput {
  @Matches(/\S/, { message: 'El nombre de la persona invitada es requerido.' })
  @MaxChars(120, { message: 'El nombre no puede tener más de 120 caracteres.' })
  @IsString({ message: 'El nombre de la persona invitada es requerido.' })
  name!: string;

  @IsEmail({}, { message: 'El correo no es válido.' })
  @MaxChars(254, { message: 'El correo no puede tener más de 254 caracteres.' })
  @IsString({ message: 'El correo es requerido.' })
  email!: string;
}

export class AdminInvitationTokenDto {
  @IsLinkToken()
  @IsString({ message: BAD_LINK })
  token!: string;
}

export class AcceptAdminInvitationDto extends NewAccountDto implements AcceptAdminInvitationRequest {
  @IsLinkToken()
  @IsString({ message: BAD_LINK })
  token!: string;
}
