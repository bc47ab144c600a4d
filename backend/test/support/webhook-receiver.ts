import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How the receiver answers a request: a status, or `reset` (the connection is dropped: a network error). */
export type Answer = number | 'reset';

/** A local webhook receiver (node:http) that records every request and answers as the test says, per path. */
export class Receiver {
  readonly received: Received[] = [];
  private readonly answers = new Map<string, Answer>();
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        const answer = this.answers.get(path) ?? 200;
        if (answer === 'reset') {
          req.socket.destroy();
          return;
        }
        res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : `answered ${answer}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${path}`;
  }

  answer(path: string, answer: Answer): void {
    this.answers.set(path, answer);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
