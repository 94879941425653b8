import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/user.entity';
import { FamilyEntity } from '../families/family.entity';
import { AuthModule } from '../auth/auth.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { InvitationsController } from './invitations.controller';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, FamilyEntity]), AuthModule],
  controllers: [AccountsController, InvitationsController],
  providers: [AccountsService],
})
export class AccountsModule {}
