import { Module } from '@nestjs/common';
import { ControlsModule } from '../books/controls.service';
import { EventStoreModule } from '../events/event.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

@Module({
  imports: [SettingsStoreModule, EventStoreModule, ControlsModule],
  controllers: [SettingsController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
