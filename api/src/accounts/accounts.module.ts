import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/user.entity';
import { FamilyStoreModule } from '../families/family.store';
import { AuthModule } from '../auth/auth.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { DoorAccessController } from './door-access.controller';
import { DoorAccessService } from './door-access.service';
import { InvitationsController } from './invitations.controller';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), AuthModule, FamilyStoreModule],
  controllers: [AccountsController, InvitationsController, DoorAccessController],
  providers: [AccountsService, DoorAccessService],
})
export class AccountsModule {}
