import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: Record<string, unknown> | null;
}

/**
 * A local stand-in for api.nowpayments.io (never the internet): records what
 * the adapter sends and answers the way the real API documents, for the one
 * API key it currently accepts.
 */
export class FakeNowPayments {
  readonly requests: RecordedRequest[] = [];
  validKey: string;
  invoiceId = '4522625843';
  enabledCoins: string[] = ['btc', 'usdttrc20', 'usdcmatic', 'doge'];
  failInvoices = false;
  paymentStatus: Record<string, unknown> = {};
  private server!: Server;

  constructor(validKey = '') {
    this.validKey = validKey;
  }

  get apiKeys(): Array<string | undefined> {
    return this.requests.map((r) => r.apiKey);
  }

  async start(): Promise<string> {
    this.server = createServer(
      (req, res) => void this.handle(req).then(([status, body]) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))),
    );
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    const path = req.url ?? '';
    const apiKey = req.headers['x-api-key'] as string | undefined;
    this.requests.push({ method: req.method ?? '', path, apiKey, body });
    if (!apiKey || apiKey !== this.validKey) return [403, { message: 'Invalid api key' }];
    if (req.method === 'GET' && path === '/v1/merchant/coins') return [200, { selectedCurrencies: this.enabledCoins }];
    if (req.method === 'POST' && path === '/v1/invoice') {
      if (this.failInvoices) return [500, { message: 'Internal error' }];
      return [
        200,
        {
          id: this.invoiceId,
          order_id: body?.order_id,
          invoice_url: `https://nowpayments.example.com/payment/?iid=${this.invoiceId}`,
          price_amount: String(body?.price_amount),
        },
      ];
    }
    if (req.method === 'GET' && path.startsWith('/v1/payment/')) return [200, this.paymentStatus];
    return [404, { message: 'Not found' }];
  }
}
