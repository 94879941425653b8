import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { FamilyStoreModule } from '../families/family.store';
import { AuthModule } from '../auth/auth.module';
import { GalaModule } from '../gala/gala.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { DoorAccessController } from './door-access.controller';
import { DoorAccessService } from './door-access.service';
import { InvitationsController } from './invitations.controller';

@Module({
  imports: [AuthModule, UsersModule, FamilyStoreModule, GalaModule],
  controllers: [AccountsController, InvitationsController, DoorAccessController],
  providers: [AccountsService, DoorAccessService],
})
export class AccountsModule {}
