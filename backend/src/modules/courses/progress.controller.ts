import { Body, Controller, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequiresAccess } from '../../common/auth/decorators';
import { IntIdPipe } from '../../common/http/id-params';
import { CourseRatingDto, LessonPositionDto } from './dto/progress.dto';
import { ProgressService, type CompletionAnswer, type RatingAnswer } from './progress.service';

/** The learner's own progress: completions, resume positions and ratings (lifetime access required). */
@ApiTags('progress')
@ApiBearerAuth()
@RequiresAccess()
@Controller('courses/:courseId')
export class ProgressController {
  constructor(private readonly progress: ProgressService) {}

  @Post('lessons/:lessonId/complete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a lesson complete (idempotent); completing the last one completes the course' })
  complete(
    @Param('courseId', IntIdPipe) courseId: number,
    @Param('lessonId', IntIdPipe) lessonId: number,
    @CurrentUser() user: AuthUser,
  ): Promise<CompletionAnswer> {
    return this.progress.complete(user, courseId, lessonId);
  }

  @Delete('lessons/:lessonId/complete')
  @ApiOperation({ summary: 'Mark a lesson not complete' })
  uncomplete(
    @Param('courseId', IntIdPipe) courseId: number,
    @Param('lessonId', IntIdPipe) lessonId: number,
    @CurrentUser() user: AuthUser,
  ): Promise<CompletionAnswer> {
    return this.progress.uncomplete(user, courseId, lessonId);
  }

  @Put('lessons/:lessonId/position')
  @ApiOperation({ summary: 'Save the last video position (resume)' })
  position(
    @Param('courseId', IntIdPipe) courseId: number,
    @Param('lessonId', IntIdPipe) lessonId: number,
    @Body() body: LessonPositionDto,
    @CurrentUser() user: AuthUser,
  ): Promise<{ success: true; positionSeconds: number }> {
    return this.progress.savePosition(user, courseId, lessonId, body.seconds);
  }

  @Put('rating')
  @ApiOperation({ summary: 'Rate a course you have opened, 1 to 5 stars' })
  rate(@Param('courseId', IntIdPipe) courseId: number, @Body() body: CourseRatingDto, @CurrentUser() user: AuthUser): Promise<RatingAnswer> {
    return this.progress.rate(user, courseId, body.stars);
  }
}
