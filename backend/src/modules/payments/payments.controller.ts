import { BadRequestException, Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { UuidPipe } from '../../common/http/id-params';
import { INTERFACE_LANGUAGE_HEADER, requestLanguage } from '../../common/i18n';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import { EXAMPLE_IPN, EXAMPLE_IPN_SIGNATURE } from './dto/ipn-example';
import { CreatePaymentDto } from './dto/payment.dto';
import {
  CheckoutStarted,
  CurrencyList,
  MethodList,
  PriceQuote,
  NotificationReceived,
  ProviderNotification,
  PublicPaymentStatus,
} from './dto/payment-views.dto';
import { MAX_WAIT_SECONDS } from './payment-changes.service';
import { PaymentIntake } from './payment-intake.service';
import { PAYMENT_STATES, type PaymentState } from './payment-state';
import { PaymentsService } from './payments.service';
import { PROVIDER_NAMES } from './providers/payment-provider';

@ApiTags('payments')
@Public()
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly intake: PaymentIntake,
  ) {}

  @Get('currencies')
  @ApiOperation({ summary: 'Cryptocurrencies the provider accepts, from our table' })
  @ApiOkResponse({ type: CurrencyList })
  async currencies(): Promise<CurrencyList> {
    return { currencies: (await this.payments.offered()).map((c) => ({ code: c.code, name: c.name })) };
  }

  @Get('methods')
  @ApiOperation({ summary: 'The payment methods checkout offers: crypto always, card and PayPal once their keys are set (or the sandbox simulates them)' })
  @ApiOkResponse({ type: MethodList })
  async methods(): Promise<MethodList> {
    return { methods: await this.payments.methods() };
  }

  @Get('quote')
  @ApiOperation({ summary: 'The price now in the configured currency, and with a coupon when one is given (checkout\'s "Have a coupon?")' })
  @ApiQuery({ name: 'coupon', required: false, description: 'A coupon code' })
  @ApiOkResponse({ type: PriceQuote })
  @ApiErrorResponse(400, 'The coupon does not exist, is inactive, expired, used up or for another currency')
  @ApiErrorResponse(429, 'Too many coupon codes that do not exist were tried from this client IP (COUPON_MAX_UNKNOWN_PER_IP per COUPON_UNKNOWN_WINDOW_SECONDS)')
  quote(@Req() req: FastifyRequest, @Query('coupon') coupon?: string): Promise<PriceQuote> {
    return this.payments.quote(typeof coupon === 'string' ? coupon.slice(0, 64) : undefined, req.ip);
  }

  @Post('create')
  @ApiOperation({
    summary: 'Starts a checkout for lifetime access (497.00 USD, set by the server) by crypto (default), card or PayPal',
    description:
      "The answer carries `claimSecret`: the browser keeps it to prove the purchase when it creates the account. Rate limited per client IP (429). The referral held in the `cp_ref` cookie (or sent as `referral`) and an affiliate's coupon attribute the sale; the attribution is stored with the payment.",
  })
  @ApiBody({
    type: CreatePaymentDto,
    examples: {
      usdt: {
        summary: 'USDT on Tron',
        value: { amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: 'ana@example.com', clientId: 'user_1767225600000' },
      },
    },
  })
  @ApiCreatedResponse({
    type: CheckoutStarted,
    example: {
      success: true,
      paymentUrl: 'http://localhost:3000/api/payments/sandbox/checkout/0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69',
      paymentId: '0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69',
      claimSecret: 'b5d1c3e0f4a24e0c9d8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f',
    },
  })
  @ApiErrorResponse(400, 'A field is missing or wrong, the amount is not the price, or the currency and network are not a pair we accept')
  @ApiErrorResponse(
    409,
    "Signed in: the account's own email already has lifetime access (ALREADY_OWNED; without signing in the checkout answers as for anyone and the owner gets a sign-in link by email); or the coupon was just used up by another checkout",
  )
  @ApiErrorResponse(429, 'Too many checkouts from this address, or too many coupon codes that do not exist tried from it')
  @ApiErrorResponse(502, 'The payment provider could not create the checkout')
  @ApiHeader({
    name: INTERFACE_LANGUAGE_HEADER,
    required: false,
    description:
      "The learner site's interface language (en, es, fr, de): the buyer's mails and documents use it, and the account created from this payment keeps it",
  })
  create(@Body() body: CreatePaymentDto, @Req() req: FastifyRequest, @CurrentUser() user?: AuthUser): Promise<CheckoutStarted> {
    return this.payments.create(body, req.ip, user, requestLanguage(req.headers), req.headers.cookie);
  }

  @Get(':paymentId/status')
  @ApiOperation({ summary: "A checkout's state (the thank-you page polls it); the buyer's email only with proof of purchase" })
  @ApiHeader({
    name: 'x-claim-secret',
    required: false,
    description: 'The claimSecret from the checkout',
    example: 'b5d1c3e0f4a24e0c9d8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f',
  })
  @ApiHeader({ name: 'x-claim-token', required: false, description: 'The token of the emailed claim link' })
  @ApiOkResponse({
    type: PublicPaymentStatus,
    description: 'The checkout above once paid, asked with its claim secret',
    example: {
      paymentId: '0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69',
      state: 'PAID',
      email: 'ana@example.com',
      amount: '497.00',
      currency: 'USD',
      payCurrency: 'usdttrc20',
      currencyCode: 'USDT',
      network: 'Tron (TRC-20)',
      claimed: false,
      proofOfPurchase: true,
      accountExists: false,
      payerName: null,
      method: 'crypto',
      payTo: {
        address: 'TNDFkiSmBQorNFacb3735q8MnT29sn8BLn',
        amount: '497.00',
        currencyCode: 'USDT',
        received: '497.00',
        remaining: null,
        expiresAt: '2026-11-20T11:00:00.000Z',
        paymentUri: null,
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
        providerPageUrl: 'https://nowpayments.io/payment/?iid=4522625843',
      },
    },
  })
  @ApiQuery({
    name: 'wait',
    required: false,
    type: Number,
    description: `Long poll: seconds (0 to ${MAX_WAIT_SECONDS}) to wait, while the state is still \`since\`, for the payment to change before answering`,
    example: 25,
  })
  @ApiQuery({ name: 'since', required: false, enum: PAYMENT_STATES, description: 'The state the page shows; required with wait' })
  @ApiErrorResponse(400, 'wait is not a whole number of seconds within range, or since is missing or not a payment state')
  status(
    @Req() req: FastifyRequest,
    @Param('paymentId', UuidPipe) paymentId: string,
    @Headers('x-claim-secret') secret?: string,
    @Headers('x-claim-token') token?: string,
    @Query('wait') wait?: string,
    @Query('since') since?: string,
  ): Promise<PublicPaymentStatus> {
    const poll = longPoll(wait, since);
    if (!poll) return this.payments.publicStatus(paymentId, { secret, token });
    // The page went away (tab closed, navigated): stop waiting for it.
    const gone = new AbortController();
    req.raw.once('close', () => gone.abort());
    return this.payments.publicStatus(paymentId, { secret, token }, { ...poll, gone: gone.signal });
  }

  @OpenDuringMaintenance()
  @Post('webhook/:provider')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Provider notifications: crypto IPN (x-nowpayments-sig), card webhooks (Stripe-Signature), PayPal webhooks (verified by PayPal)',
    description:
      'The signature is verified on the raw bytes; the notification is stored once (a repeat answers `duplicate: true`) and processed by a worker. ' +
      'The example is a sandbox notification for a finished payment, signed with the sandbox IPN secret `example-sandbox-ipn-secret`.',
  })
  @ApiSecurity('providerSignature')
  @ApiParam({ name: 'provider', enum: PROVIDER_NAMES, description: 'The payment provider that sends it' })
  @ApiHeader({
    name: 'x-nowpayments-sig',
    required: false,
    description: 'Crypto: HMAC-SHA512 (hex) of the body with its keys sorted recursively',
    example: EXAMPLE_IPN_SIGNATURE,
  })
  @ApiHeader({ name: 'stripe-signature', required: false, description: 'Card: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">' })
  @ApiBody({ type: ProviderNotification, examples: { finished: { summary: 'A sandbox IPN: payment finished', value: EXAMPLE_IPN } } })
  @ApiOkResponse({ type: NotificationReceived, example: { received: true, duplicate: false } })
  @ApiErrorResponse(401, 'The signature is missing or does not match')
  @ApiErrorResponse(404, 'Unknown provider')
  webhook(@Param('provider') provider: string, @Req() req: RawBodyRequest<FastifyRequest>): Promise<NotificationReceived> {
    return this.intake.receive(provider, req.rawBody, req.headers);
  }
}

/** The status call's long-poll parameters, checked: none when `wait` is absent. */
function longPoll(wait: string | undefined, since: string | undefined): { wait: number; since: PaymentState } | null {
  if (wait === undefined) return null;
  const seconds = Number(wait);
  if (!/^\d+$/.test(wait) || seconds > MAX_WAIT_SECONDS) throw new BadRequestException(`wait must be a whole number of seconds from 0 to ${MAX_WAIT_SECONDS}`);
  if (!PAYMENT_STATES.includes(since as PaymentState)) throw new BadRequestException(`since must be one of ${PAYMENT_STATES.join(', ')}`);
  return { wait: seconds, since: since as PaymentState };
}
