import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { EventStoreModule } from '../events/event.store';
import { ParentModule } from '../parent/parent.module';
import { GalaTableEntity } from './gala-table.entity';
import { GalaFamilyEntity } from './gala-family.entity';
import { GalaController, MyGalaController } from './gala.controller';
import { GalaService } from './gala.service';
import { SeatingListService } from './seating-list.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([GalaTableEntity, GalaFamilyEntity]),
    ParentModule,
    FamilyStoreModule,
    EventStoreModule,
    SettingsStoreModule,
  ],
  controllers: [GalaController, MyGalaController],
  providers: [GalaService, SeatingListService],
})
export class GalaModule {}
