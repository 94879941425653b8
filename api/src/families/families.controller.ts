import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { Family, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreateFamilyDto } from './dto/create-family.dto';
import { UpdateFamilyDto } from './dto/update-family.dto';
import { FamiliesService } from './families.service';

@Roles('admin')
@Controller('families')
export class FamiliesController {
  constructor(private readonly families: FamiliesService) {}

  @Get()
  list(): Promise<Family[]> {
    return this.families.list();
  }

  @Post()
  create(@CurrentUser() user: User, @Body() body: CreateFamilyDto): Promise<Family> {
    return this.families.create(user, body);
  }

  @Put(':id')
  update(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() body: UpdateFamilyDto): Promise<Family> {
    return this.families.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.families.remove(user, id);
  }
}
