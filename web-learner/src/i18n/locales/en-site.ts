import type { Messages } from './types';

/**
 * The English interface of what the landing page shows (and the shell every
 * page shares), bundled with the landing page's first load. en-app.ts holds
 * the rest of the app's English, loaded with the app. Together they are the
 * reference every other language translates, key for key (a test checks it).
 * Counts use i18next's plural suffixes (`_one`, `_other`, and `_many` where a
 * language has it).
 */
const enSite = {
  common: {
    backToHome: 'Back to Home',
    tryAgain: 'Try Again',
    loading: 'Loading...',
    opensInNewTab: ' (opens in a new tab)',
    opensInNewTabParen: '(opens in a new tab)',
  },
  footer: {
    support: 'Support:',
    rights: '© {{year}} {{name}}. All rights reserved.',
    legal: 'Legal',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    refund: 'Refund Policy',
  },
  support: {
    lead: 'Need help? Contact support:',
    helpCenter: 'Help center',
  },
  maintenance: {
    title: "We'll be back soon",
    message: 'The platform is under maintenance. Please try again in a few minutes.',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist.',
  },
  error: {
    title: 'Oops! Something went wrong',
    showDetails: 'Show error details',
    hideDetails: 'Hide error details',
    reload: 'Reload Page',
    home: 'Go to Home',
  },
  landing: {
    banner: 'Limited-time offer: {{price}} instead of {{compareAt}}, available for {{window}} only',
    accountNav: 'Account',
    login: 'LOGIN',
    join: 'JOIN NOW',
    eyebrow: 'Affiliate marketing in the online gambling vertical',
    titleLead: 'Turn traffic into',
    titleAccent: 'recurring revenue',
    lead: 'Courses, automation workflows and a short-form content database that show you how members reach about $10,000 a month within 30 days, with up to {{share}} revenue share from partner brands.',
    heroTerms: 'one-time · {{days}}-day money-back guarantee',
    stats: {
      shareValue: 'Up to {{share}}',
      shareLabel: 'revenue share from partner brands',
      incomeValue: '~$10k/month',
      incomeLabel: 'what members aim for within 30 days',
      guaranteeValue: '{{days}}-day',
      guaranteeLabel: 'money-back guarantee',
    },
    partners: 'Our partner brands',
    featuresTitle: 'Everything you need to launch and scale',
    features: {
      courses: {
        title: 'Step-by-step courses',
        text: 'Video, text and PDF lessons that take you from your first campaign to a scaled traffic operation.',
      },
      automation: {
        title: 'Automation workflows',
        text: 'Ready-made N8N templates for content, outreach and reporting, so your funnels run while you sleep.',
      },
      content: {
        title: 'Short-form content database',
        text: 'A library of proven short-form videos and creatives, organised in shared cloud folders.',
      },
      programs: {
        title: 'Top affiliate programs',
        text: 'A hand-picked list of gambling affiliate programs with their payouts and commission models.',
      },
      toolbox: {
        title: 'Marketing toolbox',
        text: 'Spy, tracking, cloaking and payment services, with exclusive promo codes for members.',
      },
      roi: {
        title: 'ROI calculator & bots',
        text: 'Measure every campaign and use free traffic-bot tools to grow faster.',
      },
    },
    offerEyebrow: 'Limited-time offer · {{window}}',
    pricingTitle: 'Lifetime Access',
    was: 'was ',
    oneTime: 'one-time',
    included: {
      lifetime: 'Lifetime access to every course and future update',
      programs: 'Gambling affiliate programs with up to 70% revenue share',
      toolbox: 'Toolbox with member promo codes',
      content: 'Content database and cloud folders',
      automation: 'N8N automation templates and traffic bots',
      chat: 'Private group chat with other members',
    },
    getAccess: 'GET ACCESS',
    guarantee: '{{days}}-day money-back guarantee. Pay once, keep access for life.',
  },
  testimonials: {
    title: 'What our members say',
    stars: '{{count}} out of 5 stars',
    slide: '{{index}} of {{count}}',
    previous: 'Previous testimonial',
    next: 'Next testimonial',
    show: 'Show testimonial {{index}}',
  },
  pages: {
    payment: 'Checkout',
    login: 'Sign in',
    forgotPassword: 'Forgot password',
    resetPassword: 'Choose a new password',
    thankYou: 'Create your account',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    refund: 'Refund Policy',
  },
} satisfies Messages;

export default enSite;
