import { Body, Controller, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@portal/contracts';
import { CurrentUser } from '../common/auth.decorators';
import { AccountService } from './account.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';
import { ClassScope } from '../common/class-scope';

/** The signed-in user's own account, for every role ('Mi cuenta'). */
@ClassScope('deployment')
@Controller('user')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly sessions: SessionsService,
  ) {}

  /** Signs out every other browser; this one stays signed in with a new session id. */
  @Put('password')
  @HttpCode(204)
  async changePassword(
    @CurrentUser() user: User,
    @Body() body: ChangePasswordDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const token = await this.account.changePassword(user, body, request.ip);
    setSessionCookie(request, reply, token, this.sessions.maxAgeSeconds, user.role);
  }

  /** 'Cerrar sesión en todos los dispositivos': this browser included. */
  @Post('logout-all')
  @HttpCode(204)
  async logoutAll(
    @CurrentUser() user: User,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.account.logoutAll(user);
    clearSessionCookie(request, reply);
  }
}
