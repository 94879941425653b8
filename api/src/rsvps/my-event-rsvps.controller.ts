import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { EventRsvp, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { AnswerEventRsvpDto } from './dto/answer-event-rsvp.dto';
import { MyEventRsvpsService } from './my-event-rsvps.service';

@Roles('parent')
@Controller()
export class MyEventRsvpsController {
  constructor(private readonly rsvps: MyEventRsvpsService) {}

  @Get('my-event-rsvps')
  list(@CurrentUser() user: User): Promise<EventRsvp[]> {
    return this.rsvps.list(user);
  }

  // 200, not 201: the call records or replaces the family's one answer for the event, and sending
  // it again gives the same result.
  @Post('event-rsvps')
  @HttpCode(200)
  answer(@CurrentUser() user: User, @Body() body: AnswerEventRsvpDto): Promise<EventRsvp> {
    return this.rsvps.answer(user, body);
  }
}
