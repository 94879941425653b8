import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsStoreModule } from '../settings/settings.store';
import { UsersModule } from '../users/users.module';
import { FamilyStoreModule } from '../families/family.store';
import { AuthModule } from '../auth/auth.module';
import { GalaModule } from '../gala/gala.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { DoorAccessController } from './door-access.controller';
import { DoorAccessService } from './door-access.service';
import { InvitationsController } from './invitations.controller';
import { AdminInvitationEntity } from './admin-invitation.entity';
import { AdminInvitationLinkController, AdminInvitationsController } from './admin-invitations.controller';
import { AdminInvitationsService } from './admin-invitations.service';

@Module({
  imports: [TypeOrmModule.forFeature([AdminInvitationEntity]), AuthModule, UsersModule, FamilyStoreModule, GalaModule, SettingsStoreModule],
  controllers: [AccountsController, InvitationsController, DoorAccessController, AdminInvitationsController, AdminInvitationLinkController],
  providers: [AccountsService, DoorAccessService, AdminInvitationsService],
})
export class AccountsModule {}
