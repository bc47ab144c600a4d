import type { IconName } from '../../components/Icon';

/** The sidebar's eight entries; the last one opens the group chat instead of navigating. */
export const SECTIONS = [
  { slug: 'courses', label: 'Courses', icon: 'cap' },
  { slug: 'affiliate', label: 'Affiliate Programs', icon: 'users' },
  { slug: 'roi-calculator', label: 'ROI Calculator', icon: 'calculator' },
  { slug: 'content-database', label: 'Content Database', icon: 'database' },
  { slug: 'toolbox', label: 'Toolbox', icon: 'wrench' },
  { slug: 'automations', label: 'N8N Automations', icon: 'workflow' },
  { slug: 'traffic-bots', label: 'Traffic Bots', icon: 'bot' },
] as const satisfies ReadonlyArray<{ slug: string; label: string; icon: IconName }>;

export const CHAT_ENTRY: { label: string; icon: IconName } = { label: 'Telegram Group Chat', icon: 'chat' };

/** The section a dashboard path shows: an unknown section shows Courses. */
export function sectionOf(pathname: string): (typeof SECTIONS)[number] {
  const slug = pathname.split('/')[2] ?? '';
  return SECTIONS.find((s) => s.slug === slug) ?? SECTIONS[0];
}
