import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminCoursesController } from './admin-courses.controller';
import { AdminCoursesService } from './admin-courses.service';
import { CoursesController } from './courses.controller';
import { CoursesService } from './courses.service';
import { Course } from './entities/course.entity';
import { Lesson } from './entities/lesson.entity';
import { ProgressController } from './progress.controller';
import { ProgressService } from './progress.service';

@Module({
  imports: [TypeOrmModule.forFeature([Course, Lesson])],
  controllers: [AdminCoursesController, ProgressController, CoursesController],
  providers: [CoursesService, ProgressService, AdminCoursesService],
  exports: [CoursesService, ProgressService, AdminCoursesService],
})
export class CoursesModule {}
