import type { IconName } from '../../components/Icon';

/** The sidebar's eight entries; the last one opens the group chat instead of navigating (labels: i18n dashboard.sections.<slug>). */
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

/** The learner's own account page, linked from the sidebar's member card. */
export const ACCOUNT_ENTRY = { slug: 'account', label: 'Account', icon: 'shield' } as const satisfies { slug: string; label: string; icon: IconName };

/** Sections whose content comes with lifetime access: a member without it sees the upgrade state there. */
export const MEMBERS_ONLY: ReadonlySet<string> = new Set(['affiliate', 'content-database', 'toolbox', 'automations', 'traffic-bots']);

/** An approved affiliate's own figures (issue 33), linked from the sidebar below the account for them alone. */
export const AFFILIATE_DASHBOARD_ENTRY = { slug: 'referrals', label: 'Affiliate Dashboard', icon: 'chart' } as const satisfies {
  slug: string;
  label: string;
  icon: IconName;
};

type Section = (typeof SECTIONS)[number] | typeof ACCOUNT_ENTRY | typeof AFFILIATE_DASHBOARD_ENTRY;

/** The section a dashboard path shows: an unknown section shows Courses. */
export function sectionOf(pathname: string): Section {
  const slug = pathname.split('/')[2] ?? '';
  if (slug === ACCOUNT_ENTRY.slug) return ACCOUNT_ENTRY;
  if (slug === AFFILIATE_DASHBOARD_ENTRY.slug) return AFFILIATE_DASHBOARD_ENTRY;
  return SECTIONS.find((s) => s.slug === slug) ?? SECTIONS[0];
}
