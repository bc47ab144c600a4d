const DAY_MS = 24 * 3600 * 1000;

/** A lesson's drip rule, as stored. */
export interface DripRule {
  drip_days: number | null;
  available_from: Date | null;
}

/**
 * When a dripped lesson opens for a learner whose access began at
 * `accessSince`: N days after it ("available N days after purchase") or at a
 * fixed moment ("available from a date"). Null: the lesson has no drip rule.
 * A relative rule without a purchase (no access) never opens.
 */
export function lessonOpensAt(rule: DripRule, accessSince: Date | null): Date | null {
  if (rule.available_from) return new Date(rule.available_from);
  if (rule.drip_days === null) return null;
  if (!accessSince) return new Date(8.64e15);
  return new Date(accessSince.getTime() + rule.drip_days * DAY_MS);
}

/** The moment a lesson opens for this viewer, when that is still in the future; null when it is open. Administrators see every lesson. */
export function lockedUntil(rule: DripRule, viewer: { isAdmin: boolean; accessSince: Date | null }, now = new Date()): Date | null {
  if (viewer.isAdmin) return null;
  const opens = lessonOpensAt(rule, viewer.accessSince);
  return opens && opens.getTime() > now.getTime() ? opens : null;
}

export function hasDripRule(rule: DripRule): boolean {
  return rule.drip_days !== null || rule.available_from !== null;
}
