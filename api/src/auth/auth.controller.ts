import { Body, Controller, Get, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@portal/contracts';
import { Public } from '../common/auth.decorators';
import { AccountLinksService } from './account-links.service';
import { AuthService } from './auth.service';
import { AcceptInvitationDto } from './dto/account-links.dto';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { clearSessionCookie, setRoleHint, setSessionCookie } from './session-cookie';
import { SESSION_COOKIE, SessionsService } from './sessions.service';
import { ClassScope } from '../common/class-scope';

@Public()
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly links: AccountLinksService,
  ) {}

  /** Also keeps the role hint in step: set for a live session, dropped for an ended one. */
  @Get('user')
  user(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): User {
    if (!request.user) {
      clearSessionCookie(request, reply);
      throw new UnauthorizedException('No has iniciado sesión.');
    }
    setRoleHint(request, reply, request.user.role, this.sessions.maxAgeSeconds);
    return request.user;
  }

  @ClassScope('deployment')
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<User> {
    const user = await this.auth.checkCredentials(body, request.ip);
    await this.startSession(user, request, reply);
    return user;
  }

  @ClassScope('deployment')
  @Post('register')
  async register(
    @Body() body: RegisterDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<User> {
    const user = await this.auth.register(body, request.ip);
    await this.startSession(user, request, reply);
    return user;
  }

  /** The committee's invitation: the new account owns the family's address, and is signed in. */
  @ClassScope('deployment')
  @Post('invitation/accept')
  async acceptInvitation(
    @Body() body: AcceptInvitationDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<User> {
    const user = await this.links.acceptInvitation(body);
    await this.startSession(user, request, reply);
    return user;
  }

  @ClassScope('deployment')
  @Post('logout')
  @HttpCode(204)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const token = request.cookies?.[SESSION_COOKIE];
    if (token) await this.sessions.destroy(token);
    clearSessionCookie(request, reply);
  }

  /** Always a new session id at sign-in; the one the browser had before is destroyed. */
  private async startSession(user: User, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const previous = request.cookies?.[SESSION_COOKIE];
    if (previous) await this.sessions.destroy(previous);
    const token = await this.sessions.create(user.id);
    setSessionCookie(request, reply, token, this.sessions.maxAgeSeconds, user.role);
  }
}
