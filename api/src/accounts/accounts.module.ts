import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { InvitationsController } from './invitations.controller';

@Module({ imports: [AuthModule], controllers: [AccountsController, InvitationsController], providers: [AccountsService] })
export class AccountsModule {}
