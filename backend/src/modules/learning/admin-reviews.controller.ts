import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiList } from '../../common/openapi/api-responses';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../common/http/list-query';
import { ReviewVisibilityDto } from './progress.dto';
import { REVIEW_SORT_FIELDS } from './ratings.repository';
import { AdminReviewView } from './dto/learning-views.dto';
import { RatingsService } from './ratings.service';

const SPEC: ListSpec = {
  resource: 'reviews',
  sortable: REVIEW_SORT_FIELDS,
  defaultSort: ['ratedAt', 'DESC'],
  idKind: 'uuid',
  filters: {
    courseId: filters.int(),
    hidden: filters.bool(),
    withText: filters.bool(),
  },
};

const REVIEW_ID = { name: 'id', description: '`<courseId>_<userId>`', example: '12_0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69' };

/** Ratings and reviews in the console: read them, hide an abusive review's text. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/reviews')
export class AdminReviewsController {
  constructor(private readonly ratings: RatingsService) {}

  @Get()
  @ApiOperation({ summary: 'Ratings and reviews (simple-rest list; filters courseId, hidden, withText)' })
  @ApiList(AdminReviewView, SPEC, { filter: { summary: 'Visible reviews with text of one course', value: { courseId: 12, hidden: false, withText: true } } })
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminReviewView[]> {
    const query = parseListQuery(raw, SPEC);
    const { rows, total } = await this.ratings.adminList(query);
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return rows;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One rating with its review' })
  @ApiParam(REVIEW_ID)
  @ApiOkResponse({ type: AdminReviewView })
  get(@Param('id') id: string): Promise<AdminReviewView> {
    return this.ratings.adminGet(id);
  }

  @Put(':id')
  @ApiOperation({ summary: "Hides (or shows again) a review's text; the stars keep counting in the average" })
  @ApiParam(REVIEW_ID)
  @ApiOkResponse({ type: AdminReviewView, description: 'The review as saved' })
  update(@Param('id') id: string, @Body() body: ReviewVisibilityDto, @CurrentUser() actor: AuthUser): Promise<AdminReviewView> {
    return this.ratings.setHidden(id, body.hidden, actor);
  }
}
