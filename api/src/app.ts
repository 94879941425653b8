import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LogLevel } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { registerJsonParser } from './common/json-body';
import { validationPipe } from './common/validation';
import type { AppConfig } from './config';
import { seedDemo } from './database/seed';
import { registerWeb } from './web/web';

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug'];

function nestLogLevels(level: AppConfig['logLevel']): LogLevel[] | false {
  if (level === 'silent') return false;
  const wanted = level === 'info' ? 'log' : level;
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(wanted) + 1);
}

/** The whole API (and, when configured, the built front ends), ready to listen. */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ trustProxy: config.trustProxy, bodyLimit: config.bodyLimit, logger: false });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: nestLogLevels(config.logLevel),
    abortOnError: false,
    // Our own JSON parser replaces Nest's (see common/json-body.ts).
    bodyParser: false,
  });
  await app.register(fastifyCookie);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(validationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  registerJsonParser(app.getHttpAdapter().getInstance());
  if (config.serveWeb) await registerWeb(app, config);
  app.enableShutdownHooks();
  await app.init();
  if (config.seedDemo) await seedDemo(app.get(DataSource));
  return app;
}
