import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { hasAdminPower } from '../../common/auth/admin-power';
import type { AuthUser } from '../../common/auth/auth-user';
import { AccessService } from '../users';
import { CoursesError } from './courses.error';
import { lockedUntil, type DripRule } from './lesson-schedule';

/** Who is looking at lessons, as the drip rules need it: administrators see everything; a learner's lessons open from their purchase. */
export interface DripViewer {
  isAdmin: boolean;
  accessSince: Date | null;
}

/**
 * The drip check, in one place: every route that answers a lesson's content,
 * file, quiz or questions asks here whether the lesson is open for the caller.
 */
@Injectable()
export class LessonGate {
  constructor(private readonly access: AccessService) {}

  async viewer(user: Pick<AuthUser, 'id' | 'role' | 'kind'>, manager?: EntityManager): Promise<DripViewer> {
    if (hasAdminPower(user)) return { isAdmin: true, accessSince: null };
    return { isAdmin: false, accessSince: await this.access.accessSince(user.id, manager) };
  }

  /** When the lesson opens for this viewer if it is still locked; null when it is open. */
  lockedUntil(rule: DripRule, viewer: DripViewer, now = new Date()): Date | null {
    return lockedUntil(rule, viewer, now);
  }

  /** 403 LESSON_LOCKED while the lesson has not opened for this viewer. */
  assertOpen(rule: DripRule, viewer: DripViewer): void {
    const until = lockedUntil(rule, viewer);
    if (until) throw CoursesError.lessonLocked(until);
  }
}
