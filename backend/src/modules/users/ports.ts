/**
 * What the users module needs from learning, which depends on users (and so
 * cannot be imported here): learning provides it, the application root
 * binds it (ports.module.ts).
 */
export const LEARNER_STATS = Symbol('LEARNER_STATS');

export interface LearnerStats {
  /** Completed courses per user, for the admin's user list. */
  completedCourseCounts(userIds: string[]): Promise<Map<string, number>>;
}
