import { Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { MyCalendar, MyCalendarLinks, User } from '@portal/contracts';
import { CurrentUser, Public, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CalendarService } from './calendar.service';

const ICS = 'text/calendar; charset=utf-8';

/** The events in the phones' calendars (docs/messaging.md, 'Calendarios'). */
@Roles('admin', 'parent')
@Controller()
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /** 'Agregar a mi calendario': one event, downloaded. */
  @Get('events/:id/calendar.ics')
  async eventFile(@Param('id', ParseIdPipe) id: number, @Res() reply: FastifyReply): Promise<void> {
    const { body, fileName } = await this.calendar.eventFile(id);
    void reply.headers({ 'content-type': ICS, 'content-disposition': `attachment; filename="${fileName}"` }).send(body);
  }

  @Get('my-calendar')
  mine(@CurrentUser() user: User): Promise<MyCalendar> {
    return this.calendar.mine(user.id);
  }

  @Post('my-calendar')
  create(@CurrentUser() user: User): Promise<MyCalendarLinks> {
    return this.calendar.create(user);
  }

  @Delete('my-calendar')
  @HttpCode(204)
  revoke(@CurrentUser() user: User): Promise<void> {
    return this.calendar.revoke(user);
  }

  /**
   * The subscription: calendar apps send no cookie, so the link's secret is the proof. Kept by
   * no shared cache; never written to the logs (common/logging.ts).
   */
  @Public()
  @Get('calendar/:token.ics')
  async feed(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    const body = await this.calendar.feed(token);
    void reply
      .headers({
        'content-type': ICS,
        'content-disposition': 'inline; filename="eventos-de-graduacion.ics"',
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
      })
      .send(body);
  }
}
