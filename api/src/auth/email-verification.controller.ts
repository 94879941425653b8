import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { User } from '@portal/contracts';
import { CurrentUser, Public } from '../common/auth.decorators';
import { AuthService } from './auth.service';
import { VerifyEmailDto } from './dto/verify-email.dto';

/** The link sent to a new account's address (decisions item 3). */
@Controller('verify-email')
export class EmailVerificationController {
  constructor(private readonly auth: AuthService) {}

  /** Anyone holding the link may follow it: the link itself is the proof. */
  @Public()
  @Post()
  @HttpCode(204)
  verify(@Body() body: VerifyEmailDto): Promise<void> {
    return this.auth.verifyEmail(body.token);
  }

  @Post('resend')
  @HttpCode(204)
  resend(@CurrentUser() user: User): Promise<void> {
    return this.auth.resendVerification(user);
  }
}
