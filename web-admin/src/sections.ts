import { MEMBERS_RESOURCES } from './resources';

/** The console's sections as the sidebar and the header name them. */
export interface Section {
  path: string;
  title: string;
  description: string;
}

export const SECTIONS: Section[] = [
  { path: '/overview', title: 'Overview', description: 'Platform statistics and recent activity' },
  { path: '/users', title: 'Users', description: 'Manage learners and administrators' },
  { path: '/courses', title: 'Courses', description: 'Create and edit courses and lessons' },
  { path: '/analytics', title: 'Analytics', description: 'Growth, revenue and course performance' },
  { path: '/settings', title: 'Settings', description: 'Site, security, payments and email' },
];

/** Sections whose APIs exist beyond the spec's five. */
export const EXTRA_SECTIONS: Section[] = [
  { path: '/payments', title: 'Payments', description: 'Crypto, card and PayPal payments, refunds and reconciliation' },
  { path: '/coupons', title: 'Coupons', description: 'Discount codes for checkout: percent or amount, dates, limits' },
  { path: '/affiliates', title: 'Affiliates', description: 'Applications, referral codes, commission overrides' },
  { path: '/affiliate-payouts', title: 'Affiliate payouts', description: 'What affiliates are owed; mark as paid, export batches' },
  { path: '/support-messages', title: 'Support messages', description: 'What learners wrote through the contact form' },
  { path: '/reviews', title: 'Ratings & reviews', description: 'Course ratings; hide an abusive review' },
  { path: '/certificates', title: 'Certificates', description: 'Certificates of completion; revoke or re-issue' },
  { path: '/lesson-questions', title: 'Lesson questions', description: 'Answer what learners ask under lessons' },
  { path: '/audit-log', title: 'Audit log', description: 'Who changed what, and when' },
  { path: '/queues', title: 'Queues', description: 'Background jobs, failures and retries' },
  { path: '/integrations', title: 'Integrations', description: 'API keys for scripts and other tools, with examples' },
  { path: '/mail-log', title: 'Mail log', description: 'Every mail owed: waiting, failing, sent or dead, with its attempts' },
  { path: '/resources', title: "Members' resources", description: 'Programs, tools, automations, bots, content, folders, testimonials' },
];

/** The members' resource lists: headed like sections, reached from the Members' resources hub. */
export const RESOURCE_SECTIONS: Section[] = MEMBERS_RESOURCES.map((r) => ({ path: `/${r.name}`, title: r.title, description: "Members' resources" }));

/** Pages of the admin's own account, reached from the header. */
export const ACCOUNT_SECTIONS: Section[] = [{ path: '/two-factor', title: 'Two-factor authentication', description: 'A code from your phone at each sign-in' }];

export function sectionOf(pathname: string): Section | undefined {
  return [...SECTIONS, ...EXTRA_SECTIONS, ...RESOURCE_SECTIONS, ...ACCOUNT_SECTIONS].find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
}
