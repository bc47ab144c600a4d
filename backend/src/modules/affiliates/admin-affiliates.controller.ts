import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { toCsv } from '../../common/http/csv';
import { UuidPipe } from '../../common/http/id-params';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../common/http/list-query';
import { ApiCsvExport, ApiErrorResponse, ApiList } from '../../common/openapi/api-responses';
import { AFFILIATE_SORT_FIELDS, type AffiliateFilter } from './affiliates.repository';
import { AffiliatesService } from './affiliates.service';
import { AdminAffiliateUpdateDto, AFFILIATE_STATUSES, PayoutDto } from './dto/affiliate.dto';
import { AdminAffiliate, AffiliatePayout, OwedAffiliate } from './dto/affiliate-views.dto';
import { PayoutsService } from './payouts.service';

const SPEC: ListSpec = {
  resource: 'affiliates',
  sortable: AFFILIATE_SORT_FIELDS,
  defaultSort: ['appliedAt', 'DESC'],
  idKind: 'uuid',
  filters: { q: filters.text(), status: filters.oneOf(AFFILIATE_STATUSES) },
};

const PAYOUTS_SPEC: ListSpec = { resource: 'affiliate-payouts', sortable: ['paidAt'], defaultSort: ['paidAt', 'DESC'], idKind: 'uuid', filters: {} };

const CSV_COLUMNS: Array<[string, (a: AdminAffiliate) => unknown]> = [
  ['Name', (a) => a.name],
  ['Email', (a) => a.email],
  ['Code', (a) => a.code],
  ['Status', (a) => a.status],
  ['Clicks', (a) => a.clicks],
  ['Sales', (a) => a.sales],
  ['Pending', (a) => a.pendingTotal],
  ['Payable', (a) => a.payableTotal],
  ['Paid', (a) => a.paidTotal],
  ['Currency', (a) => a.currency],
  ['Commission type', (a) => a.commissionType ?? 'default'],
  ['Commission value', (a) => a.commissionValue],
  ['Coupon', (a) => a.couponCode],
  ['Payout method', (a) => a.payoutMethod],
  ['Payout details', (a) => a.payoutDetails],
  ['Applied', (a) => a.appliedAt],
  ['Decided', (a) => a.decidedAt],
];

/** The most rows one CSV export of the grid holds. */
const EXPORT_LIMIT = 50_000;

const csvReply = (reply: FastifyReply, fileName: string) => {
  reply.header('Content-Type', 'text/csv; charset=utf-8');
  reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
};

/** Affiliates in the console: the grid, one record, decisions and terms. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/affiliates')
export class AdminAffiliatesController {
  constructor(private readonly affiliates: AffiliatesService) {}

  @Get()
  @ApiOperation({ summary: 'Affiliates (simple-rest list: sort, range, filter q/status, getMany by id; Content-Range)' })
  @ApiList(AdminAffiliate, SPEC)
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminAffiliate[]> {
    const query = parseListQuery(raw, SPEC);
    const { rows, total } = await this.affiliates.list(query.filter as AffiliateFilter, query);
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return rows;
  }

  @Get('export')
  @ApiOperation({ summary: 'The affiliates of the current filter as CSV' })
  @ApiCsvExport(SPEC, 'affiliates.csv', { sorted: true })
  async export(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const query = parseListQuery({ filter: raw.filter, sort: raw.sort }, { ...SPEC, maxPageSize: EXPORT_LIMIT + 1 });
    const { rows } = await this.affiliates.list(query.filter as AffiliateFilter, { ...query, skip: 0, take: EXPORT_LIMIT });
    csvReply(reply, 'affiliates.csv');
    return toCsv(
      CSV_COLUMNS.map(([name]) => name),
      rows.map((a) => CSV_COLUMNS.map(([, value]) => value(a))),
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'One affiliate' })
  @ApiOkResponse({ type: AdminAffiliate })
  @ApiErrorResponse(404, 'No such affiliate')
  get(@Param('id', UuidPipe) id: string): Promise<AdminAffiliate> {
    return this.affiliates.get(id);
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Decide (status: pending→approved|rejected, approved→suspended, suspended→approved) and set the commission override and coupon',
  })
  @ApiOkResponse({ type: AdminAffiliate })
  @ApiErrorResponse(400, 'A field is missing or wrong')
  @ApiErrorResponse(404, 'No such affiliate')
  @ApiErrorResponse(409, 'A status change the programme does not allow, or a coupon code another affiliate has')
  update(@Param('id', UuidPipe) id: string, @Body() body: AdminAffiliateUpdateDto, @CurrentUser() actor: AuthUser): Promise<AdminAffiliate> {
    return this.affiliates.update(id, body, actor);
  }
}

/** What affiliates are owed and the payout batches. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/affiliate-payouts')
export class AdminAffiliatePayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get('owed')
  @ApiOperation({ summary: 'What each affiliate is owed now, per currency: payable commissions (hold passed) minus clawbacks, not paid yet' })
  @ApiOkResponse({ type: [OwedAffiliate] })
  owed(): Promise<OwedAffiliate[]> {
    return this.payouts.owed();
  }

  @Post()
  @ApiOperation({ summary: "Marks a batch paid: every payable line of those affiliates (or everyone's) in the currency, in one transaction" })
  @ApiCreatedResponse({ type: AffiliatePayout })
  @ApiErrorResponse(400, 'A field is missing or wrong')
  @ApiErrorResponse(409, 'Nothing is owed in that currency to those affiliates (AFFILIATE_NOTHING_OWED)')
  pay(@Body() body: PayoutDto, @CurrentUser() actor: AuthUser): Promise<AffiliatePayout> {
    return this.payouts.pay(body, actor);
  }

  @Get()
  @ApiOperation({ summary: 'Payout batches, newest first (simple-rest list; Content-Range)' })
  @ApiList(AffiliatePayout, PAYOUTS_SPEC)
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AffiliatePayout[]> {
    const query = parseListQuery(raw, PAYOUTS_SPEC);
    const { rows, total } = await this.payouts.list(query.skip, query.take);
    setContentRange(reply, PAYOUTS_SPEC.resource, query, rows.length, total);
    return rows;
  }

  @Get(':id/export')
  @ApiOperation({ summary: 'A batch as CSV for the bank or the wallet list: name, email, payout method, payout details, currency, amount, reference' })
  @ApiOkResponse({ description: 'affiliate-payout.csv, as an attachment', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiErrorResponse(404, 'No such payout')
  async export(@Param('id', UuidPipe) id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const rows = await this.payouts.exportRows(id);
    csvReply(reply, `affiliate-payout-${id}.csv`);
    return toCsv(['Name', 'Email', 'Payout method', 'Payout details', 'Currency', 'Amount', 'Reference'], rows);
  }
}
