import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiError } from '../../common/errors/api-error';
import { UuidPipe } from '../../common/http/id-params';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../common/http/list-query';
import { RefundDto } from './dto/payment.dto';
import { PAYMENT_STATES } from './payment-state';
import { PaymentProcessing } from './payment-processing.service';
import { PAYMENT_SORT_FIELDS, PaymentsService } from './payments.service';

const SPEC: ListSpec = {
  resource: 'payments',
  sortable: PAYMENT_SORT_FIELDS,
  defaultSort: ['createdAt', 'DESC'],
  idKind: 'uuid',
  filters: {
    q: filters.text(),
    email: filters.text(254),
    state: filters.oneOf(PAYMENT_STATES),
    provider: filters.oneOf(['sandbox', 'nowpayments'] as const),
    from: filters.date(),
    to: filters.date(),
  },
};

@ApiTags('admin')
@Controller('admin/payments')
export class AdminPaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly processing: PaymentProcessing,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Payments (simple-rest list; filters q (part of the email), email (exact, any case), state, provider, from, to)' })
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown[]> {
    const query = parseListQuery(raw, SPEC);
    const { rows, total } = await this.payments.list(query);
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return Promise.all(rows.map((r) => this.payments.adminView(r)));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One payment with its webhook deliveries and state history' })
  async get(@Param('id', UuidPipe) id: string): Promise<unknown> {
    return this.detail(id);
  }

  @Post(':id/refund')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks a paid payment refunded (with a reason) and revokes the access it bought' })
  async refund(@Param('id', UuidPipe) id: string, @Body() body: RefundDto, @CurrentUser() actor: AuthUser): Promise<unknown> {
    await this.processing.refund(id, body.reason, actor);
    return this.detail(id);
  }

  @Post(':id/reconcile')
  @HttpCode(200)
  @ApiOperation({ summary: "Fetches the provider's view of the payment and applies it" })
  async reconcile(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<unknown> {
    await this.processing.reconcile(id, actor);
    return this.detail(id);
  }

  private async detail(id: string): Promise<unknown> {
    const payment = await this.payments.find(id);
    if (!payment) throw ApiError.notFound('Payment not found');
    return { ...(await this.payments.adminView(payment)), ...(await this.payments.deliveries(id)) };
  }
}
