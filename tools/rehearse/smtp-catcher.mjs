// The rehearsal's stand-in for the school's mail provider: an SMTP server that keeps each message
// it is given as a file in /mail (one .eml per message), so the checks can read what was sent.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';

let count = 0;
createServer((socket) => {
  let data = null;
  let buffer = '';
  const say = (line) => socket.write(`${line}\r\n`);
  say('220 catcher ESMTP');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (;;) {
      if (data !== null) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        data += buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        writeFileSync(`/mail/${Date.now()}-${++count}.eml`, data.replace(/^\.\./gm, '.'));
        data = null;
        say('250 OK: queued');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') say('250-catcher\r\n250 8BITMIME');
      else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') say('250 OK');
      else if (verb === 'DATA') {
        data = '';
        say('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        say('221 Bye');
        socket.end();
      } else say('502 Command not implemented');
    }
  });
  socket.on('error', () => socket.destroy());
}).listen(25, '0.0.0.0');
