import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser, RequiresAccess } from '../../common/auth/decorators';
import { IntIdPipe } from '../../common/http/id-params';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../common/http/list-query';
import { ApiErrorResponse, ApiList, SuccessResult } from '../../common/openapi/api-responses';
import { AdminLessonQuestion, LessonPost, LessonQuestions, PostQuestionDto, QuestionVisibilityDto } from './dto/questions.dto';
import { QuestionsService } from './questions.service';

const LOCKED_OR_NO_ACCESS = 'Lifetime access is required, or the lesson is not released to you yet (code LESSON_LOCKED)';

/** Questions and replies under a lesson, for learners with access to it (and administrators). */
@ApiTags('progress')
@RequiresAccess()
@Controller('courses/:courseId/lessons/:lessonId/questions')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get()
  @ApiOperation({ summary: "A lesson's questions with their replies, newest question first (hidden posts: administrators only)" })
  @ApiOkResponse({ type: LessonQuestions })
  @ApiErrorResponse(403, LOCKED_OR_NO_ACCESS)
  async list(
    @Param('courseId', IntIdPipe) courseId: number,
    @Param('lessonId', IntIdPipe) lessonId: number,
    @CurrentUser() user: AuthUser,
  ): Promise<LessonQuestions> {
    return { questions: await this.questions.list(user, courseId, lessonId) };
  }

  @Post()
  @ApiOperation({ summary: 'Ask a question, or reply to one (parentId); plain text, 5 posts a minute. An administrator answers with the Instructor badge' })
  @ApiCreatedResponse({ type: LessonPost, description: 'The question or reply, as it is shown under the lesson' })
  @ApiErrorResponse(403, LOCKED_OR_NO_ACCESS)
  @ApiErrorResponse(404, 'No such question under this lesson (code QUESTION_NOT_FOUND)')
  @ApiErrorResponse(429, 'Too many posts in a minute (code TOO_MANY_POSTS)')
  post(
    @Param('courseId', IntIdPipe) courseId: number,
    @Param('lessonId', IntIdPipe) lessonId: number,
    @Body() body: PostQuestionDto,
    @CurrentUser() user: AuthUser,
  ): Promise<LessonPost> {
    return this.questions.post(user, courseId, lessonId, body.body, body.parentId);
  }
}

const SPEC: ListSpec = {
  resource: 'lesson-questions',
  sortable: ['createdAt'],
  defaultSort: ['createdAt', 'DESC'],
  // Ids are bigint text: the list is never asked for by ids.
  idKind: 'int',
  filters: { unanswered: filters.bool() },
};

/** Questions under lessons in the console: the unanswered ones, answers, hiding and deleting. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/lesson-questions')
export class AdminQuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Get()
  @ApiOperation({ summary: 'Questions under lessons (simple-rest list; filter unanswered: the oldest unanswered first)' })
  @ApiList(AdminLessonQuestion, SPEC)
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminLessonQuestion[]> {
    const query = parseListQuery(raw, SPEC);
    const { items, total } = await this.questions.adminList(query.filter.unanswered === true, query.skip, query.take);
    setContentRange(reply, SPEC.resource, query, items.length, total);
    return items;
  }

  @Post(':id/answer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Answer a question as the instructor; the asker is notified (bell and email) of the first answer' })
  @ApiOkResponse({ type: LessonPost })
  @ApiErrorResponse(404, 'No such question (code QUESTION_NOT_FOUND)')
  answer(@Param('id') id: string, @Body() body: PostQuestionDto, @CurrentUser() user: AuthUser): Promise<LessonPost> {
    return this.questions.answer(user, /^\d{1,18}$/.test(id) ? id : '0', body.body);
  }

  @Put(':id/visibility')
  @ApiOperation({ summary: 'Hide a post from learners, or show it again' })
  @ApiOkResponse({ type: SuccessResult })
  @ApiErrorResponse(404, 'No such post (code QUESTION_NOT_FOUND)')
  async visibility(@Param('id') id: string, @Body() body: QuestionVisibilityDto, @CurrentUser() user: AuthUser): Promise<{ success: true }> {
    await this.questions.setHidden(user, /^\d{1,18}$/.test(id) ? id : '0', body.hidden);
    return { success: true };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a post (a question with its replies)' })
  @ApiOkResponse({ type: SuccessResult })
  @ApiErrorResponse(404, 'No such post (code QUESTION_NOT_FOUND)')
  async remove(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<{ success: true }> {
    await this.questions.delete(user, /^\d{1,18}$/.test(id) ? id : '0');
    return { success: true };
  }
}
