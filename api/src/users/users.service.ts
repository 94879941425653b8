import { ConflictException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role, User } from '@portal/contracts';
import { hashPassword } from '../auth/password';
import { Database } from '../database/database.service';
import { UserEntity } from './user.entity';

export interface NewUser {
  name: string;
  username: string;
  email: string | null;
  password: string;
  role: Role;
}

export function toUser({ id, name, username, email, role }: UserEntity): User {
  return { id, name, username, email, role };
}

@Injectable()
export class UsersService {
  constructor(private readonly db: Database) {}

  /** The account whose user name or e-mail is `login` (case-insensitive), with its hash. */
  findForLogin(login: string): Promise<UserEntity | null> {
    const value = login.trim().toLowerCase();
    return this.db.manager
      .createQueryBuilder(UserEntity, 'user')
      .addSelect('user.passwordHash')
      .where('user.username = :value OR user.email = :value', { value })
      .getOne();
  }

  /** Creates an account; a taken user name or e-mail is a 409 that says which. */
  async create(input: NewUser): Promise<User> {
    const passwordHash = await hashPassword(input.password);
    const username = input.username.trim().toLowerCase();
    const email = input.email?.trim().toLowerCase() || null;
    return this.db.write(async (manager: EntityManager) => {
      if (await manager.existsBy(UserEntity, { username })) {
        throw new ConflictException('Ese nombre de usuario ya está en uso.');
      }
      if (email && (await manager.existsBy(UserEntity, { email }))) {
        throw new ConflictException('Ya existe una cuenta con ese email.');
      }
      const user = manager.create(UserEntity, {
        name: input.name.trim(),
        username,
        email,
        passwordHash,
        role: input.role,
        createdAt: new Date(),
      });
      await manager.insert(UserEntity, user);
      return toUser(user);
    });
  }
}
