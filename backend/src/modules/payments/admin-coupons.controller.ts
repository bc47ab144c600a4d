import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { UuidPipe } from '../../common/http/id-params';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService, type AuditAction } from '../audit';
import { Coupons, type CouponView } from './coupons.service';

export class AdminCoupon {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'LAUNCH20' }) code: string;
  @ApiProperty({ enum: ['percent', 'fixed'] }) kind: 'percent' | 'fixed';
  @ApiProperty({ type: Number, nullable: true, example: 20 }) percentOff: number | null;
  @ApiProperty({ type: String, nullable: true, example: null }) amountOff: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['USD', 'EUR', 'GBP', 'CAD'] }) currency: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) validFrom: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) validTo: string | null;
  @ApiProperty({ type: Number, nullable: true }) maxRedemptions: number | null;
  @ApiProperty() redemptions: number;
  @ApiProperty() oncePerEmail: boolean;
  @ApiProperty() active: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class AdminCouponInput {
  @ApiProperty({ example: 'LAUNCH20', description: '2-40 letters, digits, - or _ (kept upper case)' }) code: string;
  @ApiProperty({ enum: ['percent', 'fixed'] }) kind: 'percent' | 'fixed';
  @ApiPropertyOptional({ type: Number, example: 20, description: 'percent: more than 0, at most 100' }) percentOff?: number | null;
  @ApiPropertyOptional({ type: String, example: '50.00', description: 'fixed: the amount off' }) amountOff?: string | null;
  @ApiPropertyOptional({ type: String, enum: ['USD', 'EUR', 'GBP', 'CAD'], description: 'fixed: the currency of the amount' }) currency?: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) validFrom?: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) validTo?: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Empty: no limit' }) maxRedemptions?: number | null;
  @ApiPropertyOptional({ default: false }) oncePerEmail?: boolean;
  @ApiPropertyOptional({ default: true }) active?: boolean;
}

export class CouponPerformanceRow {
  @ApiProperty() code: string;
  @ApiProperty() currency: string;
  @ApiProperty() redemptions: number;
  @ApiProperty({ example: '795.20' }) revenue: string;
  @ApiProperty({ example: '198.80' }) discount: string;
}

/** Coupons in the console (simple-rest: list, one, create, update, delete), and their performance. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/coupons')
export class AdminCouponsController {
  constructor(
    private readonly coupons: Coupons,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
  ) {}

  private async record(actor: AuthUser, action: AuditAction, id: string, summary: string): Promise<void> {
    await this.tx.run((tx) => this.audit.record(tx.manager, { actor, action, resource: 'coupons', resourceId: id, summary }));
  }

  @Get()
  @ApiOperation({ summary: 'Every coupon, newest first (Content-Range)' })
  @ApiOkResponse({ type: [AdminCoupon] })
  async list(@Res({ passthrough: true }) reply: FastifyReply): Promise<CouponView[]> {
    const rows = await this.coupons.list();
    reply.header('Content-Range', `coupons 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
    reply.header('Access-Control-Expose-Headers', 'Content-Range');
    return rows;
  }

  @Get('performance')
  @ApiOperation({ summary: 'Per coupon and currency: paid redemptions, revenue and discount given (never summed across currencies)' })
  @ApiOkResponse({ type: [CouponPerformanceRow] })
  performance(): Promise<CouponPerformanceRow[]> {
    return this.coupons.performance();
  }

  @Get(':id')
  @ApiOperation({ summary: 'One coupon' })
  @ApiOkResponse({ type: AdminCoupon })
  get(@Param('id', UuidPipe) id: string): Promise<CouponView> {
    return this.coupons.get(id);
  }

  @Post()
  @ApiOperation({ summary: 'Create a coupon' })
  @ApiBody({ type: AdminCouponInput })
  @ApiCreatedResponse({ type: AdminCoupon })
  @ApiErrorResponse(400, 'A field is missing or wrong')
  @ApiErrorResponse(409, 'A coupon with this code exists')
  async create(@Body() body: Record<string, unknown>, @CurrentUser() actor: AuthUser): Promise<CouponView> {
    const coupon = await this.coupons.create(body);
    await this.record(actor, 'create', coupon.id, `Created coupon ${coupon.code}`);
    return coupon;
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update a coupon (the whole record or some fields)' })
  @ApiBody({ type: AdminCouponInput })
  @ApiOkResponse({ type: AdminCoupon })
  @ApiErrorResponse(400, 'A field is missing or wrong')
  @ApiErrorResponse(409, 'A coupon with this code exists')
  async update(@Param('id', UuidPipe) id: string, @Body() body: Record<string, unknown>, @CurrentUser() actor: AuthUser): Promise<CouponView> {
    const coupon = await this.coupons.update(id, body);
    await this.record(actor, 'update', id, `Updated coupon ${coupon.code}`);
    return coupon;
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a coupon never redeemed; one with redemptions is deactivated instead' })
  @ApiOkResponse({ type: AdminCoupon })
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<CouponView> {
    const before = await this.coupons.get(id);
    const done = await this.coupons.remove(id);
    await this.record(actor, 'delete', id, `${done === 'deleted' ? 'Deleted' : 'Deactivated'} coupon ${before.code}`);
    return { ...before, active: false };
  }
}
