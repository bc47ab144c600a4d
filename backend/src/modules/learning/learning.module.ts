import { Module } from '@nestjs/common';
import { SignedLinks } from '../../common/auth/signed-links';
import { AuditModule } from '../audit';
import { CoursesModule } from '../courses';
import { SettingsModule } from '../settings';
import { UsersModule } from '../users';
import { AdminReviewsController } from './admin-reviews.controller';
import { CatalogueController } from './catalogue.controller';
import { CoursePreviewController } from './course-preview.controller';
import { CoursePreviewService } from './course-preview.service';
import { NextStepController } from './next-step.controller';
import { LearnerCatalogueService } from './learner-catalogue.service';
import { LessonDigestRunsRepository } from './lesson-digest-runs.repository';
import { LessonDigestService } from './lesson-digest.service';
import { ProgressController } from './progress.controller';
import { ProgressRepository } from './progress.repository';
import { ProgressService } from './progress.service';
import { AdminQuizStatsController, QuizController } from './quiz.controller';
import { QuizRepository } from './quiz.repository';
import { AdminQuestionsController, QuestionsController } from './questions.controller';
import { QuestionsRepository } from './questions.repository';
import { QuestionsService } from './questions.service';
import { QuizService } from './quiz.service';
import { RatingsRepository } from './ratings.repository';
import { RatingsService } from './ratings.service';

/** Learners' side of the courses: the catalogue with their progress and drip locks, completions, quizzes and their attempts, resume positions, what to study next, ratings and reviews (hidden by admins), questions under each lesson, and the daily digest of dripped lessons that opened. */
@Module({
  imports: [CoursesModule, AuditModule, SettingsModule, UsersModule],
  controllers: [
    CatalogueController,
    CoursePreviewController,
    ProgressController,
    QuizController,
    NextStepController,
    AdminReviewsController,
    AdminQuizStatsController,
    QuestionsController,
    AdminQuestionsController,
  ],
  providers: [
    LearnerCatalogueService,
    CoursePreviewService,
    LessonDigestService,
    LessonDigestRunsRepository,
    ProgressService,
    ProgressRepository,
    QuizService,
    QuizRepository,
    QuestionsService,
    QuestionsRepository,
    RatingsService,
    RatingsRepository,
    SignedLinks,
  ],
  exports: [ProgressService, RatingsService],
})
export class LearningModule {}
