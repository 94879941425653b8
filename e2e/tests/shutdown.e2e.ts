// SIGTERM (docker stop, a redeploy): the built API stops taking new requests at once, finishes
// the ones in flight (their database work included), then exits.
import { request } from 'node:http';
import { startPortal, type Portal } from '../support/portal';

interface HeldRequest {
  /** Sends the rest of the body; resolves with the answer. */
  finish(): Promise<{ status: number; body: string }>;
}

/**
 * A login whose body arrives in two parts: the server holds it in flight until the second. It asks
 * for '100 Continue', so the server says when it has read the headers: then it is in flight.
 */
function heldLogin(url: string): Promise<HeldRequest> {
  const body = JSON.stringify({ username: 'admin', password: 'graduacion2026' });
  const cut = Math.floor(body.length / 2);
  return new Promise((resolveHeld, rejectHeld) => {
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = request(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
      });
      outgoing.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      outgoing.on('error', (error) => {
        reject(error);
        rejectHeld(error);
      });
      outgoing.once('continue', () =>
        outgoing.write(body.slice(0, cut), () =>
          resolveHeld({
            finish: () => {
              outgoing.end(body.slice(cut));
              return answer;
            },
          }),
        ),
      );
      outgoing.flushHeaders();
    });
    answer.catch(() => undefined);
  });
}

const exited = (portal: Portal) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (portal.process.exitCode !== null || portal.process.signalCode !== null) {
      resolve({ code: portal.process.exitCode, signal: portal.process.signalCode });
    } else portal.process.once('exit', (code, signal) => resolve({ code, signal }));
  });

describe('graceful shutdown', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.stop());

  it('refuses new requests after SIGTERM, answers the one in flight, then exits', async () => {
    const held = await heldLogin(portal.url);
    const stopping = exited(portal);
    portal.process.kill('SIGTERM');

    // New connections are refused from the moment the signal is handled, while the process still runs.
    const refused = async () =>
      fetch(`${portal.url}/api/health`).then(
        () => false,
        () => true,
      );
    const deadline = Date.now() + 5000;
    while (!(await refused()) && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    await expect(fetch(`${portal.url}/api/health`)).rejects.toThrow();
    expect(portal.process.exitCode).toBeNull();

    // The one in flight is answered in full, its database reads included.
    const answer = await held.finish();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ username: 'admin', role: 'admin' });

    // Without waiting for the answered connection to idle out (5 s).
    const { code, signal } = await Promise.race([
      stopping,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running:\n${portal.output()}`)), 3000)),
    ]);
    expect(code === 0 || signal === 'SIGTERM').toBe(true);
    expect(portal.output()).not.toMatch(/"level":(50|60)|Error:/);
  });
});
