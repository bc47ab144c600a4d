import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { IntIdPipe } from '../../common/http/id-params';
import { CourseDetail, CourseList, CourseReviews } from './dto/learning-views.dto';
import { LearnerCatalogueService } from './learner-catalogue.service';
import { RatingsService } from './ratings.service';

@ApiTags('courses')
@Controller('courses')
export class CatalogueController {
  constructor(
    private readonly catalogue: LearnerCatalogueService,
    private readonly ratings: RatingsService,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Published courses; for a signed-in learner each carries their progress' })
  @ApiSecurity({})
  @ApiSecurity('learner')
  @ApiSecurity('admin')
  @ApiOkResponse({ type: CourseList })
  async list(@CurrentUser() user?: AuthUser): Promise<CourseList> {
    return { success: true, courses: await this.catalogue.list(user?.id) };
  }

  @Public()
  @Get(':courseId')
  @ApiOperation({
    summary: 'One published course with its published lessons in order',
    description:
      'With access (an active entitlement, or an admin) the lessons come in full and opening the course makes a learner one of its students; ' +
      'anonymous visitors and accounts without access get the public metadata and the lesson outline only (`hasAccess: false`, no content, video or PDF address).',
  })
  @ApiSecurity({})
  @ApiSecurity('learner')
  @ApiSecurity('admin')
  @ApiOkResponse({ type: CourseDetail })
  async get(@Param('courseId', IntIdPipe) courseId: number, @CurrentUser() user?: AuthUser): Promise<CourseDetail> {
    return { success: true, course: await this.catalogue.get(courseId, user) };
  }

  @Public()
  @Get(':courseId/reviews')
  @ApiOperation({ summary: "The newest learners' reviews of a published course (hidden ones left out)" })
  @ApiOkResponse({ type: CourseReviews })
  async reviews(@Param('courseId', IntIdPipe) courseId: number): Promise<CourseReviews> {
    return { reviews: await this.ratings.reviews(courseId) };
  }
}
