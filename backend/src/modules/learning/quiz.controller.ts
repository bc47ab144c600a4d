import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser, RequiresAccess } from '../../common/auth/decorators';
import { IntIdPipe } from '../../common/http/id-params';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import { LearnerQuiz, QuizStats, QuizSubmission, SubmitQuizDto } from './dto/quiz.dto';
import { QuizService } from './quiz.service';

const LOCKED_OR_NO_ACCESS = 'Lifetime access is required, or the lesson is not released to you yet (code LESSON_LOCKED, with the date it opens)';

/** A quiz lesson's quiz for learners: its questions without answers, and graded attempts. */
@ApiTags('progress')
@RequiresAccess()
@Controller('courses/:courseId/lessons/:lessonId/quiz')
export class QuizController {
  constructor(private readonly quizzes: QuizService) {}

  @Get()
  @ApiOperation({
    summary: 'The quiz of a quiz lesson: rules, your attempts and latest result, and the questions without their answers (shuffled when the quiz says so)',
  })
  @ApiOkResponse({ type: LearnerQuiz })
  @ApiErrorResponse(403, LOCKED_OR_NO_ACCESS)
  @ApiErrorResponse(404, 'No such published lesson in this published course, or the lesson has no quiz (code NOT_A_QUIZ)')
  quiz(@Param('courseId', IntIdPipe) courseId: number, @Param('lessonId', IntIdPipe) lessonId: number, @CurrentUser() user: AuthUser): Promise<LearnerQuiz> {
    return this.quizzes.quiz(user, courseId, lessonId);
  }

  @Post('attempts')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Submit answers: graded on the server, stored as an attempt; passing completes the lesson (lesson.completed, and course.completed after the last one)',
  })
  @ApiOkResponse({ type: QuizSubmission })
  @ApiErrorResponse(403, LOCKED_OR_NO_ACCESS)
  @ApiErrorResponse(404, 'No such published lesson in this published course, or the lesson has no quiz (code NOT_A_QUIZ)')
  @ApiErrorResponse(409, 'No attempt left (code QUIZ_NO_ATTEMPTS_LEFT), or the quiz changed since it was opened (code QUIZ_CHANGED)')
  submit(
    @Param('courseId', IntIdPipe) courseId: number,
    @Param('lessonId', IntIdPipe) lessonId: number,
    @Body() body: SubmitQuizDto,
    @CurrentUser() user: AuthUser,
  ): Promise<QuizSubmission> {
    return this.quizzes.submit(user, courseId, lessonId, body.answers, body.quizVersion);
  }
}

/** Where learners fail: a quiz's attempts, pass rate and per-question success, for the console. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/courses/:courseId/lessons/:lessonId/quiz-stats')
export class AdminQuizStatsController {
  constructor(private readonly quizzes: QuizService) {}

  @Get()
  @ApiOperation({
    summary: "A quiz lesson's statistics: attempts, learners, pass rate, average score, and each question's share of right answers and picked choices",
  })
  @ApiOkResponse({ type: QuizStats })
  @ApiErrorResponse(404, 'No such lesson in this course, or the lesson has no quiz (code NOT_A_QUIZ)')
  stats(@Param('courseId', IntIdPipe) courseId: number, @Param('lessonId', IntIdPipe) lessonId: number): Promise<QuizStats> {
    return this.quizzes.stats(courseId, lessonId);
  }
}
