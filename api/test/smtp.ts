// A real SMTP server in the test process (the smtp-server package): what the portal sends is
// received here, decoded, and can be read back; `refuse` makes it turn every recipient away.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The message as sent, quoted-printable soft breaks and escapes undone. */
  text: string;
  /** The message exactly as received (headers folded, UTF-8 still encoded). */
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Recipients of every message received, one entry per message and recipient. */
  recipients(): string[];
  state: { refuse: boolean };
  close(): Promise<void>;
}

const decode = (data: string) =>
  data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (state.refuse) return callback(Object.assign(new Error('Buzon no disponible'), { responseCode: 450 }));
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text: decode(data), raw: data });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    recipients: () => received.flatMap((mail) => mail.to),
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `=C3=A9` escapes (quoted-printable, and Q encoded words with `_` for spaces) -> UTF-8 text. */
const unquote = (text: string) =>
  decodeURIComponent(
    text
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/g, '%$1'),
  );

/** A header of a received message, unfolded and with its encoded words decoded (`Subject`). */
export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1];
  return value
    ?.replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, words: string) => unquote(words.replace(/_/g, ' ')))
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, words: string) => Buffer.from(words, 'base64').toString('utf8'));
}

/** The plain-text part of a received message, decoded to UTF-8. */
export function plainTextOf(mail: ReceivedMail): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r?\nContent-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(mail.raw);
  if (!part) return '';
  return part[1]!.toLowerCase() === 'quoted-printable' ? unquote(part[2]!) : part[2]!;
}
