// The school's mail server, stood in by an SMTP server in the test's process: every message the
// portal sends lands in `inbox` with its recipients and its raw text.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  data: string;
}

/** Listens on a free local port; `url` is the portal's SMTP_URL. Close the server after the suite. */
export async function catchMail(inbox: CaughtMail[]): Promise<{ server: SMTPServer; url: string }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `smtp://127.0.0.1:${port}` };
}

/** A message's body, quoted-printable soft breaks and escapes undone, read as UTF-8. */
export function mailBody(data: string): string {
  const bytes = data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The bodies of the messages to `email`, oldest first. */
export const mailsTo = (inbox: CaughtMail[], email: string): string[] =>
  inbox.filter((one) => one.to.includes(email)).map((one) => mailBody(one.data));

/**
 * What `pick` finds among the bodies of the messages to `email` (oldest first), as soon as it
 * finds something: looked at every 200 ms for `within` ms, then an error naming `what`.
 */
export async function awaitMail<T>(
  inbox: CaughtMail[],
  email: string,
  pick: (bodies: string[]) => T | undefined,
  what: string,
  within = 15_000,
): Promise<T> {
  const deadline = Date.now() + within;
  while (Date.now() < deadline) {
    const found = pick(mailsTo(inbox, email));
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${email}: ${what}`);
}

/** The first message to `email` whose body matches `pattern`, as it arrives. */
export const mailMatching = (inbox: CaughtMail[], email: string, pattern: RegExp, within?: number): Promise<string> =>
  awaitMail(inbox, email, (bodies) => bodies.find((body) => pattern.test(body)), `none matching ${pattern}`, within);
