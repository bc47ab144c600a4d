import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  auth: { user: string; pass: string } | null;
  from: string;
  to: string[];
  data: string;
}

/**
 * A small SMTP server on 127.0.0.1 that accepts every message (AUTH PLAIN
 * and LOGIN, no TLS) and records it, so tests prove which transport the
 * mail settings chose without any mail leaving the machine.
 */
export class FakeSmtpServer {
  readonly received: ReceivedMail[] = [];
  private server!: Server;

  async start(): Promise<number> {
    this.server = createServer((socket) => this.session(socket));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private session(socket: Socket): void {
    const say = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let mail: ReceivedMail = { auth: null, from: '', to: [], data: '' };
    let mode: 'command' | 'data' | 'auth-plain' | 'auth-user' | 'auth-pass' = 'command';
    let user = '';
    const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');
    const plain = (b64: string) => {
      const [, u, p] = decode(b64).split('\0');
      mail.auth = { user: u, pass: p };
      say('235 2.7.0 Authentication successful');
    };
    say('220 fake-smtp ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (mode === 'data') {
          if (line === '.') {
            this.received.push(mail);
            mail = { auth: mail.auth, from: '', to: [], data: '' };
            mode = 'command';
            say('250 2.0.0 queued');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        if (mode === 'auth-plain') {
          mode = 'command';
          plain(line);
          continue;
        }
        if (mode === 'auth-user') {
          user = decode(line);
          mode = 'auth-pass';
          say('334 UGFzc3dvcmQ6');
          continue;
        }
        if (mode === 'auth-pass') {
          mail.auth = { user, pass: decode(line) };
          mode = 'command';
          say('235 2.7.0 Authentication successful');
          continue;
        }
        const [verb, ...rest] = line.split(' ');
        switch (verb.toUpperCase()) {
          case 'EHLO':
            socket.write('250-fake-smtp\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n');
            break;
          case 'HELO':
            say('250 fake-smtp');
            break;
          case 'AUTH':
            if (rest[0]?.toUpperCase() === 'PLAIN') {
              if (rest[1]) plain(rest[1]);
              else {
                mode = 'auth-plain';
                say('334 ');
              }
            } else if (rest[0]?.toUpperCase() === 'LOGIN') {
              mode = 'auth-user';
              say('334 VXNlcm5hbWU6');
            } else say('504 5.5.4 Unrecognized authentication type');
            break;
          case 'MAIL':
            mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
            say('250 2.1.0 OK');
            break;
          case 'RCPT':
            mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            say('250 2.1.5 OK');
            break;
          case 'DATA':
            mode = 'data';
            say('354 End data with <CR><LF>.<CR><LF>');
            break;
          case 'RSET':
          case 'NOOP':
            say('250 2.0.0 OK');
            break;
          case 'QUIT':
            say('221 2.0.0 Bye');
            socket.end();
            break;
          default:
            say('502 5.5.2 Command not recognized');
        }
      }
    });
    socket.on('error', () => undefined);
  }
}

/** A local port nothing listens on (a mail server that is down). */
export function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
