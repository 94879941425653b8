import { Module } from '@nestjs/common';
import { FamilyStoreModule } from '../families/family.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { EventStoreModule } from '../events/event.store';
import { SessionFamilyModule } from '../families/session-family';
import { GalaStoreModule } from './gala.store';
import { GalaController, MyGalaController } from './gala.controller';
import { GalaDoorService } from './gala-door.service';
import { GalaPlanService } from './gala-plan.service';
import { GalaReader } from './gala-reader';
import { MyGalaService } from './my-gala.service';
import { SeatingListService } from './seating-list.service';

@Module({
  imports: [GalaStoreModule, SessionFamilyModule, FamilyStoreModule, EventStoreModule, SettingsStoreModule],
  controllers: [GalaController, MyGalaController],
  providers: [GalaReader, GalaPlanService, GalaDoorService, MyGalaService, SeatingListService],
  exports: [GalaReader, GalaPlanService, GalaDoorService],
})
export class GalaModule {}
