import { Module } from '@nestjs/common';
import { ParentModule } from '../parent/parent.module';
import { GalaController, MyGalaController } from './gala.controller';
import { GalaService } from './gala.service';
import { SeatingListService } from './seating-list.service';

@Module({ imports: [ParentModule], controllers: [GalaController, MyGalaController], providers: [GalaService, SeatingListService] })
export class GalaModule {}
