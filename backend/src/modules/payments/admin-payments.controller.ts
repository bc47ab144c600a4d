import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { UuidPipe } from '../../common/http/id-params';
import { csvStream } from '../../common/http/csv';
import { pdfAttachment } from '../../common/http/pdf-attachment';
import { PagedListQueryDto, parsePagedListQuery, setPageHeaders, type PagedListSpec } from '../../common/http/list-paging';
import { filters, ListQueryDto } from '../../common/http/list-query';
import { ApiCsvExport, ApiErrorResponse, ApiList } from '../../common/openapi/api-responses';
import { DeclineRefundDto, RefundDto } from './dto/payment.dto';
import { PAYMENT_STATES } from './payment-state';
import { AdminPaymentDetail, AdminPaymentView } from './dto/admin-payment.dto';
import { PaymentsAdmin } from './payments-admin.service';
import { PAYMENT_SORT_FIELDS, PAYMENT_SORT_KEYS } from './payments.repository';
import { Reconciliation } from './reconciliation.service';
import { Refunds } from './refunds.service';

const SPEC: PagedListSpec = {
  resource: 'payments',
  sortable: PAYMENT_SORT_FIELDS,
  sortKeys: PAYMENT_SORT_KEYS,
  idType: 'uuid',
  defaultSort: ['createdAt', 'DESC'],
  idKind: 'uuid',
  filters: {
    q: filters.text(),
    email: filters.text(254),
    state: filters.oneOf(PAYMENT_STATES),
    provider: filters.oneOf(['sandbox', 'nowpayments'] as const),
    from: filters.date(),
    to: filters.date(),
    refundRequest: filters.oneOf(['pending', 'refunded', 'declined'] as const),
  },
};

/** A paid payment as the list answers it (/api/docs). */
const EXAMPLE_PAYMENT: AdminPaymentView = {
  id: '0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69',
  email: 'ana@example.com',
  state: 'PAID',
  provider: 'sandbox',
  providerRef: '4522625843',
  providerPaymentId: '5077125051',
  providerStatus: 'finished',
  amount: '497.00',
  currency: 'USD',
  method: 'crypto',
  currencyCode: 'USDT',
  network: 'Tron (TRC-20)',
  payCurrency: 'usdttrc20',
  checkoutUrl: 'http://localhost:3000/api/payments/sandbox/checkout/0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69',
  claimedByUserId: '8c3e5a1f-2b4d-4f6a-9c8e-7d1b0a2f3e4c',
  createdAt: '2026-01-31T10:00:00.000Z',
  updatedAt: '2026-01-31T10:05:00.000Z',
  paidAt: '2026-01-31T10:05:00.000Z',
  refundedAt: null,
  refundReason: null,
  refundEligibility: { eligible: true, reasons: [], daysSincePayment: 0, percentAccessed: 0 },
  refundRequest: { status: 'pending', reason: 'Bought it twice by mistake', createdAt: '2026-01-31T12:00:00.000Z', resolvedAt: null, decisionReason: null },
  couponCode: null,
  listAmount: '497.00',
  discountAmount: '0.00',
  invoiceNumber: 'R-001001',
  creditNoteNumber: null,
  buyerCountry: 'DE',
  buyerCompany: 'Muster GmbH',
  buyerAddress: 'Hauptstraße 1\n10115 Berlin',
  buyerVatId: 'DE123456789',
  taxRate: '19',
  taxAmount: '79.35',
};

/** The export's columns, in the order exportBatches writes them. */
const CSV_COLUMNS = [
  'id',
  'email',
  'state',
  'amount',
  'currency',
  'currencyCode',
  'network',
  'provider',
  'providerRef',
  'providerPaymentId',
  'providerStatus',
  'createdAt',
  'paidAt',
  'refundedAt',
  'refundReason',
  'claimedByUserId',
  'couponCode',
  'listAmount',
  'discountAmount',
  'invoiceNumber',
  'creditNoteNumber',
  'buyerCountry',
  'buyerCompany',
  'buyerVatId',
  'taxRate',
  'taxAmount',
];

