import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { linkHolderOf, SignedLinks } from '../../common/auth/signed-links';
import { IntIdPipe } from '../../common/http/id-params';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../common/http/list-query';
import { toCsv } from '../../common/http/csv';
import { ApiCsvExport, ApiList, ApiListFilter, SuccessResult } from '../../common/openapi/api-responses';
import { AdminCoursesService } from './admin-courses.service';
import { COURSE_CATEGORIES, COURSE_STATUSES } from './course.model';
import { COURSE_SORT_COLUMNS, type CourseFilter } from './courses.repository';
import { CourseInputDto, CoursePatchDto, LessonOrderDto } from './dto/admin-course.dto';
import { AdminCourseView, CourseSummary, FilePreviewLink } from './dto/course-views.dto';
import { FilePreviewDto } from './dto/file-preview.dto';

const SPEC: ListSpec = {
  resource: 'courses',
  sortable: Object.keys(COURSE_SORT_COLUMNS),
  defaultSort: ['id', 'DESC'],
  idKind: 'int',
  maxPageSize: 200,
  filters: {
    q: filters.text(),
    status: filters.oneOf(COURSE_STATUSES),
    category: filters.oneOf(COURSE_CATEGORIES),
  },
};

/** Only the filter of a list query (summary tiles and CSV export follow the list's filter). */
function parseFilter(raw: ListQueryDto): CourseFilter {
  return parseListQuery({ filter: raw.filter }, SPEC).filter as CourseFilter;
}

const CSV_COLUMNS: Array<[string, (c: AdminCourseView) => unknown]> = [
  ['id', (c) => c.id],
  ['title', (c) => c.title],
  ['instructor', (c) => c.instructor],
  ['category', (c) => c.category],
  ['status', (c) => c.status],
  ['duration', (c) => c.duration],
  ['price', (c) => c.price.toFixed(2)],
  ['lessons', (c) => c.lessonsCount],
  ['totalLessons', (c) => c.totalLessons],
  ['students', (c) => c.students],
  ['rating', (c) => c.rating],
  ['revenue', (c) => c.revenue.toFixed(2)],
  ['createdDate', (c) => c.createdDate],
  ['lastUpdated', (c) => c.lastUpdated],
];

const EXAMPLE_COURSE: AdminCourseView = {
  id: 12,
  title: 'Affiliate Marketing Fundamentals',
  description: 'Pick a niche, choose programs and publish your first review site.',
  instructor: 'Sarah Johnson',
  thumbnail: '/media/seed/course-fundamentals.jpg',
  duration: '4h 30m',
  category: 'Marketing',
  status: 'published',
  price: 197,
  totalLessons: 12,
  lessonsCount: 1,
  students: 42,
  rating: 4.6,
  ratingsCount: 18,
  revenue: 8274,
  createdDate: '2026-01-05',
  lastUpdated: '2026-01-31',
  hasDraft: false,
  lessons: [
    {
      id: 101,
      courseId: 12,
      title: 'Welcome',
      type: 'video',
      duration: '5 min',
      content: '<p>What this course covers.</p>',
      videoUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      pdfUrl: null,
      order: 1,
      published: true,
      quiz: null,
      dripDays: null,
      availableFrom: null,
    },
  ],
};

/** Course management for the admin console (ra-data-simple-rest protocol). */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/courses')
export class AdminCoursesController {
  constructor(
    private readonly courses: AdminCoursesService,
    private readonly links: SignedLinks,
  ) {}

  /** A short-lived link to preview a lesson's uploaded PDF in the editor (the file itself is never public). */
  @Post('file-preview-link')
  @HttpCode(200)
  @ApiOperation({ summary: "A signed link for the course editor's preview of an uploaded lesson PDF (valid for this admin's session)" })
  @ApiOkResponse({ type: FilePreviewLink })
  previewLink(@Body() body: FilePreviewDto, @CurrentUser() actor: AuthUser): FilePreviewLink {
    const query = new URLSearchParams({ ref: body.url });
    return {
      url: `${this.links.url('media-preview', body.url, linkHolderOf(actor), '/api/courses/file-preview')}&${query}`,
    };
  }

  @Get()
  @ApiOperation({ summary: 'Courses (simple-rest list: sort, range, filter q/status/category, getMany by id; Content-Range)' })
  @ApiList(AdminCourseView, SPEC, {
    page: [EXAMPLE_COURSE],
    filter: { summary: 'Published marketing courses', value: { status: 'published', category: 'Marketing' } },
  })
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminCourseView[]> {
    const query = parseListQuery(raw, SPEC);
    const { rows, total } = await this.courses.list(query);
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return rows;
  }

  @Get('summary')
  @ApiOperation({ summary: 'The summary tiles for the current filter: total courses, students, average rating, revenue' })
  @ApiListFilter(SPEC)
  @ApiOkResponse({ type: CourseSummary })
  summary(@Query() raw: ListQueryDto): Promise<CourseSummary> {
    return this.courses.summary(parseFilter(raw));
  }

  @Get('export')
  @ApiOperation({ summary: 'The courses of the current filter as CSV' })
  @ApiCsvExport(SPEC, 'courses.csv')
  async export(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const rows = await this.courses.exportRows(parseFilter(raw));
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="courses.csv"');
    return toCsv(
      CSV_COLUMNS.map(([name]) => name),
      rows.map((c) => CSV_COLUMNS.map(([, value]) => value(c))),
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'One course with its lessons' })
  @ApiOkResponse({ type: AdminCourseView, example: EXAMPLE_COURSE })
  get(@Param('id', IntIdPipe) id: number): Promise<AdminCourseView> {
    return this.courses.get(id);
  }

  @Post()
  @ApiOperation({ summary: 'Create a course, optionally with its lessons' })
  @ApiCreatedResponse({ type: AdminCourseView, description: 'The course created, with its id' })
  create(@Body() body: CourseInputDto, @CurrentUser() actor: AuthUser): Promise<AdminCourseView> {
    return this.courses.create(body, actor);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update a course (whole record or some fields); lessons, when sent, replace the lesson list' })
  @ApiOkResponse({ type: AdminCourseView, description: 'The course as saved' })
  update(@Param('id', IntIdPipe) id: number, @Body() body: CoursePatchDto, @CurrentUser() actor: AuthUser): Promise<AdminCourseView> {
    return this.courses.update(id, body, actor);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a course and its lessons' })
  @ApiOkResponse({ type: AdminCourseView, description: 'The deleted course' })
  remove(@Param('id', IntIdPipe) id: number, @CurrentUser() actor: AuthUser): Promise<AdminCourseView> {
    return this.courses.remove(id, actor);
  }

  @Put(':id/lesson-order')
  @ApiOperation({ summary: "Reorder a course's lessons: every lesson id, in the new order" })
  @ApiOkResponse({ type: SuccessResult })
  async reorder(@Param('id', IntIdPipe) id: number, @Body() body: LessonOrderDto, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    await this.courses.reorderLessons(id, body.ids, actor);
    return { success: true };
  }
}
