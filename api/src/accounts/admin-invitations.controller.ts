import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminInvitation, AdminInvitationCheck, User } from '@portal/contracts';
import { setSessionCookie } from '../auth/session-cookie';
import { SESSION_COOKIE, SessionsService } from '../auth/sessions.service';
import { CurrentUser, Public, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { AdminInvitationsService } from './admin-invitations.service';
import { AcceptAdminInvitationDto, AdminInvitationDto, AdminInvitationTokenDto } from './dto/admin-invitation.dto';

/** 'Invitar administrador' in 'Cuentas': proposed by one admin, sent when a second approves. */
@Roles('admin')
@Controller('admin-invitations')
export class AdminInvitationsController {
  constructor(private readonly invitations: AdminInvitationsService) {}

  @Get()
  list(): Promise<AdminInvitation[]> {
    return this.invitations.list();
  }

  @Post()
  propose(@Body() body: AdminInvitationDto, @CurrentUser() user: User): Promise<AdminInvitation> {
    return this.invitations.propose(body, user);
  }

  @Post(':id/approve')
  approve(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: User): Promise<AdminInvitation> {
    return this.invitations.approve(id, user);
  }

  /** Another admin rejects it; its proposer withdraws it ('Retirar'). */
  @Post(':id/reject')
  reject(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: User): Promise<AdminInvitation> {
    return this.invitations.reject(id, user);
  }
}

/** The page the invitation's e-mail leads to (/auth/invitacion-admin). */
@Public()
@Controller('admin-invitation')
export class AdminInvitationLinkController {
  constructor(
    private readonly invitations: AdminInvitationsService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('check')
  @HttpCode(200)
  check(@Body() body: AdminInvitationTokenDto): Promise<AdminInvitationCheck> {
    return this.invitations.check(body.token);
  }

  /** The new admin account, signed in at once like a family's invitation. */
  @Post('accept')
  async accept(
    @Body() body: AcceptAdminInvitationDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<User> {
    const user = await this.invitations.accept(body);
    const previous = request.cookies?.[SESSION_COOKIE];
    if (previous) await this.sessions.destroy(previous);
    setSessionCookie(request, reply, await this.sessions.create(user.id), this.sessions.maxAgeSeconds, user.role);
    return user;
  }
}
