import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import { AffiliatesService } from './affiliates.service';
import { ApplyDto, DashboardQueryDto, PayoutDetailsDto } from './dto/affiliate.dto';
import { AffiliateDashboard, AffiliateMe, AffiliateSelf } from './dto/affiliate-views.dto';

/** The learner's side of the affiliate programme (signed in; lifetime access not required). */
@ApiTags('affiliates')
@Controller('affiliates')
export class AffiliatesController {
  constructor(private readonly affiliates: AffiliatesService) {}

  @Get('me')
  @ApiOperation({ summary: "The signed-in learner's affiliate profile, or null before applying" })
  @ApiOkResponse({ type: AffiliateMe })
  async me(@CurrentUser() user: AuthUser): Promise<AffiliateMe> {
    return { affiliate: await this.affiliates.me(user) };
  }

  @Post('apply')
  @ApiOperation({ summary: 'Applies to the affiliate programme (status pending until an admin decides)' })
  @ApiCreatedResponse({ type: AffiliateSelf })
  @ApiErrorResponse(400, 'A field is missing or wrong')
  @ApiErrorResponse(409, 'The learner has applied already (AFFILIATE_ALREADY_APPLIED)')
  apply(@Body() body: ApplyDto, @CurrentUser() user: AuthUser): Promise<AffiliateSelf> {
    return this.affiliates.apply(user, body);
  }

  @Put('me')
  @ApiOperation({ summary: 'Changes how the affiliate is paid' })
  @ApiOkResponse({ type: AffiliateSelf })
  @ApiErrorResponse(400, 'A field is missing or wrong')
  @ApiErrorResponse(404, 'The learner has not applied (AFFILIATE_NOT_FOUND)')
  update(@Body() body: PayoutDetailsDto, @CurrentUser() user: AuthUser): Promise<AffiliateSelf> {
    return this.affiliates.updatePayoutDetails(user, body);
  }

  @Get('me/dashboard')
  @ApiOperation({ summary: "The affiliate's clicks, checkouts and sales by day (site timezone), commission totals per currency and the newest commissions" })
  @ApiOkResponse({ type: AffiliateDashboard })
  @ApiErrorResponse(400, 'days is not a whole number from 1 to 365')
  @ApiErrorResponse(404, 'The learner has not applied (AFFILIATE_NOT_FOUND)')
  dashboard(@Query() query: DashboardQueryDto, @CurrentUser() user: AuthUser): Promise<AffiliateDashboard> {
    return this.affiliates.dashboard(user, query.days ?? 30);
  }
}
