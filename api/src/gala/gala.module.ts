import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { SettingsEntity } from '../settings/settings.entity';
import { ParentModule } from '../parent/parent.module';
import { GalaTableEntity } from './gala-table.entity';
import { GalaFamilyEntity } from './gala-family.entity';
import { GalaController, MyGalaController } from './gala.controller';
import { GalaService } from './gala.service';
import { SeatingListService } from './seating-list.service';

@Module({
  imports: [TypeOrmModule.forFeature([GalaTableEntity, GalaFamilyEntity, SettingsEntity]), ParentModule, FamilyStoreModule],
  controllers: [GalaController, MyGalaController],
  providers: [GalaService, SeatingListService],
})
export class GalaModule {}
