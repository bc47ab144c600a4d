import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator';
import { UuidPipe } from '../../common/http/id-params';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import { CheckoutRecovery } from './checkout-recovery.service';
import { RecoveryUnsubscribeBody, RecoveryUnsubscribed, RecoveryUnsubscribeQuery, ResumedCheckout, ResumeCheckoutDto } from './dto/recovery.dto';

/** The links of the abandoned-checkout reminder: resume that checkout, and unsubscribe from the reminders. */
@ApiTags('payments')
@Public()
@Controller('payments')
export class CheckoutRecoveryController {
  constructor(private readonly recovery: CheckoutRecovery) {}

  @Post(':paymentId/resume')
  @HttpCode(200)
  @ApiOperation({
    summary: "Resumes an abandoned checkout from its reminder's signed link",
    description:
      'The same checkout while its quote stands (with a new claim secret for this browser), else the checkout made again with the same method, email, language and invoice details (a crypto invoice re-quoted), with the recovery coupon from Settings when one is set.',
  })
  @ApiOkResponse({ type: ResumedCheckout })
  @ApiErrorResponse(403, 'The link is not valid: forged, altered or expired')
  @ApiErrorResponse(404, 'No such payment')
  @ApiErrorResponse(409, 'The checkout (or another of the same address) is paid or being paid, or it ended')
  @ApiErrorResponse(429, 'Too many checkouts from this address')
  @ApiErrorResponse(502, 'The payment provider could not make the checkout again')
  resume(@Param('paymentId', UuidPipe) paymentId: string, @Body() body: ResumeCheckoutDto, @Req() req: FastifyRequest): Promise<ResumedCheckout> {
    return this.recovery.resume(paymentId, body.token, req.ip, req.headers.cookie);
  }

  @Get('recovery/unsubscribe')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "The unsubscribe link opened in a browser: a page that goes on to the learner site's unsubscribe page, which asks before unsubscribing",
  })
  @ApiOkResponse({ description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } })
  unsubscribePage(@Query() query: RecoveryUnsubscribeQuery): string {
    // URLSearchParams percent-encodes every character HTML gives a meaning to but the separator: that one is escaped.
    const target = `/unsubscribe?${new URLSearchParams({ email: query.email ?? '', token: query.token ?? '' }).toString()}`.replace(/&/g, '&amp;');
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}"><title>Checkout reminders</title></head><body><p><a href="${target}">Continue to unsubscribe from checkout reminders</a></p></body></html>`;
  }

  @Post('recovery/unsubscribe')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Unsubscribes an address from abandoned-checkout reminders',
    description:
      "RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` (form-encoded) to the List-Unsubscribe address, whose query carries `email` and `token`; the learner site's page sends them as JSON.",
  })
  @ApiBody({ type: RecoveryUnsubscribeBody, required: false })
  @ApiOkResponse({ type: RecoveryUnsubscribed })
  @ApiErrorResponse(403, 'The link is not valid: forged or altered')
  unsubscribe(@Query() query: RecoveryUnsubscribeQuery, @Body() body: unknown): Promise<RecoveryUnsubscribed> {
    // A one-click body is the raw form text (its fields are in the query); the learner site's page sends JSON.
    const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    return this.recovery.unsubscribe(query.email ?? fields.email, query.token ?? fields.token);
  }
}
