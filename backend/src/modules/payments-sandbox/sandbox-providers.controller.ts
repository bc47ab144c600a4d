import { Controller, Get, Headers, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator';
import { CommonError } from '../../common/errors/common.error';
import { escapeHtml as escape, HOSTED_BUTTONS_SCRIPT } from './sandbox-hosted-page';
import { CARD_OUTCOMES, type CardOutcome, SandboxSimulator, type SimulatorAnswer } from './sandbox-simulator';

function hostedPage(
  title: string,
  note: string,
  amount: string,
  currency: string,
  email: string,
  simulateUrl: string,
  payLabel: string,
  payerLabel: string,
): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:Helvetica,Arial,sans-serif;background:#f1f5f9;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#fff;border-radius:16px;padding:32px;max-width:420px;width:90%;box-shadow:0 20px 40px rgba(15,23,42,.15)}
h1{font-size:20px;margin:0 0 4px}.note{color:#475569;font-size:13px;margin:0 0 20px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}
dt{color:#475569}dd{margin:0;font-weight:600}.amount{font-size:28px}label{display:block;font-size:14px;color:#475569;margin:0 0 4px}
input{display:block;width:100%;box-sizing:border-box;padding:10px;margin:0 0 16px;border:1px solid #cbd5e1;border-radius:8px;font-size:16px}button{display:block;width:100%;padding:12px;margin:8px 0;border:0;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer}
.pay{background:#4f46e5;color:#fff}.alt{background:#e2e8f0;color:#0f172a}button:disabled{opacity:.6;cursor:wait}#status{min-height:20px;color:#b45309;font-size:14px}</style></head>
<body data-simulate="${escape(simulateUrl)}"><main><h1>${escape(title)}</h1><p class="note">${escape(note)}</p>
<dl><dt>Amount</dt><dd class="amount">${escape(amount)} ${escape(currency)}</dd><dt>Email</dt><dd>${escape(email)}</dd></dl>
<label for="payer-name">${escape(payerLabel)}</label><input id="payer-name" name="payerName" autocomplete="name" maxlength="120">
<button class="pay" data-outcome="pay">${escape(payLabel)}</button><button class="alt" data-outcome="fail">Fail</button>
<button class="alt" data-outcome="expire">Expire</button><p id="status" role="status"></p></main>
<script src="/api/payments/sandbox/hosted.js"></script></body></html>`;
}

/** The name the buyer typed on the hosted page (what the provider would report as the payer's), if any. */
function payerNameOf(body: unknown): string | undefined {
  const name = (body as { payerName?: unknown } | null)?.payerName;
  return typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, 120) : undefined;
}

function outcomeOf(body: unknown): CardOutcome {
  const outcome = (body as { outcome?: unknown } | null)?.outcome;
  if (typeof outcome !== 'string' || !(CARD_OUTCOMES as readonly string[]).includes(outcome))
    throw CommonError.field('outcome', `outcome must be one of ${CARD_OUTCOMES.join(', ')}`);
  return outcome as CardOutcome;
}

/** Where the sandbox's hosted card or PayPal page sends the buyer after a button. */
export class HostedSimulationResult {
  @ApiProperty({ description: 'The webhook accepted the notification (else the sandbox retries it)' })
  success: boolean;
  @ApiProperty({ example: 'http://localhost:3000/thank-you?paymentId=0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69' })
  redirectUrl: string;
}

/**
 * The sandbox's card and PayPal modes (PAYMENTS_PROVIDER=sandbox only): a
 * Stripe-compatible and a PayPal-compatible API that the real card and
 * PayPal adapters call, and their hosted pages with Pay, Fail and Expire.
 * The simulated provider APIs are a provider's endpoints, not ours: they
 * stay out of the contract; the hosted pages and their buttons are in it.
 */
@ApiTags('payments')
@Public()
@Controller('payments/sandbox')
export class SandboxProvidersController {
  constructor(private readonly simulator: SandboxSimulator) {}

  private static answer(reply: FastifyReply, answer: SimulatorAnswer): Record<string, unknown> {
    void reply.status(answer.status);
    return answer.body;
  }

  @ApiExcludeEndpoint()
  @Get('hosted.js')
  script(@Res() reply: FastifyReply): void {
    void reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(HOSTED_BUTTONS_SCRIPT);
  }

  // The card provider's API (Stripe-compatible).

  private card(authorization: string | undefined): SandboxSimulator {
    if (!this.simulator.cardAuthorized(authorization)) throw CommonError.unauthenticated('Invalid API Key provided');
    return this.simulator;
  }

  @ApiExcludeEndpoint()
  @Post('stripe/v1/checkout/sessions')
  async createSession(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('authorization') authorization: string | undefined,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const form = Object.fromEntries(new URLSearchParams(req.rawBody?.toString('utf8') ?? ''));
    return SandboxProvidersController.answer(reply, await this.card(authorization).createSession(form, idempotencyKey));
  }

  @ApiExcludeEndpoint()
  @Get('stripe/v1/checkout/sessions/:id')
  async getSession(@Param('id') id: string, @Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return SandboxProvidersController.answer(reply, await this.card(authorization).getSession(id));
  }

  @ApiExcludeEndpoint()
  @Post('stripe/v1/refunds')
  async refundCard(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const form = Object.fromEntries(new URLSearchParams(req.rawBody?.toString('utf8') ?? ''));
    return SandboxProvidersController.answer(reply, await this.card(authorization).refundCard(form));
  }

  @ApiOperation({ summary: 'Sandbox hosted card page (Pay, Fail, Expire)' })
  @ApiOkResponse({ description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiErrorResponse(404, 'No such session or order, or the sandbox is not enabled')
  @Get('card/:id')
  async cardPage(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const answer = await this.simulator.getSession(id);
    if (answer.status !== 200) throw CommonError.notFound('Checkout session not found');
    const s = answer.body as { amount_total: number; currency: string; customer_email: string | null };
    const amount = (s.amount_total / 100).toFixed(2);
    const html = hostedPage(
      'Sandbox card checkout',
      'A local simulator of the card provider. No real card is charged.',
      amount,
      s.currency.toUpperCase(),
      s.customer_email ?? '',
      `/api/payments/sandbox/card/${encodeURIComponent(id)}/simulate`,
      'Pay',
      'Name on card',
    );
    void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  }

  @ApiOperation({ summary: 'The sandbox card page buttons: sends the card provider signed webhook, answers where the buyer goes next' })
  @ApiOkResponse({ type: HostedSimulationResult })
  @ApiErrorResponse(400, 'outcome must be one of pay, fail, expire')
  @ApiErrorResponse(404, 'No such session or order, or the sandbox is not enabled')
  @Post('card/:id/simulate')
  @HttpCode(200)
  async simulateCard(@Param('id') id: string, @Req() req: FastifyRequest): Promise<HostedSimulationResult> {
    const result = await this.simulator.simulateCard(id, outcomeOf(req.body), payerNameOf(req.body));
    if (!result) throw CommonError.notFound('Checkout session not found');
    return { success: result.delivered, redirectUrl: result.redirectUrl };
  }

  // PayPal's API (Orders v2-compatible).

  private paypal(authorization: string | undefined): SandboxSimulator {
    if (!this.simulator.paypalAuthorized(authorization)) throw CommonError.unauthenticated('Authentication failed');
    return this.simulator;
  }

  @ApiExcludeEndpoint()
  @Post('paypal/v1/oauth2/token')
  token(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return SandboxProvidersController.answer(reply, this.simulator.token(authorization));
  }

  @ApiExcludeEndpoint()
  @Post('paypal/v2/checkout/orders')
  async createOrder(
    @Req() req: FastifyRequest,
    @Headers('authorization') authorization: string | undefined,
    @Headers('paypal-request-id') requestId: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return SandboxProvidersController.answer(reply, await this.paypal(authorization).createOrder((req.body ?? {}) as Record<string, unknown>, requestId));
  }

  @ApiExcludeEndpoint()
  @Get('paypal/v2/checkout/orders/:id')
  async getOrder(@Param('id') id: string, @Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return SandboxProvidersController.answer(reply, await this.paypal(authorization).getOrder(id));
  }

  @ApiExcludeEndpoint()
  @Post('paypal/v2/checkout/orders/:id/capture')
  async capture(@Param('id') id: string, @Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return SandboxProvidersController.answer(reply, await this.paypal(authorization).capture(id));
  }

  @ApiExcludeEndpoint()
  @Post('paypal/v2/payments/captures/:id/refund')
  async refundCapture(@Param('id') id: string, @Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return SandboxProvidersController.answer(reply, await this.paypal(authorization).refundCapture(id));
  }

  @ApiExcludeEndpoint()
  @Post('paypal/v1/notifications/verify-webhook-signature')
  verify(@Req() req: FastifyRequest, @Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return SandboxProvidersController.answer(reply, this.paypal(authorization).verify((req.body ?? {}) as Record<string, unknown>));
  }

  @ApiOperation({ summary: 'Sandbox hosted PayPal page (Pay with PayPal, Fail, Expire)' })
  @ApiOkResponse({ description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiErrorResponse(404, 'No such session or order, or the sandbox is not enabled')
  @Get('paypal/pay/:id')
  async paypalPage(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const answer = await this.simulator.getOrder(id);
    if (answer.status !== 200) throw CommonError.notFound('Order not found');
    const unit = ((answer.body.purchase_units as unknown[])[0] ?? {}) as { amount: { value: string; currency_code: string } };
    const html = hostedPage(
      'Sandbox PayPal checkout',
      'A local simulator of PayPal. No real account is charged.',
      unit.amount.value,
      unit.amount.currency_code,
      '',
      `/api/payments/sandbox/paypal/${encodeURIComponent(id)}/simulate`,
      'Pay with PayPal',
      'Name on the PayPal account',
    );
    void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  }

  @ApiOperation({ summary: 'The sandbox PayPal page buttons: approves (we capture), declines or voids the order' })
  @ApiOkResponse({ type: HostedSimulationResult })
  @ApiErrorResponse(400, 'outcome must be one of pay, fail, expire')
  @ApiErrorResponse(404, 'No such session or order, or the sandbox is not enabled')
  @Post('paypal/:id/simulate')
  @HttpCode(200)
  async simulatePayPal(@Param('id') id: string, @Req() req: FastifyRequest): Promise<HostedSimulationResult> {
    const result = await this.simulator.simulatePayPal(id, outcomeOf(req.body), payerNameOf(req.body));
    if (!result) throw CommonError.notFound('Order not found');
    return { success: result.delivered, redirectUrl: result.redirectUrl };
  }
}
