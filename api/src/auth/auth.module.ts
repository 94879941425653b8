import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { UsersService } from '../users/users.service';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { SessionGuard } from './session.guard';
import { SessionsService } from './sessions.service';

@Module({
  controllers: [AuthController, AccountController],
  providers: [AuthService, AccountService, UsersService, SessionsService, LoginThrottle, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [UsersService],
})
export class AuthModule {}
