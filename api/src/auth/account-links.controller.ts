import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Invitation } from '@portal/contracts';
import { Public } from '../common/auth.decorators';
import { AccountLinksService } from './account-links.service';
import { ForgotPasswordDto, InvitationCheckDto, ResetPasswordDto } from './dto/account-links.dto';
import { ClassScope } from '../common/class-scope';

/** The pages e-mailed links lead to: a password reset, the committee's invitation. */
@Public()
@ClassScope('deployment')
@Controller()
export class AccountLinksController {
  constructor(private readonly links: AccountLinksService) {}

  @Post('password-reset')
  @HttpCode(204)
  requestReset(@Body() body: ForgotPasswordDto, @Req() request: FastifyRequest): Promise<void> {
    return this.links.requestReset(body.email, request.ip);
  }

  @Post('password-reset/confirm')
  @HttpCode(204)
  reset(@Body() body: ResetPasswordDto): Promise<void> {
    return this.links.resetPassword(body);
  }

  @Post('invitation/check')
  @HttpCode(200)
  checkInvitation(@Body() body: InvitationCheckDto): Promise<Invitation> {
    return this.links.checkInvitation(body.token);
  }
}
