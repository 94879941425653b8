import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_GUARD } from '@nestjs/core';
import { ClassStoreModule } from '../classes/class.store';
import { FamilyStoreModule } from '../families/family.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { UsersModule } from '../users/users.module';
import { SessionEntity } from './session.entity';
import { AccountTokenEntity } from './account-token.entity';
import { AccountLinksController } from './account-links.controller';
import { AccountLinksService } from './account-links.service';
import { AccountTokens } from './account-tokens';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailVerificationController } from './email-verification.controller';
import { LoginThrottle } from './login-throttle';
import { RateLimitsModule } from '../rate-limits/rate-limits';
import { SessionGuard } from './session.guard';
import { SessionsService } from './sessions.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([SessionEntity, AccountTokenEntity]),
    RateLimitsModule,
    UsersModule,
    SettingsStoreModule,
    FamilyStoreModule,
    ClassStoreModule,
  ],
  controllers: [AuthController, EmailVerificationController, AccountLinksController, AccountController],
  providers: [
    AuthService,
    AccountService,
    SessionsService,
    LoginThrottle,
    AccountTokens,
    AccountLinksService,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [SessionsService, AccountLinksService],
})
export class AuthModule {}
