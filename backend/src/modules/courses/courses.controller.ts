import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { ApiError } from '../../common/errors/api-error';
import { IntIdPipe } from '../../common/http/id-params';
import { AccessService } from '../users/access.service';
import { AdminCoursesService, type AdminCourseView } from './admin-courses.service';
import { CoursesService, type CourseListItem, type CourseView } from './courses.service';
import { CourseSaveDto } from './dto/admin-course.dto';
import { ProgressService } from './progress.service';

@ApiTags('courses')
@Controller('courses')
export class CoursesController {
  constructor(
    private readonly courses: CoursesService,
    private readonly progress: ProgressService,
    private readonly adminCourses: AdminCoursesService,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Published courses; for a signed-in learner each carries their progress' })
  async list(@CurrentUser() user?: AuthUser): Promise<{ success: true; courses: CourseListItem[] }> {
    return { success: true, courses: await this.courses.listPublished(user?.id) };
  }

  @Public()
  @Get(':courseId')
  @ApiOperation({
    summary: 'One published course with its published lessons in order',
    description:
      'With access (an active entitlement, or an admin) the lessons come in full and opening the course makes a learner one of its students; ' +
      'anonymous visitors and accounts without access get the public metadata and the lesson outline only (`hasAccess: false`, no content, video or PDF address).',
  })
  async get(@Param('courseId', IntIdPipe) courseId: number, @CurrentUser() user?: AuthUser): Promise<{ success: true; course: CourseView }> {
    if (!user) return { success: true, course: await this.courses.getPublished(courseId) };
    const hasAccess = user.role === 'admin' || (await this.access().hasAccess(user.id));
    if (hasAccess && user.role === 'student') {
      const mine = await this.progress.courseProgress(user.id, courseId);
      if (!mine.course.started) await this.progress.open(user, courseId);
    }
    return { success: true, course: await this.courses.getPublished(courseId, { id: user.id, hasAccess }) };
  }

  /** The spec's course edit page saves the whole course here (Save Course and autosave). */
  @Post(':courseId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admin: save a course with its lessons (course edit page)' })
  async save(@Param('courseId', IntIdPipe) courseId: number, @Body() body: CourseSaveDto, @CurrentUser() user: AuthUser): Promise<{ success: true; course: AdminCourseView }> {
    if (user.role !== 'admin') throw ApiError.forbidden('Administrators only');
    return { success: true, course: await this.adminCourses.update(courseId, body, user) };
  }

  /** Resolved lazily: the users module depends on this one, so it cannot be a constructor dependency. */
  private access(): AccessService {
    return this.moduleRef.get(AccessService, { strict: false });
  }
}
