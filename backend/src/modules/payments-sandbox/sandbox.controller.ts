import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/public.decorator';
import { UuidPipe } from '../../common/http/id-params';
import { appConfig } from '../../config';
import { type PaymentRow, PaymentsError, PaymentsService, remainingAmount } from '../payments';
import { SimulateDto, SimulationResult } from './dto/sandbox.dto';
import { escapeHtml as escape, HOSTED_BUTTONS_SCRIPT } from './sandbox-hosted-page';
import { SandboxProvider } from './sandbox.provider';

/**
 * The sandbox provider's hosted checkout (development, demo and tests; its
 * module is loaded only when PAYMENTS_PROVIDER=sandbox, which production refuses).
 */
@ApiTags('payments')
@Public()
@Controller('payments/sandbox')
export class SandboxController {
  constructor(
    private readonly sandbox: SandboxProvider,
    private readonly payments: PaymentsService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  private async payment(id: string): Promise<PaymentRow> {
    const payment = await this.payments.find(id);
    if (!payment || payment.provider !== 'sandbox') throw PaymentsError.missing();
    return payment;
  }

  @Get('checkout.js')
  @ApiOperation({ summary: "The hosted sandbox page's script" })
  @ApiOkResponse({ description: 'The script', content: { 'application/javascript': { schema: { type: 'string' } } } })
  script(@Res() reply: FastifyReply): void {
    void reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(HOSTED_BUTTONS_SCRIPT);
  }

  @Get('checkout/:paymentId')
  @ApiOperation({ summary: 'Hosted sandbox checkout page with Pay, Underpay, Expire and Fail (an underpaid payment: Send the rest)' })
  @ApiOkResponse({ description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } })
  async page(@Param('paymentId', UuidPipe) paymentId: string, @Res() reply: FastifyReply): Promise<void> {
    const p = await this.payment(paymentId);
    // The buyer's wallet, simulated: after an underpayment it offers to send what is left to the same address.
    const rest = p.state === 'UNDERPAID' && p.pay_amount ? remainingAmount(p.pay_amount, p.amount_received) : null;
    const facts = rest
      ? `<dt>Received</dt><dd>${escape(p.amount_received ?? '0')} ${escape(p.currency_code)}</dd><dt>Left to send</dt><dd class="amount">${escape(rest)} ${escape(p.currency_code)}</dd>`
      : `<dt>Amount</dt><dd class="amount">${escape(p.amount)} ${escape(p.currency)}</dd>`;
    const buttons = rest
      ? `<button class="pay" data-outcome="finished">Send the rest</button><button class="alt" data-outcome="failed">Fail</button>`
      : `<button class="pay" data-outcome="finished">Pay</button><button class="alt" data-outcome="partially_paid">Underpay</button>
<button class="alt" data-outcome="expired">Expire</button><button class="alt" data-outcome="failed">Fail</button>`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox crypto checkout</title>
<style>body{font-family:Helvetica,Arial,sans-serif;background:#0f172a;color:#e2e8f0;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#1e293b;border-radius:16px;padding:32px;max-width:420px;width:90%;box-shadow:0 20px 40px rgba(0,0,0,.4)}
h1{font-size:20px;margin:0 0 4px}.note{color:#94a3b8;font-size:13px;margin:0 0 20px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}
dt{color:#94a3b8}dd{margin:0;font-weight:600}.amount{font-size:28px}button{display:block;width:100%;padding:12px;margin:8px 0;border:0;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer}
.pay{background:#22c55e;color:#052e16}.alt{background:#334155;color:#e2e8f0}button:disabled{opacity:.6;cursor:wait}#status{min-height:20px;color:#fbbf24;font-size:14px}</style></head>
<body data-simulate="/api/payments/sandbox/${escape(p.id)}/simulate" data-pending="Sending payment notifications..."><main><h1>Sandbox crypto checkout</h1><p class="note">A local simulator of the crypto payment processor. No real money moves.</p>
<dl>${facts}<dt>Pay with</dt><dd>${escape(p.currency_code)}</dd><dt>Network</dt><dd>${escape(p.network)}</dd><dt>Email</dt><dd>${escape(p.email)}</dd><dt>Order</dt><dd>${escape(p.id.slice(0, 8))}</dd></dl>
${buttons}<p id="status" role="status"></p></main>
<script src="/api/payments/sandbox/checkout.js"></script></body></html>`;
    void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  }

  @Post(':paymentId/simulate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sends the signed IPN sequence of an outcome to the real webhook (optional fault switches)',
    description:
      '200 when the webhook accepted every notification; 202 when some were refused or unanswered and the provider will retry them (`failed` counts them).',
  })
  @ApiOkResponse({ type: SimulationResult, description: 'The webhook accepted every notification' })
  @ApiAcceptedResponse({ type: SimulationResult, description: 'Some notifications were refused or unanswered; the provider will send them again' })
  async simulate(
    @Param('paymentId', UuidPipe) paymentId: string,
    @Body() body: SimulateDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SimulationResult> {
    const p = await this.payment(paymentId);
    const results = await this.sandbox.simulate(
      {
        id: p.id,
        providerRef: p.provider_ref ?? '',
        amount: p.amount,
        currency: p.currency,
        payCurrency: p.pay_currency,
        payAmount: p.pay_amount,
        payAddress: p.pay_address,
        ipnCallbackUrl: `${this.app.publicUrl}/api/payments/webhook/sandbox`,
        underpaid: p.state === 'UNDERPAID',
      },
      body.outcome,
      body.faults,
    );
    const back = body.outcome === 'finished' || body.outcome === 'partially_paid' ? `/thank-you?paymentId=${p.id}` : `/payment?cancelled=1&paymentId=${p.id}`;
    const failed = results.filter((r) => !r.delivered).length;
    // Like a real provider, the buyer is sent back either way; a refused notification is retried, and the answer says so.
    if (failed > 0) reply.status(202);
    return {
      success: failed === 0,
      redirectUrl: `${this.app.publicUrl}${back}`,
      deliveries: results.map((r) => r.httpStatus),
      failed,
      retrying: body.faults?.badSignature ? 0 : failed,
    };
  }
}
