import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Put, Query } from '@nestjs/common';
import type { Family, HistoryPage, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreateFamilyDto } from './dto/create-family.dto';
import { UpdateFamilyDto } from './dto/update-family.dto';
import { HistoryService, type HistoryQuery } from '../history/history.service';
import { FAMILY_TEXTS, FamiliesService } from './families.service';
import { FamilyStore } from '../families/family.store';

@Roles('admin')
@Controller('families')
export class FamiliesController {
  constructor(
    private readonly families: FamiliesService,
    private readonly store: FamilyStore,
    private readonly history: HistoryService,
  ) {}

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

  /** The family's page of 'Historial': its own rows only. A deleted family's rows stay in the full list (?familyId=). */
  @Get(':id/history')
  async historyOf(@Param('id', ParseIdPipe) id: number, @Query() query: HistoryQuery): Promise<HistoryPage> {
    if (!(await this.store.exists(id))) throw new NotFoundException(FAMILY_TEXTS.notFound);
    return this.history.list({ before: query.before, limit: query.limit, familyId: String(id) });
  }
}
