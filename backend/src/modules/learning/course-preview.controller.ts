import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator';
import { IntIdPipe } from '../../common/http/id-params';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import { CoursePreviewService } from './course-preview.service';
import { CourseView } from './dto/learning-views.dto';
import { LearnerQuiz, QuizSubmission, SubmitQuizDto } from './dto/quiz.dto';

export class PreviewInfo {
  @ApiProperty({ format: 'date-time', description: 'When the preview link stops working' })
  expiresAt: string;
}

export class CoursePreviewDetail {
  @ApiProperty({ enum: [true] })
  success: true;
  @ApiProperty({ description: "The draft as a learner with access would see it (GET /api/courses/{id}'s shape), nothing locked, nothing recorded" })
  course: CourseView;
  @ApiProperty()
  preview: PreviewInfo;
}

const INVALID = 'The link has expired or is not valid (code NOT_FOUND: "This preview link has expired or is not valid")';

/** A course draft in the learner viewer, through the signed link the console makes: read-only, nothing recorded. */
@ApiTags('courses')
@Public()
@ApiSecurity({})
@Controller('preview/:token')
export class CoursePreviewController {
  constructor(private readonly previews: CoursePreviewService) {}

  @Get()
  @ApiOperation({ summary: "A course's draft in the learner's shape, for its preview link" })
  @ApiOkResponse({ type: CoursePreviewDetail })
  @ApiErrorResponse(404, INVALID)
  async course(@Param('token') token: string): Promise<CoursePreviewDetail> {
    const { course, expiresAt } = await this.previews.course(token);
    return { success: true, course, preview: { expiresAt } };
  }

  @Get('lessons/:lessonId/quiz')
  @ApiOperation({ summary: "A draft quiz lesson's quiz (questions without answers)" })
  @ApiOkResponse({ type: LearnerQuiz })
  @ApiErrorResponse(404, INVALID)
  quiz(@Param('token') token: string, @Param('lessonId', IntIdPipe) lessonId: number): Promise<LearnerQuiz> {
    return this.previews.quiz(token, lessonId);
  }

  @Post('lessons/:lessonId/quiz')
  @HttpCode(200)
  @ApiOperation({ summary: "Grade answers against the draft's quiz; nothing is recorded (no attempt, completion or event)" })
  @ApiOkResponse({ type: QuizSubmission })
  @ApiErrorResponse(404, INVALID)
  submit(@Param('token') token: string, @Param('lessonId', IntIdPipe) lessonId: number, @Body() body: SubmitQuizDto): Promise<QuizSubmission> {
    return this.previews.submit(token, lessonId, body.answers);
  }
}
