/**
 * The learner site's interface in English: the reference every other
 * language translates, key for key (a test checks it). Counts use i18next's
 * plural suffixes (`_one`, `_other`, and `_many` where a language has it).
 */
export interface Messages {
  [key: string]: string | Messages;
}

const en = {
  common: {
    backToHome: 'Back to Home',
    tryAgain: 'Try Again',
    loading: 'Loading...',
    opensInNewTab: ' (opens in a new tab)',
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
    title: 'Turn traffic into <accent>recurring revenue</accent>',
    lead: 'Courses, automation workflows and a short-form content database that show you how members reach about $10,000 a month within 30 days, with up to {{share}} revenue share from partner brands.',
    heroPrice: '{{price}} <del>{{compareAt}}</del> · one-time · {{days}}-day money-back guarantee',
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
  auth: {
    backToHome: 'Back to Home',
    email: 'Email address',
    password: 'Password',
    login: {
      title: 'Welcome back',
      subtitle: 'Sign in to continue learning.',
      invalidDemo: 'Invalid credentials. Please use {{email}} / {{password}}',
      unreachable: 'Could not reach the server. Please check your connection and try again.',
      rememberMe: 'Remember me',
      forgot: 'Forgot password?',
      submitting: 'Signing In...',
      submit: 'Sign In',
      noAccount: "Don't have an account?",
      signUp: 'Sign up',
      demo: 'Demo credentials',
      demoEmail: 'Email:',
      demoPassword: 'Password:',
    },
    forgot: {
      title: 'Forgot your password?',
      subtitle: 'Enter the email of your account and we will send you a link to choose a new password.',
      failed: 'Could not send the request. Please try again.',
      sending: 'Sending...',
      submit: 'Send Reset Link',
      backToSignIn: 'Back to Sign In',
    },
    reset: {
      title: 'Reset your password',
      chooseTitle: 'Choose a new password',
      incomplete: 'This reset link is incomplete. Please ask for a new one.',
      invalid: 'This reset link is invalid or has expired. Please ask for a new one.',
      askNew: 'Ask for a new link',
      checking: 'Checking your link...',
      signIn: 'Sign In',
      failed: 'Could not reset the password. Please try again.',
      newPassword: 'New password',
      confirm: 'Confirm new password',
      saving: 'Saving...',
      submit: 'Set New Password',
    },
  },
  password: {
    show: 'Show',
    hide: 'Hide',
    showLabel: 'Show password',
    hideLabel: 'Hide password',
    strength: 'Password strength: <strong>{{label}}</strong>',
    met: ' (met)',
    notMet: ' (not met)',
    criteria: {
      length: 'At least 8 characters',
      upper: 'An uppercase letter',
      lower: 'A lowercase letter',
      number: 'A number',
      symbol: 'A symbol',
    },
    levels: {
      veryWeak: 'Very Weak',
      weak: 'Weak',
      fair: 'Fair',
      good: 'Good',
      strong: 'Strong',
    },
    mismatch: 'Passwords do not match',
    tooWeak: 'Please choose a stronger password',
    guessable: 'This password is too common or easy to guess. Please choose a less predictable one.',
  },
} satisfies Messages;

export default en;
