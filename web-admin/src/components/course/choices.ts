export const COURSE_STATUS_CHOICES = [
  { id: 'published', name: 'Published' },
  { id: 'draft', name: 'Draft' },
  { id: 'archived', name: 'Archived' },
];

/** The spec's categories first (Marketing is the default), then the others the catalogue uses. */
export const CATEGORIES = ['Marketing', 'Traffic', 'Monetization', 'Analytics', 'Automation', 'Strategy', 'Finance', 'Psychology', 'General'];
export const CATEGORY_CHOICES = CATEGORIES.map((c) => ({ id: c, name: c }));

const STATUS_BADGES = {
  published: { label: 'Published', sx: { bgcolor: '#15803d', color: '#fff' } },
  draft: { label: 'Draft', sx: { bgcolor: '#fde047', color: '#422006' } },
  archived: { label: 'Archived', sx: { bgcolor: '#6b7280', color: '#fff' } },
} as const;

/** Green published, yellow draft, grey archived; anything unknown is shown as draft. */
export const statusBadge = (status: string | undefined) => STATUS_BADGES[status as keyof typeof STATUS_BADGES] ?? STATUS_BADGES.draft;

export const DEFAULT_COURSE_DURATION = '1h 0m';

/** totalLessons: a whole number of at least 0; anything non-numeric becomes 0. */
export const parseTotalLessons = (value: unknown) => {
  if (value === '' || value == null) return null;
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) && n >= 0 ? n : 0;
};
