import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { User, VerificationCheck } from '@portal/contracts';
import { CurrentUser, Public } from '../common/auth.decorators';
import { AuthService } from './auth.service';
import { VerifyEmailDto } from './dto/verify-email.dto';
import { ClassScope } from '../common/class-scope';

/** The link sent to a new account's address (decisions item 3). */
@ClassScope('deployment')
@Controller('verify-email')
export class EmailVerificationController {
  constructor(private readonly auth: AuthService) {}

  /**
   * Which account the link would link (its user name), spending nothing: the page names it and
   * waits for the reader to confirm (decisions item 21). A mail scanner that opens the page
   * links no one.
   */
  @Public()
  @Post('check')
  @HttpCode(200)
  check(@Body() body: VerifyEmailDto): Promise<VerificationCheck> {
    return this.auth.checkVerification(body.token);
  }

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
