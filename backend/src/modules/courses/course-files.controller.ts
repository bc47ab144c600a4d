import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { hasAdminPower } from '../../common/auth/admin-power';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser, RequiresAccess, SignedLinkAuth } from '../../common/auth/decorators';
import { SignedLinkQueryDto } from '../../common/auth/signed-link-query.dto';
import { Public } from '../../common/auth/public.decorator';
import { CommonError } from '../../common/errors/common.error';
import { IntIdPipe } from '../../common/http/id-params';
import { MediaService } from '../media';
import { AdminCoursesService } from './admin-courses.service';
import { CourseDraftsService } from './course-drafts.service';
import { CoursePreviews } from './course-previews.service';
import { CoursesError } from './courses.error';
import { CoursesService } from './courses.service';
import { CourseSaveDto } from './dto/admin-course.dto';
import { CourseSaved } from './dto/course-views.dto';
import { FilePreviewQueryDto } from './dto/file-preview.dto';

type PaidFile = NonNullable<Awaited<ReturnType<MediaService['openPaidFile']>>>;

async function sendInline(reply: FastifyReply, file: PaidFile, disposition: string): Promise<void> {
  await reply
    .header('Content-Type', file.mimeType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', disposition)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(file.stream);
}

/** Course routes outside the learner's catalogue: lesson files (opened by signed link) and the course editor's save. */
@ApiTags('courses')
@Controller('courses')
export class CourseFilesController {
  constructor(
    private readonly courses: CoursesService,
    private readonly adminCourses: AdminCoursesService,
    private readonly drafts: CourseDraftsService,
    private readonly previews: CoursePreviews,
    private readonly media: MediaService,
  ) {}

  /**
   * A lesson's own file (its PDF), shown inline. Opened with the signed link
   * the course answer carries (a new tab sends no bearer token) or with a
   * bearer token; either way access is checked now, so a link dies with a
   * refund, a suspension, or "sign out everywhere".
   */
  @SignedLinkAuth('lesson-file', { param: 'lessonId' })
  @RequiresAccess()
  @Get(':courseId/lessons/:lessonId/file')
  @ApiOperation({
    summary: "A lesson's PDF, through its signed link (u, v, exp, sig) or a bearer token; access and the lesson's release date checked at download time",
  })
  @ApiOkResponse({ description: 'The file, shown inline', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  async file(
    @Param('courseId', IntIdPipe) courseId: number,
    @Param('lessonId', IntIdPipe) lessonId: number,
    @Query() _link: SignedLinkQueryDto,
    @CurrentUser() user: AuthUser,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.media.openPaidFile(await this.courses.lessonFileReference(courseId, lessonId, user));
    if (!file) throw CoursesError.noLessonFile();
    await sendInline(reply, file, `inline; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"`);
  }

  /**
   * The spec's course edit page saves the whole course here (Save Course and autosave): into the course's
   * draft, never into what learners see (publishing is its own step); an admin-portal session only.
   */
  @AdminOnly()
  @Post(':courseId')
  @HttpCode(200)
  @ApiOperation({ summary: "Admin: save a course with its lessons into the course's draft (course edit page; the spec names this path)" })
  @ApiOkResponse({ type: CourseSaved, description: 'The course as its draft now stands (learners still see the published version)' })
  async save(@Param('courseId', IntIdPipe) courseId: number, @Body() body: CourseSaveDto, @CurrentUser() user: AuthUser): Promise<CourseSaved> {
    const { draft } = await this.drafts.save(courseId, body, user);
    const course = await this.adminCourses.get(courseId);
    return { success: true, course: { ...course, ...draft, lessons: draft.lessons } };
  }

  /** A draft lesson's PDF in the preview of the draft: the preview link is the authority, and only for a lesson of that draft. */
  @Public()
  @Get('preview-file/:token/:lessonId')
  @ApiOperation({ summary: "A draft lesson's PDF in the learner preview (through the preview link's token)" })
  @ApiOkResponse({ description: 'The file, shown inline', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  async previewFile(@Param('token') token: string, @Param('lessonId', IntIdPipe) lessonId: number, @Res() reply: FastifyReply): Promise<void> {
    const preview = await this.previews.open(token);
    const lesson = preview.content.lessons.find((l) => l.id === lessonId);
    if (!lesson?.pdfUrl) throw CoursesError.noLessonFile();
    const file = await this.media.openPaidFile(lesson.pdfUrl);
    if (!file) throw CoursesError.noLessonFile();
    await sendInline(reply, file, 'inline');
  }

  /** The editor's preview of an uploaded lesson PDF: an admin's signed link (see AdminCoursesController.previewLink). */
  @SignedLinkAuth('media-preview', { query: 'ref' })
  @Get('file-preview')
  @ApiOperation({ summary: "An uploaded lesson PDF for the course editor's preview, through an admin's signed link" })
  @ApiOkResponse({ description: 'The file, shown inline', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  async filePreview(@Query() link: FilePreviewQueryDto, @CurrentUser() user: AuthUser, @Res() reply: FastifyReply): Promise<void> {
    if (!hasAdminPower(user)) throw CommonError.forbidden('Administrators only');
    const file = await this.media.openPaidFile(link.ref);
    if (!file) throw CommonError.notFound('File not found');
    await sendInline(reply, file, 'inline');
  }
}
