import { Body, Controller, Get, Put } from '@nestjs/common';
import type { MyFamily, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { UpdateFamilyRsvpDto } from './dto/update-family-rsvp.dto';
import { MyFamilyService } from './my-family.service';

@Roles('parent')
@Controller('my-family')
export class MyFamilyController {
  constructor(private readonly families: MyFamilyService) {}

  @Get()
  get(@CurrentUser() user: User): Promise<MyFamily> {
    return this.families.get(user);
  }

  @Put('rsvp')
  updateRsvp(@CurrentUser() user: User, @Body() body: UpdateFamilyRsvpDto): Promise<MyFamily> {
    return this.families.updateRsvp(user, body);
  }
}
