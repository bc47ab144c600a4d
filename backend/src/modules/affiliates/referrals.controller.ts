import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import { appConfig } from '../../config';
import { ReferralVisitDto } from './dto/affiliate.dto';
import { ReferralVisitResult } from './dto/affiliate-views.dto';
import { REFERRAL_COOKIE } from './referral-cookie';
import { ReferralAttribution } from './referral-attribution.service';

/** The learner site's report of each public page view (the funnel's visits), and of a visit through a referral link or a campaign URL. */
@ApiTags('affiliates')
@Controller('referrals')
export class ReferralsController {
  private readonly secure: boolean;

  constructor(
    private readonly attribution: ReferralAttribution,
    @Inject(appConfig.KEY) app: ConfigType<typeof appConfig>,
  ) {
    this.secure = app.publicUrl.startsWith('https:');
  }

  @Public()
  @Post('visit')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Records a public page view for the funnel and a referral visit (bots filtered, no IP or user agent stored); sets the signed first-party cookie cp_ref',
    description:
      "Call on every public page view (once per navigation). Every view but a bot's is counted in the funnel under its source: the URL's `ref` (an approved affiliate) or `utm_*` when present, else the attribution held in `cp_ref`, else the referring site. A view whose URL has `ref` or `utm_*` parameters is also a referral visit: the attribution (last click wins, or first click, per Settings > Affiliates) is held in the HttpOnly cookie `cp_ref` for the attribution window and answered as `referral`, for browsers that drop the cookie: send it back as `referral` to POST /payments/create.",
  })
  @ApiOkResponse({ type: ReferralVisitResult })
  @ApiErrorResponse(400, 'A field is too long or the path is not a path')
  @ApiErrorResponse(429, 'Too many page views reported from this client address: wait the Retry-After seconds')
  async visit(@Body() body: ReferralVisitDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<ReferralVisitResult> {
    await this.attribution.limitVisits(req.ip);
    const outcome = await this.attribution.visit(body, req.headers['user-agent'], req.headers.cookie);
    if (outcome.referral && outcome.cookieMaxAgeSeconds !== null) {
      const attributes = [`Max-Age=${outcome.cookieMaxAgeSeconds}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...(this.secure ? ['Secure'] : [])];
      reply.header('Set-Cookie', `${REFERRAL_COOKIE}=${outcome.referral}; ${attributes.join('; ')}`);
    }
    return { recorded: outcome.recorded, referral: outcome.referral };
  }
}
