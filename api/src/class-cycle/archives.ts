import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLASS_VIEW_COOKIE, type ReadableClass, type User } from '@portal/contracts';
import { APP_CONFIG } from '../app.config';
import { ARCHIVE_USER_HEADER, SESSION_COOKIE, SessionsService } from '../auth/sessions.service';
import { classScopeOf } from '../common/class-scope';
import type { AppConfig } from '../config';
import { ArchivePool, type ArchiveKey } from './archive-pool';
import { ClassStore, familiesAccessEnded, toSchoolClass, type ClassRecord } from '../classes/class.store';
import { CLOSED_CLASS_MESSAGES } from '../classes/closed-class.guard';

/** An archive's instance unused this long is stopped (its memory given back). */
const IDLE_MS = 10 * 60 * 1000;

const READS = new Set(['GET', 'HEAD']);
/** The request's headers an archive sees; never its cookies. */
const FORWARDED_HEADERS = ['accept', 'accept-language', 'if-none-match', 'if-modified-since', 'user-agent'];
/** The archive's answer's headers the live reply does not copy: its own framing, and any cookie. */
const DROPPED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'set-cookie', 'x-request-id']);

/** An archived class, as the switch and the forwarding need it. */
export interface ArchivedClass {
  row: ClassRecord;
  role: 'admin' | 'parent';
}

type ArchiveFactory = (config: AppConfig) => Promise<NestFastifyApplication>;

/**
 * Archived classes (docs/classes.md): who may read which, and the instance that serves each. An
 * archive is an SQLite file made when the next class opened; reading it starts a second instance of
 * the API in this process on it (archive-pool.ts), read-only, with no workers; the live API
 * forwards to it the requests of a browser that views that class, on every route whose scope is the
 * class (common/class-scope.ts).
 */
@Injectable()
export class ClassArchives implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ClassArchives.name);
  private readonly secret = randomBytes(32).toString('hex');
  private readonly pool: ArchivePool;
  private factory: ArchiveFactory | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionsService,
    private readonly classes: ClassStore,
  ) {
    this.pool = new ArchivePool({
      filesDir: config.filesDir,
      folder: config.archivesDir,
      cap: config.archivesOpen,
      idleMs: IDLE_MS,
      logger: this.logger,
      start: (file, key) => this.start(file, key),
    });
  }

  /** Archived classes with an instance now (at most ARCHIVES_OPEN). */
  get serving(): number {
    return this.pool.size;
  }

  async onModuleInit(): Promise<void> {
    if (!this.config.archive) await this.pool.sweep();
  }

  /** The classes `user` may read: the current one (unless an archive is all it has), and its archives still open to it. */
  async readable(user: User, viewing: number | null): Promise<ReadableClass[]> {
    const current = await this.classes.latest();
    const archived = await this.archivedFor(user);
    const viewed = archived.some((one) => one.row.id === viewing) ? viewing : current.id;
    return [current, ...archived.map((one) => one.row)].map((row) => ({
      ...toSchoolClass(row),
      current: row.id === current.id,
      viewing: row.id === viewed,
    }));
  }

  /** An archived class `user` may read now, or null (not one of its readers, or its families' access over). */
  async archiveFor(user: User, classId: number): Promise<ArchivedClass | null> {
    return (await this.archivedFor(user)).find((one) => one.row.id === classId) ?? null;
  }

  /** Whether `user` is one of the class's readers but its families' access ended (the switch says so). */
  async endedFor(user: User, classId: number): Promise<ClassRecord | null> {
    const reader = await this.classes.reader(classId, user.id);
    const row = await this.classes.byId(classId);
    return reader && row && reader.role === 'parent' && familiesAccessEnded(toSchoolClass(row)) ? row : null;
  }

  private async archivedFor(user: User): Promise<ArchivedClass[]> {
    if (user.role === 'door') return [];
    const readers = await this.classes.readersOf(user.id);
    if (readers.length === 0) return [];
    // One read of their classes, not one per class.
    const rows = await this.classes.byIds(readers.map((reader) => reader.classId));
    const roles = new Map(readers.map((reader) => [reader.classId, reader.role]));
    return rows
      .filter((row) => row.archiveFile && !(roles.get(row.id) === 'parent' && familiesAccessEnded(toSchoolClass(row))))
      .map((row) => ({ row, role: roles.get(row.id)! }));
  }

  /** Registers, on the live API, the forwarding of a viewing browser's requests to its archive. */
  forwardFrom(fastify: FastifyInstance, factory: ArchiveFactory): void {
    this.factory = factory;
    fastify.addHook('onRequest', async (request, reply) => {
      const viewing = Number(request.cookies?.[CLASS_VIEW_COOKIE]);
      if (!Number.isSafeInteger(viewing) || viewing <= 0 || !request.url.startsWith('/api/')) return;
      if (classScopeOf(request) === 'deployment') return;
      const token = request.cookies?.[SESSION_COOKIE];
      const user = token ? await this.sessions.resolve(token) : null;
      // Signed out, or no longer a reader of that class: the current class answers.
      const archive = user && (await this.archiveFor(user, viewing));
      if (!user || !archive) return;
      if (!READS.has(request.method)) {
        return reply.code(409).send({ statusCode: 409, message: CLOSED_CLASS_MESSAGES.readOnly(archive.row.name) });
      }
      const { row } = archive;
      const key = { classId: row.id, file: row.archiveFile!, familiesReadUntil: row.familiesReadUntil };
      return this.pool.use(key, (app) => this.forward(app, user, request, reply));
    });
  }

  private async forward(app: NestFastifyApplication, user: User, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const headers: Record<string, string> = { [ARCHIVE_USER_HEADER]: `${this.secret}:${user.id}` };
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: request.method as 'GET', url: request.url, headers });
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!DROPPED_HEADERS.has(name.toLowerCase()) && value !== undefined) void reply.header(name, value);
    }
    return reply.code(answer.statusCode).send(answer.rawPayload);
  }

  /** An instance of the API on the archive's ready file: read-only, no workers, answering the live API only. */
  private async start(file: string, key: ArchiveKey): Promise<NestFastifyApplication> {
    if (!this.factory) throw new Error('ClassArchives: forwardFrom was not called');
    this.logger.log(`Serving the archive of class ${key.classId}.`);
    return this.factory({
      ...this.config,
      databaseUrl: null,
      sqlitePath: file,
      serveWeb: false,
      seedDemo: false,
      mailPollSeconds: 0,
      remindersScheduled: false,
      backupAlertsScheduled: false,
      backupDir: null,
      logLevel: this.config.logLevel === 'info' || this.config.logLevel === 'debug' ? 'warn' : this.config.logLevel,
      archive: { secret: this.secret, familiesReadUntil: key.familiesReadUntil },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
  }
}
