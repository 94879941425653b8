import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { User } from '@portal/contracts';
import { toUser, UsersService } from '../users/users.service';
import { LoginThrottle } from './login-throttle';
import { DECOY_HASH, verifyPassword } from './password';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly throttle: LoginThrottle,
  ) {}

  /** The user for these credentials; one message whether the user exists or not. */
  async checkCredentials({ username, password }: LoginDto, ip: string): Promise<User> {
    this.throttle.check(ip, username);
    const user = await this.users.findForLogin(username);
    const valid = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
    if (!user || !valid) {
      this.throttle.recordFailure(username);
      throw new UnauthorizedException('Usuario o contraseña incorrectos.');
    }
    this.throttle.recordSuccess(username);
    return toUser(user);
  }

  /** Public registration always creates a parent account. */
  register({ name, username, email, password }: RegisterDto): Promise<User> {
    return this.users.create({ name, username, email, password, role: 'parent' });
  }
}
