import { Global, Module } from '@nestjs/common';
import { Database } from './database.service';
import { ReadCache } from './read-cache';

@Global()
@Module({ providers: [Database, ReadCache], exports: [Database, ReadCache] })
export class DatabaseModule {}
