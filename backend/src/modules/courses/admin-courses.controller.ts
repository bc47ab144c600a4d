import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { IntIdPipe } from '../../common/http/id-params';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../common/http/list-query';
import { AdminCoursesService, COURSE_SORT_COLUMNS, type AdminCourseView, type CourseFilter, type CourseSummary } from './admin-courses.service';
import { toCsv } from '../../common/http/csv';
import { CourseInputDto, CoursePatchDto, LessonOrderDto } from './dto/admin-course.dto';
import { COURSE_CATEGORIES, COURSE_STATUSES } from './entities/course.entity';

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

/** Course management for the admin console (ra-data-simple-rest protocol). */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/courses')
export class AdminCoursesController {
  constructor(private readonly courses: AdminCoursesService) {}

  @Get()
  @ApiOperation({ summary: 'Courses (simple-rest list: sort, range, filter q/status/category, getMany by id; Content-Range)' })
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminCourseView[]> {
    const query = parseListQuery(raw, SPEC);
    const { rows, total } = await this.courses.list(query);
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return rows;
  }

  @Get('summary')
  @ApiOperation({ summary: 'The summary tiles for the current filter: total courses, students, average rating, revenue' })
  summary(@Query() raw: ListQueryDto): Promise<CourseSummary> {
    return this.courses.summary(parseFilter(raw));
  }

  @Get('export')
  @ApiOperation({ summary: 'The courses of the current filter as CSV' })
  async export(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const rows = await this.courses.exportRows(parseFilter(raw));
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="courses.csv"');
    return toCsv(CSV_COLUMNS.map(([name]) => name), rows.map((c) => CSV_COLUMNS.map(([, value]) => value(c))));
  }

  @Get(':id')
  get(@Param('id', IntIdPipe) id: number): Promise<AdminCourseView> {
    return this.courses.get(id);
  }

  @Post()
  @ApiOperation({ summary: 'Create a course, optionally with its lessons' })
  create(@Body() body: CourseInputDto, @CurrentUser() actor: AuthUser): Promise<AdminCourseView> {
    return this.courses.create(body, actor);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update a course (whole record or some fields); lessons, when sent, replace the lesson list' })
  update(@Param('id', IntIdPipe) id: number, @Body() body: CoursePatchDto, @CurrentUser() actor: AuthUser): Promise<AdminCourseView> {
    return this.courses.update(id, body, actor);
  }

  @Delete(':id')
  remove(@Param('id', IntIdPipe) id: number, @CurrentUser() actor: AuthUser): Promise<AdminCourseView> {
    return this.courses.remove(id, actor);
  }

  @Put(':id/lesson-order')
  @ApiOperation({ summary: "Reorder a course's lessons: every lesson id, in the new order" })
  async reorder(@Param('id', IntIdPipe) id: number, @Body() body: LessonOrderDto, @CurrentUser() actor: AuthUser): Promise<{ success: true }> {
    await this.courses.reorderLessons(id, body.ids, actor);
    return { success: true };
  }
}
