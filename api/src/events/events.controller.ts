import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { GraduationEvent, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreateEventDto } from './dto/create-event.dto';
import { UpdateEventDto } from './dto/update-event.dto';
import { EventsService } from './events.service';

@Roles('admin')
@Controller('events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  /** Parents see the same calendar. */
  @Roles('admin', 'parent')
  @Get()
  list(): Promise<readonly GraduationEvent[]> {
    return this.events.list();
  }

  @Post()
  create(@CurrentUser() user: User, @Body() body: CreateEventDto): Promise<GraduationEvent> {
    return this.events.create(user, body);
  }

  @Put(':id')
  update(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateEventDto): Promise<GraduationEvent> {
    return this.events.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.events.remove(user, id);
  }
}