@ApiTags('admin')
@AdminOnly()
@Controller('admin/payments')
export class AdminPaymentsController {
  constructor(
    private readonly payments: PaymentsAdmin,
    private readonly refunds: Refunds,
    private readonly reconciliation: Reconciliation,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Payments (simple-rest list; filters q (part of the email), email (exact, any case), state, provider, from, to)' })
  @ApiList(AdminPaymentView, SPEC, {
    page: [EXAMPLE_PAYMENT],
    filter: {
      summary: 'Paid sandbox payments of January with a pending refund request',
      value: { state: 'PAID', provider: 'sandbox', from: '2026-01-01', to: '2026-01-31', refundRequest: 'pending' },
    },
  })
  async list(@Query() raw: PagedListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminPaymentView[]> {
    const query = parsePagedListQuery(raw, SPEC);
    const page = await this.payments.list(query);
    setPageHeaders(reply, SPEC.resource, query, page);
    return page.rows;
  }

  @Get('export')
  @ApiOperation({ summary: 'Every payment of the current filter and sort as CSV, streamed from a cursor' })
  @ApiCsvExport(SPEC, 'payments.csv', { sorted: true, limited: true })
  export(@Query() raw: ListQueryDto): StreamableFile {
    const query = parsePagedListQuery({ filter: raw.filter, sort: raw.sort }, SPEC);
    const csv = csvStream(CSV_COLUMNS, this.payments.exportBatches(query), (rows: unknown[][]) => rows);
    return new StreamableFile(csv, { type: 'text/csv; charset=utf-8', disposition: 'attachment; filename="payments.csv"' });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One payment with its webhook deliveries and state history' })
  @ApiOkResponse({ type: AdminPaymentDetail })
  get(@Param('id', UuidPipe) id: string): Promise<AdminPaymentDetail> {
    return this.payments.detail(id);
  }

  @Get(':id/invoice')
  @ApiOperation({ summary: "The payment's invoice PDF, as its buyer downloads it (paid or since refunded payments)" })
  @ApiOkResponse({ description: 'The invoice, as an attachment', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrorResponse(404, 'No such payment, or it was never paid (no invoice)')
  async invoice(@Param('id', UuidPipe) id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return pdfAttachment(reply, await this.payments.invoice(id));
  }

  @Get(':id/credit-note')
  @ApiOperation({ summary: "The credit note PDF of a refunded payment (it credits the payment's invoice)" })
  @ApiOkResponse({ description: 'The credit note, as an attachment', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrorResponse(404, 'No such payment, or it was not refunded (no credit note)')
  async creditNote(@Param('id', UuidPipe) id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    return pdfAttachment(reply, await this.payments.creditNote(id));
  }

  @Post(':id/refund')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks a paid payment refunded (with a reason) and revokes the access it bought' })
  @ApiOkResponse({ type: AdminPaymentDetail, description: 'The payment, refunded' })
  @ApiErrorResponse(400, 'Invalid input, or the payment is not paid (only a paid payment can be refunded)')
  @ApiErrorResponse(502, 'Card or PayPal: the provider did not refund (refused or unreachable); nothing changed')
  async refund(@Param('id', UuidPipe) id: string, @Body() body: RefundDto, @CurrentUser() actor: AuthUser): Promise<AdminPaymentDetail> {
    await this.refunds.refund(id, body.reason, actor);
    return this.payments.detail(id);
  }

  @Post(':id/refund-request/decline')
  @HttpCode(200)
  @ApiOperation({ summary: "Declines the learner's pending refund request with a reason, which the buyer is emailed (the payment stays paid)" })
  @ApiOkResponse({ type: AdminPaymentDetail, description: 'The payment, its request declined' })
  @ApiErrorResponse(400, 'No reason given (3 to 500 characters)')
  @ApiErrorResponse(404, 'No such payment, or it has no pending refund request')
  async declineRefundRequest(@Param('id', UuidPipe) id: string, @Body() body: DeclineRefundDto, @CurrentUser() actor: AuthUser): Promise<AdminPaymentDetail> {
    await this.refunds.declineRequest(id, body.reason, actor);
    return this.payments.detail(id);
  }

  @Post(':id/reconcile')
  @HttpCode(200)
  @ApiOperation({ summary: "Fetches the provider's view of the payment and applies it" })
  @ApiOkResponse({ type: AdminPaymentDetail, description: 'The payment after the provider report was applied' })
  @ApiErrorResponse(409, 'The payment belongs to another provider than the one configured')
  @ApiErrorResponse(502, 'The payment provider could not be reached')
  async reconcile(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<AdminPaymentDetail> {
    await this.reconciliation.reconcile(id, actor);
    return this.payments.detail(id);
  }
}
