import { Global, Module } from '@nestjs/common';
import { CATALOGUE_FACTS, type CatalogueFacts } from './modules/analytics';
import { CertificatesModule, CertificatesService } from './modules/certificates';
import { CoursesModule, CoursesService } from './modules/courses';
import { LearningModule, ProgressService } from './modules/learning';
import { LEARNER_STATS, type LearnerStats } from './modules/users';
import { PAGE_META, type PageMetaSource } from './modules/web';

/**
 * The composition root's bindings of the ports a module declares for what
 * it may not import (it would make a cycle, or break a rule of DESIGN.md):
 * users asks learning for completed courses, analytics asks courses for
 * catalogue facts, the web shell asks certificates for a certificate page's
 * link preview. Global so the declaring modules need not import anything.
 */
@Global()
@Module({
  imports: [CoursesModule, LearningModule, CertificatesModule],
  providers: [
    { provide: LEARNER_STATS, inject: [ProgressService], useFactory: (progress: ProgressService): LearnerStats => progress },
    { provide: CATALOGUE_FACTS, inject: [CoursesService], useFactory: (courses: CoursesService): CatalogueFacts => courses },
    { provide: PAGE_META, inject: [CertificatesService], useFactory: (certificates: CertificatesService): PageMetaSource => certificates },
  ],
  exports: [LEARNER_STATS, CATALOGUE_FACTS, PAGE_META],
})
export class PortsModule {}
