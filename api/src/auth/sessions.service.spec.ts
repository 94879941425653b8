import type { AppConfig } from '../config';
import type { Database } from '../database/database.service';
import type { UsersService } from '../users/users.service';
import { SessionsService } from './sessions.service';

const USER_ID = 7;
const account = { id: USER_ID, name: 'Ana', username: 'ana', email: null, role: 'parent', emailVerifiedAt: null, disabledAt: null };

/**
 * A session table in memory whose reads can be held half-way, as a read that ran before another
 * request's write committed: it found the session, and answers after that write has ended it.
 */
function setup() {
  const rows = new Map<string, { id: string; userId: number; createdAt: Date; expiresAt: Date }>();
  let hold: Promise<void> | null = null;
  let reads = 0;
  const manager = {
    findOneBy: async (_entity: unknown, { id }: { id: string }) => {
      reads += 1;
      const row = rows.get(id) ?? null;
      if (hold) await hold;
      return row;
    },
    insert: async (_entity: unknown, row: { id: string; userId: number; createdAt: Date; expiresAt: Date }) => {
      rows.set(row.id, row);
    },
    delete: async (_entity: unknown, where: { userId?: number; id?: string }) => {
      for (const [id, row] of rows) if (row.userId === where.userId || id === where.id) rows.delete(id);
    },
    update: async () => undefined,
  };
  // A write runs its work, then what was to wait for its commit.
  let committed: Array<() => void> = [];
  const write = async (work: (m: typeof manager) => Promise<unknown>) => {
    committed = [];
    const result = await work(manager);
    for (const action of committed) action();
    return result;
  };
  const db = {
    manager,
    // Sessions are written whatever the class's state (Database.writeAnyClass).
    write,
    writeAnyClass: write,
    afterCommit: (_manager: unknown, action: () => void) => committed.push(action),
  } as unknown as Database;
  const users = { byId: async () => account } as unknown as UsersService;
  const config = { sessionIdleMinutes: 60, sessionAbsoluteHours: 24, sessionCacheSeconds: 5 } as AppConfig;
  const sessions = new SessionsService(db, config, users);
  return {
    sessions,
    reads: () => reads,
    /** Holds the next reads until the returned function is called. */
    holdReads: () => {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe('SessionsService', () => {
  // Another request ends the session (a password change, a logout) and commits, then a read that
  // started before finishes: it answers with the session, but must not keep it.
  it.each([
    ['every session of the user is ended', (sessions: SessionsService) => sessions.endAllFor(USER_ID)],
    ['the session is logged out', (sessions: SessionsService, token: string) => sessions.destroy(token)],
  ])('does not keep a session it read just before the write that ended it committed: %s', async (_case, end) => {
    const { sessions, holdReads } = setup();
    const token = await sessions.create(USER_ID);
    const release = holdReads();
    const inFlight = sessions.resolve(token);

    await end(sessions, token);
    release();
    expect(await inFlight).toMatchObject({ id: USER_ID });

    expect(await sessions.resolve(token)).toBeNull();
  });

  it('keeps a session no one ended: the next request reads nothing', async () => {
    const { sessions, reads } = setup();
    const token = await sessions.create(USER_ID);
    expect(await sessions.resolve(token)).toMatchObject({ id: USER_ID });
    const before = reads();

    expect(await sessions.resolve(token)).toMatchObject({ id: USER_ID });
    expect(reads()).toBe(before);
  });
});
