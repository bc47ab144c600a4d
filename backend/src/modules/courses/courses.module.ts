import { Module } from '@nestjs/common';
import { SignedLinks } from '../../common/auth/signed-links';
import { AuditModule } from '../audit';
import { MediaModule } from '../media';
import { SettingsModule } from '../settings';
import { UsersModule } from '../users';
import { AdminCoursesController } from './admin-courses.controller';
import { AdminCoursesService } from './admin-courses.service';
import { CourseDraftsController } from './course-drafts.controller';
import { CourseDraftsRepository } from './course-drafts.repository';
import { CourseDraftsService } from './course-drafts.service';
import { CourseFilesController } from './course-files.controller';
import { CoursePreviews } from './course-previews.service';
import { CoursesRepository } from './courses.repository';
import { CoursesService } from './courses.service';
import { LessonGate } from './lesson-gate.service';

/** The catalogue: courses and their lessons (quizzes and drip rules included), their administration and lesson files. Learners' progress lives in learning. */
@Module({
  imports: [AuditModule, MediaModule, SettingsModule, UsersModule],
  controllers: [AdminCoursesController, CourseDraftsController, CourseFilesController],
  providers: [CoursesService, AdminCoursesService, CoursesRepository, CourseDraftsRepository, CourseDraftsService, CoursePreviews, LessonGate, SignedLinks],
  exports: [CoursesService, CoursePreviews, LessonGate],
})
export class CoursesModule {}
