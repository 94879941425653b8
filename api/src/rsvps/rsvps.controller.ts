import { Controller, Get, Param } from '@nestjs/common';
import type { AdminEventRsvp, PendingFamily } from '@portal/contracts';
import { Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { RsvpsService } from './rsvps.service';

@Roles('admin')
@Controller('event-rsvps')
export class RsvpsController {
  constructor(private readonly rsvps: RsvpsService) {}

  @Get(':eventId')
  forEvent(@Param('eventId', ParseIdPipe) eventId: number): Promise<AdminEventRsvp[]> {
    return this.rsvps.forEvent(eventId);
  }

  @Get(':eventId/pending')
  pending(@Param('eventId', ParseIdPipe) eventId: number): Promise<PendingFamily[]> {
    return this.rsvps.pending(eventId);
  }
}
