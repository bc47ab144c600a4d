import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { UuidPipe } from '../../common/http/id-params';
import { CreatePaymentDto } from './dto/payment.dto';
import { PaymentProcessing } from './payment-processing.service';
import { PaymentsService } from './payments.service';

@ApiTags('payments')
@Public()
@Controller('payments')
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly processing: PaymentProcessing,
  ) {}

  @Get('currencies')
  @ApiOperation({ summary: 'Cryptocurrencies the provider accepts, from our table' })
  async currencies(): Promise<{ currencies: Array<{ code: string; name: string }> }> {
    return { currencies: (await this.payments.offered()).map((c) => ({ code: c.code, name: c.name })) };
  }

  @Post('create')
  @ApiOperation({ summary: 'Starts a checkout for lifetime access (497.00 USD, set by the server)' })
  create(@Body() body: CreatePaymentDto): ReturnType<PaymentsService['create']> {
    return this.payments.create(body);
  }

  @Get(':paymentId/status')
  @ApiOperation({ summary: "A checkout's state (the thank-you page polls it)" })
  status(@Param('paymentId', UuidPipe) paymentId: string): Promise<Record<string, unknown>> {
    return this.payments.publicStatus(paymentId);
  }

  @OpenDuringMaintenance()
  @Post('webhook/:provider')
  @HttpCode(200)
  @ApiOperation({ summary: 'Provider notifications (IPN), signed over the raw body (x-nowpayments-sig)' })
  webhook(@Param('provider') provider: string, @Req() req: RawBodyRequest<FastifyRequest>): ReturnType<PaymentProcessing['receive']> {
    return this.processing.receive(provider, req.rawBody, req.headers);
  }
}
