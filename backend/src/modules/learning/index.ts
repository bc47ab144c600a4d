export { LearningModule } from './learning.module';
export { ProgressService, progressPercent } from './progress.service';
export { RatingsService, sanitiseReview } from './ratings.service';
