import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MIGRATIONS } from '../database/database';
import { filePath } from '../files/file-folder';
import { archiveDataSource } from './archive-copy';

/** The schema this version brings an archive to: its last migration. */
export const ARCHIVE_SCHEMA = MIGRATIONS.at(-1)!.name;

/** An archive as its instance serves it: the class, its stored file, and its row's day as the live API reads it now. */
export interface ArchiveKey {
  classId: number;
  /** The file's SHA-256 (its name in the files folder). */
  file: string;
  familiesReadUntil: string | null;
}

export interface ArchivePoolOptions {
  /** The files folder, where archives are stored under their hash. */
  filesDir: string;
  /** Where each archive is kept brought up to ARCHIVE_SCHEMA. */
  folder: string;
  /** Instances at once. */
  cap: number;
  /** An instance unused this long is stopped. */
  idleMs: number;
  /** Starts the API on a ready (migrated) file, read-only. */
  start: (readyFile: string, key: ArchiveKey) => Promise<NestFastifyApplication>;
  logger: Logger;
}

interface Instance {
  key: ArchiveKey;
  app: Promise<NestFastifyApplication>;
  busy: number;
  usedAt: number;
  /** Replaced or evicted: stopped once its last request ends. */
  retired: boolean;
  timer?: NodeJS.Timeout;
}

const sameKey = (one: ArchiveKey, other: ArchiveKey) => one.file === other.file && one.familiesReadUntil === other.familiesReadUntil;

/** `<hash>.<schema>.sqlite`: the archive migrated once per schema, then read by every instance on the machine. */
const readyName = (hash: string) => `${hash}.${ARCHIVE_SCHEMA}.sqlite`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The instances that serve archived classes (docs/classes.md), at most `cap` at a time in this
 * process: a request for another class waits until one is free, and the least recently used idle
 * one makes room. Each archive is brought up to this version's schema once, into a kept file named
 * by its hash and the schema (a copy being made is a `.partial`, removed if it fails, or at the
 * next start if its process died), and its instances read that file read-only. What an instance
 * says of the class's row (the day its families read until) comes from the live row at each
 * request: a changed row starts a new instance on every process that serves it.
 */
export class ArchivePool {
  private readonly instances = new Map<number, Instance>();
  private readonly waiting: Array<() => void> = [];
  private readonly preparing = new Map<string, Promise<string>>();

  constructor(private readonly options: ArchivePoolOptions) {}

  /** Runs `work` on the class's instance, started if needed. */
  async use<T>(key: ArchiveKey, work: (app: NestFastifyApplication) => Promise<T>): Promise<T> {
    const instance = await this.acquire(key);
    try {
      return await work(await instance.app);
    } finally {
      this.release(instance);
    }
  }

  /** How many instances run now (tests, the cap). */
  get size(): number {
    return this.instances.size;
  }

  /** Removes what a process that died left: its partial copies, and copies kept for another schema. */
  async sweep(): Promise<void> {
    await mkdir(this.options.folder, { recursive: true });
    for (const name of await readdir(this.options.folder)) {
      const partial = /\.(\d+)-[0-9a-f]+\.partial(-journal)?$/.exec(name);
      const stale = partial ? !alive(Number(partial[1])) : name.endsWith('.sqlite') && !name.includes(`.${ARCHIVE_SCHEMA}.`);
      if (stale) await rm(path.join(this.options.folder, name), { force: true });
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.instances.values()].map((instance) => this.stop(instance)));
  }

  private async acquire(key: ArchiveKey): Promise<Instance> {
    for (;;) {
      const running = this.instances.get(key.classId);
      if (running && sameKey(running.key, key)) return this.take(running);
      if (running) this.retire(running);
      if (this.instances.size < this.options.cap) return this.take(this.launch(key));
      const idle = [...this.instances.values()].filter((one) => one.busy === 0).sort((one, other) => one.usedAt - other.usedAt)[0];
      if (idle) {
        this.retire(idle);
        continue;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private take(instance: Instance): Instance {
    instance.busy++;
    instance.usedAt = Date.now();
    clearTimeout(instance.timer);
    return instance;
  }

  private release(instance: Instance): void {
    instance.busy--;
    if (instance.busy > 0) return;
    if (instance.retired) void this.stop(instance);
    else instance.timer = setTimeout(() => this.retire(instance), this.options.idleMs).unref();
    this.waiting.shift()?.();
  }

  private launch(key: ArchiveKey): Instance {
    const instance: Instance = {
      key,
      busy: 0,
      usedAt: Date.now(),
      retired: false,
      app: this.ready(key.file).then((file) => this.options.start(file, key)),
    };
    this.instances.set(key.classId, instance);
    // A failed start frees its place: the next request tries again.
    instance.app.catch(() => this.retire(instance));
    return instance;
  }

  /** Out of the pool at once (its place freed); stopped when no request uses it. */
  private retire(instance: Instance): void {
    if (this.instances.get(instance.key.classId) === instance) this.instances.delete(instance.key.classId);
    instance.retired = true;
    clearTimeout(instance.timer);
    if (instance.busy === 0) void this.stop(instance);
    this.waiting.shift()?.();
  }

  private async stop(instance: Instance): Promise<void> {
    instance.retired = true;
    if (this.instances.get(instance.key.classId) === instance) this.instances.delete(instance.key.classId);
    clearTimeout(instance.timer);
    await (await instance.app.catch(() => null))?.close();
  }

  /** The archive's kept file at this schema, made once (per process at a time; across processes the rename settles it). */
  private ready(hash: string): Promise<string> {
    let made = this.preparing.get(hash);
    if (!made) {
      made = this.migrate(hash);
      this.preparing.set(hash, made);
      void made.catch(() => this.preparing.delete(hash));
    }
    return made;
  }

  private async migrate(hash: string): Promise<string> {
    const ready = path.join(this.options.folder, readyName(hash));
    if (await stat(ready).catch(() => null)) return ready;
    await mkdir(this.options.folder, { recursive: true });
    const partial = path.join(this.options.folder, `${hash}.${process.pid}-${randomBytes(4).toString('hex')}.partial`);
    try {
      await copyFile(filePath(this.options.filesDir, hash), partial);
      const archive = archiveDataSource(partial, []);
      await archive.initialize();
      await archive.destroy();
      await rename(partial, ready);
    } finally {
      await Promise.all(['', '-journal'].map((suffix) => rm(`${partial}${suffix}`, { force: true })));
    }
    this.options.logger.log(`Archive ${hash.slice(0, 12)} brought up to ${ARCHIVE_SCHEMA}.`);
    return ready;
  }
}
