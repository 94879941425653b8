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
