import { IsString, Matches } from 'class-validator';
import type { VerifyEmailRequest } from '@portal/contracts';

export class VerifyEmailDto implements VerifyEmailRequest {
  @Matches(/^[\w-]{43}$/, { message: 'El enlace no es válido o ya venció. Pide uno nuevo desde tu portal.' })
  @IsString({ message: 'El enlace no es válido o ya venció. Pide uno nuevo desde tu portal.' })
  token!: string;
}
