import { Body, Controller, Get, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@portal/contracts';
import { Public } from '../common/auth.decorators';
import { AuthService } from './auth.service';
import { isSecureCookie } from './cookie';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { SESSION_COOKIE, SessionsService } from './sessions.service';

@Public()
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  @Get('user')
  user(@Req() request: FastifyRequest): User {
    if (!request.user) throw new UnauthorizedException('No has iniciado sesión.');
    return request.user;
  }

  @Post('login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<User> {
    const user = await this.auth.checkCredentials(body, request.ip);
    await this.startSession(user, request, reply);
    return user;
  }

  @Post('register')
  async register(
    @Body() body: RegisterDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<User> {
    const user = await this.auth.register(body);
    await this.startSession(user, request, reply);
    return user;
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const token = request.cookies?.[SESSION_COOKIE];
    if (token) await this.sessions.destroy(token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** Always a new session id at sign-in; the one the browser had before is destroyed. */
  private async startSession(user: User, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const previous = request.cookies?.[SESSION_COOKIE];
    if (previous) await this.sessions.destroy(previous);
    const token = await this.sessions.create(user.id);
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecureCookie(request),
      maxAge: this.sessions.maxAgeSeconds,
    });
  }
}
