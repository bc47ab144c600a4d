import { appConfig } from './config';
import type { SeedStep } from './database/seeds/seed-runner';
import { coursesSeed } from './modules/courses';
import { resourcesSeed } from './modules/resources';
import { usersSeed } from './modules/users';

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
