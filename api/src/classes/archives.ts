import { randomBytes } from 'node:crypto';
import { copyFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { In, type Repository } from 'typeorm';
import { CLASS_VIEW_COOKIE, type ReadableClass, type User } from '@portal/contracts';
import { APP_CONFIG } from '../app.config';
import { ARCHIVE_USER_HEADER, SESSION_COOKIE, SessionsService } from '../auth/sessions.service';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { filePath } from '../files/file-folder';
import { ClassEntity, ClassReaderEntity } from './class.entity';
import { familiesAccessEnded, toSchoolClass } from './class.store';
import { CLOSED_CLASS_MESSAGES } from './closed-class.guard';

/** An archive's instance unused this long is stopped (its memory and its working copy given back). */
const IDLE_MS = 10 * 60 * 1000;

/** Routes always about the deployment, never forwarded: signing in and out, the class switch, health, docs. */
const LIVE_ROUTES =
  /^\/api\/(login|logout|register|password-reset|verify-email|account-links|user\/password|user\/logout-all|my-classes|classes|health|docs)(\/|$|\?)/;
const READS = new Set(['GET', 'HEAD']);
/** The request's headers an archive sees; never its cookies. */
const FORWARDED_HEADERS = ['accept', 'accept-language', 'if-none-match', 'if-modified-since', 'user-agent'];
/** The archive's answer's headers the live reply does not copy: its own framing, and any cookie. */
const DROPPED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'set-cookie', 'x-request-id']);

/** An archived class, as the switch and the forwarding need it. */
export interface ArchivedClass {
  row: ClassEntity;
  role: 'admin' | 'parent';
}

type ArchiveFactory = (config: AppConfig) => Promise<NestFastifyApplication>;

interface Running {
  app: Promise<NestFastifyApplication>;
  working: string;
  timer?: NodeJS.Timeout;
}

/**
 * Archived classes (docs/classes.md): who may read which, and the instance that serves each. An
 * archive is an SQLite file made when the next class opened; reading it starts a second instance of
 * the API in this process on a working copy of it (its migrations brought up to date), read-only,
 * with no workers; the live API forwards to it the requests of a browser that views that class.
 */
@Injectable()
export class ClassArchives implements OnApplicationShutdown {
  private readonly logger = new Logger(ClassArchives.name);
  private readonly secret = randomBytes(32).toString('hex');
  private readonly running = new Map<number, Running>();
  private factory: ArchiveFactory | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionsService,
    @InjectRepository(ClassEntity) private readonly classes: Repository<ClassEntity>,
    @InjectRepository(ClassReaderEntity) private readonly readers: Repository<ClassReaderEntity>,
  ) {}

  /** The classes `user` may read: the current one (unless an archive is all it has), and its archives still open to it. */
  async readable(user: User, viewing: number | null): Promise<ReadableClass[]> {
    const current = await this.classes.findOneOrFail({ where: {}, order: { id: 'DESC' } });
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
  async endedFor(user: User, classId: number): Promise<ClassEntity | null> {
    const reader = await this.readers.findOneBy({ classId, userId: user.id });
    const row = await this.classes.findOneBy({ id: classId });
    return reader && row && reader.role === 'parent' && familiesAccessEnded(toSchoolClass(row)) ? row : null;
  }

  private async archivedFor(user: User): Promise<ArchivedClass[]> {
    if (user.role === 'door') return [];
    const readers = await this.readers.find({ where: { userId: user.id } });
    if (readers.length === 0) return [];
    // One read of their classes, not one per class.
    const rows = await this.classes.find({ where: { id: In(readers.map((reader) => reader.classId)) }, order: { id: 'DESC' } });
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
      if (!Number.isSafeInteger(viewing) || viewing <= 0 || !request.url.startsWith('/api/') || LIVE_ROUTES.test(request.url)) return;
      const token = request.cookies?.[SESSION_COOKIE];
      const user = token ? await this.sessions.resolve(token) : null;
      // Signed out, or no longer a reader of that class: the current class answers.
      const archive = user && (await this.archiveFor(user, viewing));
      if (!user || !archive) return;
      if (!READS.has(request.method)) {
        return reply.code(409).send({ statusCode: 409, message: CLOSED_CLASS_MESSAGES.readOnly(archive.row.name) });
      }
      return this.forward(archive.row, user, request, reply);
    });
  }

  private async forward(row: ClassEntity, user: User, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const app = await this.appFor(row);
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

  /** The archive's instance, started on first use; stopped after IDLE_MS without requests. */
  private appFor(row: ClassEntity): Promise<NestFastifyApplication> {
    let running = this.running.get(row.id);
    if (!running) {
      const working = path.join(tmpdir(), `portal-archive-${row.id}-${process.pid}-${randomBytes(4).toString('hex')}.sqlite`);
      running = { working, app: this.start(row, working) };
      this.running.set(row.id, running);
      running.app.catch(() => this.running.delete(row.id));
    }
    clearTimeout(running.timer);
    const started = running;
    started.timer = setTimeout(() => void this.stop(row.id, started), IDLE_MS).unref();
    return started.app;
  }

  private async start(row: ClassEntity, working: string): Promise<NestFastifyApplication> {
    if (!this.factory) throw new Error('ClassArchives: forwardFrom was not called');
    await copyFile(filePath(this.config.filesDir, row.archiveFile!), working);
    this.logger.log(`Serving the archive of ${row.name}.`);
    const app = await this.factory({
      ...this.config,
      databaseUrl: null,
      sqlitePath: working,
      serveWeb: false,
      seedDemo: false,
      mailPollSeconds: 0,
      remindersScheduled: false,
      backupAlertsScheduled: false,
      backupDir: null,
      logLevel: this.config.logLevel === 'info' || this.config.logLevel === 'debug' ? 'warn' : this.config.logLevel,
      archive: { secret: this.secret },
    });
    // The day its families read it until may have changed since it was archived (FamiliesAccessService).
    await app
      .get(Database)
      .writeAnyClass((manager) => manager.update(ClassEntity, { id: row.id }, { familiesReadUntil: row.familiesReadUntil }));
    return app;
  }

  /** Stops the class's instance, if one runs: its next request starts one with the class's row as it is now. */
  async restart(classId: number): Promise<void> {
    const running = this.running.get(classId);
    if (running) await this.stop(classId, running);
  }

  private async stop(classId: number, running: Running): Promise<void> {
    if (this.running.get(classId) === running) this.running.delete(classId);
    clearTimeout(running.timer);
    await (await running.app.catch(() => null))?.close();
    await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${running.working}${suffix}`, { force: true })));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.running].map(([classId, running]) => this.stop(classId, running)));
  }
}
