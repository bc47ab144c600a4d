import { appConfig } from './config';
import type { SeedStep } from './database/seeds/seed-runner';
import { coursesSeed } from './modules/courses/seed/courses.seed';
import { resourcesSeed } from './modules/resources/seed/resources.seed';
import { usersSeed } from './modules/users/seed/users.seed';

/** Demo data, in order; each step runs once per database and only in demo mode. */
export function demoSeedSteps(app: ReturnType<typeof appConfig>): SeedStep[] {
  return [
    coursesSeed,
    usersSeed({
      admin: { email: app.demoAdminEmail, password: app.demoAdminPassword },
      learner: { email: app.demoLearnerEmail, password: app.demoLearnerPassword },
    }),
    resourcesSeed,
  ];
}
