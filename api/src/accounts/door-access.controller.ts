import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { DoorAccess, DoorAccessCreated, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { DoorAccessDto } from './door-access.dto';
import { DoorAccessService } from './door-access.service';

/** The committee gives and takes back the volunteers' door accounts. */
@Roles('admin')
@Controller('door-accesses')
export class DoorAccessController {
  constructor(private readonly doorAccess: DoorAccessService) {}

  @Get()
  list(): Promise<DoorAccess[]> {
    return this.doorAccess.list();
  }

  @Post()
  grant(@Body() body: DoorAccessDto, @CurrentUser() user: User): Promise<DoorAccessCreated> {
    return this.doorAccess.grant(body, user);
  }

  @Post(':id/revoke')
  @HttpCode(204)
  revoke(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: User): Promise<void> {
    return this.doorAccess.revoke(id, user);
  }
}
