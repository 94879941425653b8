import { Body, Controller, ForbiddenException, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLASS_VIEW_COOKIE, type ReadableClass, type SchoolClass, type User } from '@portal/contracts';
import { isSecureCookie } from '../auth/cookie';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ClassArchives } from './archives';
import { ClassStore } from '../classes/class.store';
import { CLOSED_CLASS_MESSAGES } from '../classes/closed-class.guard';
import { FamiliesReadUntilDto, OpenClassDto, ViewClassDto } from './dto/opening.dto';
import { FamiliesAccessService } from './families-access.service';
import { OpeningService } from './opening.service';
import { ClassScope } from '../common/class-scope';

export const SWITCH_MESSAGES = {
  notYours: 'No perteneces a esa promoción.',
} as const;

/** The classes of this deployment, and 'Nueva promoción' (docs/classes.md). */
@Roles('admin')
@ClassScope('deployment')
@Controller('classes')
export class ClassesController {
  constructor(
    private readonly classes: ClassStore,
    private readonly opening: OpeningService,
    private readonly familiesAccess: FamiliesAccessService,
  ) {}

  @Get()
  list(): Promise<SchoolClass[]> {
    return this.classes.all();
  }

  @Post()
  open(@CurrentUser() user: User, @Body() body: OpenClassDto): Promise<SchoolClass> {
    return this.opening.open(user, body);
  }

  /** The last day a closed class's families read it, changed after its closing. */
  @Put(':id/families-read-until')
  familiesReadUntil(
    @CurrentUser() user: User,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: FamiliesReadUntilDto,
  ): Promise<SchoolClass> {
    return this.familiesAccess.change(user, id, body.familiesReadUntil);
  }
}

/** The class switch: which classes an account reads, and which one this browser views. */
@Roles('admin', 'parent')
@ClassScope('deployment')
@Controller('my-classes')
export class MyClassesController {
  constructor(private readonly archives: ClassArchives) {}

  @Get()
  list(@CurrentUser() user: User, @Req() request: FastifyRequest): Promise<ReadableClass[]> {
    return this.archives.readable(user, Number(request.cookies?.[CLASS_VIEW_COOKIE]) || null);
  }

  @Put('viewing')
  @HttpCode(204)
  async view(
    @CurrentUser() user: User,
    @Body() body: ViewClassDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const [current] = await this.archives.readable(user, null);
    if (body.classId === current!.id) {
      reply.clearCookie(CLASS_VIEW_COOKIE, { path: '/' });
      return;
    }
    if (!(await this.archives.archiveFor(user, body.classId))) {
      const ended = await this.archives.endedFor(user, body.classId);
      throw new ForbiddenException(
        ended ? CLOSED_CLASS_MESSAGES.familiesEnded(ended.name, ended.familiesReadUntil!) : SWITCH_MESSAGES.notYours,
      );
    }
    reply.setCookie(CLASS_VIEW_COOKIE, String(body.classId), {
      path: '/',
      sameSite: 'lax',
      secure: isSecureCookie(request),
      httpOnly: true,
    });
  }
}
