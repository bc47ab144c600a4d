import { Body, Controller, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequiresAccess } from '../../common/auth/decorators';
import { IntIdPipe } from '../../common/http/id-params';
import { CourseReviewDto, LessonPositionDto } from './progress.dto';
import { CompletionAnswer, PositionSaved, RatingAnswer } from './dto/learning-views.dto';
import { ProgressService } from './progress.service';
import { RatingsService } from './ratings.service';

const LOCKED_OR_NO_ACCESS = 'Lifetime access is required, or the lesson is not released to you yet (code LESSON_LOCKED, with the date it opens)';

/** The learner's own progress: completions, resume positions and ratings (lifetime access required). */
@ApiTags('progress')
@RequiresAccess()
@Controller('courses/:courseId')
export class ProgressController {
  constructor(
    private readonly progress: ProgressService,
    private readonly ratings: RatingsService,
  ) {}

  @Post('lessons/:lessonId/complete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a lesson complete (idempotent); completing the last one completes the course. A quiz lesson completes by passing its quiz' })
  @ApiOkResponse({ type: CompletionAnswer })
  @ApiErrorResponse(403, LOCKED_OR_NO_ACCESS)
  @ApiErrorResponse(409, 'A quiz lesson whose quiz is not passed yet (code QUIZ_NOT_PASSED)')
  complete(
    @Param('courseId', IntIdPipe) courseId: number,
    @Param('lessonId', IntIdPipe) lessonId: number,
    @CurrentUser() user: AuthUser,
  ): Promise<CompletionAnswer> {
    return this.progress.complete(user, courseId, lessonId);
  }

  @Delete('lessons/:lessonId/complete')
  @ApiOperation({ summary: 'Mark a lesson not complete' })
  @ApiOkResponse({ type: CompletionAnswer })
  @ApiErrorResponse(403, LOCKED_OR_NO_ACCESS)
  uncomplete(
    @Param('courseId', IntIdPipe) courseId: number,
    @Param('lessonId', IntIdPipe) lessonId: number,
    @CurrentUser() user: AuthUser,
  ): Promise<CompletionAnswer> {
    return this.progress.uncomplete(user, courseId, lessonId);
  }

  @Put('lessons/:lessonId/position')
  @ApiOperation({ summary: 'Save the last video position (resume)' })
  @ApiOkResponse({ type: PositionSaved })
  @ApiErrorResponse(403, LOCKED_OR_NO_ACCESS)
  position(
    @Param('courseId', IntIdPipe) courseId: number,
    @Param('lessonId', IntIdPipe) lessonId: number,
    @Body() body: LessonPositionDto,
    @CurrentUser() user: AuthUser,
  ): Promise<PositionSaved> {
    return this.progress.savePosition(user, courseId, lessonId, body.seconds);
  }

  @Put('rating')
  @ApiOperation({ summary: 'Rate a course after completing at least one of its lessons: 1 to 5 stars and an optional short review' })
  @ApiOkResponse({ type: RatingAnswer })
  @ApiErrorResponse(403, 'Lifetime access is required, or no lesson of this course is completed yet')
  rate(@Param('courseId', IntIdPipe) courseId: number, @Body() body: CourseReviewDto, @CurrentUser() user: AuthUser): Promise<RatingAnswer> {
    return this.ratings.rate(user, courseId, body.stars, body.review);
  }
}
