import { Module } from '@nestjs/common';
import { EventStoreModule } from '../events/event.store';
import { SettingsStoreModule } from './settings.store';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

@Module({
  imports: [SettingsStoreModule, EventStoreModule],
  controllers: [SettingsController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
