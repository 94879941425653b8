// Creates an administrator from the command line (there is no public way to become one):
//   npm run create-admin -- --username ana --name "Ana López" [--email ana@example.com]
// The password is read from ADMIN_PASSWORD or asked for without echo.
import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PASSWORD_MIN_LENGTH } from '@portal/contracts';
import { isCommonPassword } from './auth/common-passwords';
import { loadConfig, type AppConfig } from './config';
import { DEMO_PASSWORD } from './users/demo-accounts';
import { dataSourceOptions } from './database/database';
import { DatabaseModule } from './database/database.module';
import { UsersModule } from './users/users.module';
import { UsersService } from './users/users.service';

/** The users module alone, with its one entity: the migrations run first, as at the API's start. */
@Module({})
class CreateAdminCommand {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CreateAdminCommand,
      imports: [
        TypeOrmModule.forRoot({ ...dataSourceOptions(config), autoLoadEntities: true, retryAttempts: 0 }),
        DatabaseModule,
        UsersModule,
      ],
    };
  }
}

/** What was typed, or null when the input ended first (no terminal, nothing piped). */
function askHidden(question: string): Promise<string | null> {
  process.stdout.write(question);
  // readline echoes what the user types to its output: this output keeps only the line end.
  const silent = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (String(chunk).includes('\n')) process.stdout.write('\n');
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output: silent, terminal: true });
  return new Promise((resolve) => {
    let answered = false;
    prompt.once('close', () => answered || resolve(null));
    prompt.question('', (answer) => {
      answered = true;
      prompt.close();
      resolve(answer);
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { username: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } } });
  if (!values.username || !values.name) {
    console.error('Usage: npm run create-admin -- --username <user> --name "<full name>" [--email <email>]');
    process.exit(2);
  }
  const config = loadConfig();
  const password = config.adminPassword ?? (await askHidden('Password: '));
  if (password === null || password === '') {
    console.error(
      'No password was given: set ADMIN_PASSWORD or run the command in a terminal (docker compose exec api ...). Nothing was created.',
    );
    process.exit(1);
  }
  if (password.normalize('NFC').toLowerCase() === DEMO_PASSWORD) {
    console.error('That is the demo password, published on the demo login page: choose another. Nothing was created.');
    process.exit(1);
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    console.error(`The password must have at least ${PASSWORD_MIN_LENGTH} characters.`);
    process.exit(2);
  }
  if (isCommonPassword(password)) {
    console.error('That password is one of the most common ones: choose another.');
    process.exit(2);
  }
  const app = await NestFactory.createApplicationContext(CreateAdminCommand.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const user = await app.get(UsersService).create({
      name: values.name,
      username: values.username,
      email: values.email ?? null,
      password,
      role: 'admin',
      emailVerified: true,
    });
    console.log(`Administrator "${user.username}" created.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await app.close();
  }
}

void main();
