import { Module } from '@nestjs/common';
import { SignedLinks } from '../../common/auth/signed-links';
import { AuditModule } from '../audit';
import { MediaModule } from '../media';
import { UsersModule } from '../users';
import { AdminCoursesController } from './admin-courses.controller';
import { AdminCoursesService } from './admin-courses.service';
import { CourseFilesController } from './course-files.controller';
import { CoursesRepository } from './courses.repository';
import { CoursesService } from './courses.service';
import { LessonGate } from './lesson-gate.service';

/** The catalogue: courses and their lessons (quizzes and drip rules included), their administration and lesson files. Learners' progress lives in learning. */
@Module({
  imports: [AuditModule, MediaModule, UsersModule],
  controllers: [AdminCoursesController, CourseFilesController],
  providers: [CoursesService, AdminCoursesService, CoursesRepository, LessonGate, SignedLinks],
  exports: [CoursesService, LessonGate],
})
export class CoursesModule {}
