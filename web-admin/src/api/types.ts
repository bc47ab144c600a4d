/** Shapes of our API answers (see contract/API.md) that the console reads outside ra-data-simple-rest. */
export type Role = 'student' | 'admin';

export interface ApiUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: 'active' | 'inactive' | 'suspended';
  plan: 'free' | 'premium' | 'lifetime';
}

export interface SessionResult {
  success: true;
  token: string;
  expiresAt: string;
  user: ApiUser;
}

export interface Me {
  user: ApiUser;
  session: { kind: 'learner' | 'admin'; expiresAt: string };
}

export interface PublicConfig {
  siteName: string;
  siteDescription: string;
  demoMode: boolean;
  maintenanceMode: boolean;
  demoCredentials?: { admin: { email: string; password: string }; learner: { email: string; password: string } };
}

export interface Change {
  label: string;
  direction: 'up' | 'down' | 'flat';
}

export interface AdminStats {
  totalUsers: number;
  totalCourses: number;
  activeCourses: number;
  activeUsers: number;
  revenue: string;
  completionRate: string;
  systemHealth: string;
  changes: Partial<Record<'totalUsers' | 'activeCourses' | 'activeUsers' | 'revenue' | 'completionRate' | 'systemHealth', Change>>;
}

export interface ActivityItem {
  id: string | number;
  type: string;
  message: string;
  actor: string | null;
  at: string;
}

export interface QueueCounts {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

export interface SystemStatus {
  status: 'online' | 'degraded';
  server: { status: string; uptimeSeconds: number };
  database: { status: string; latencyMs: number | null };
  redis: { status: string; latencyMs: number | null };
  api: { status: string };
  queues: QueueCounts[];
}

export interface FailedJob {
  id: string;
  name: string;
  failedReason: string;
  attemptsMade: number;
  timestamp: number;
  data: unknown;
}

export type AnalyticsRange = '7d' | '30d' | '90d' | '1y';

export interface Analytics {
  range: AnalyticsRange;
  stats: { newUsers: number; activeUsers: number; revenue: string; completions: number };
  userGrowth: { month: string; users: number }[];
  revenueData: { month: string; revenue: number }[];
  coursePerformance: { courseId: number; course: string; completions: number; rating: number; revenue: number }[];
  userActivity: { date: string; activeUsers: number; newSignups: number }[];
}

export interface CourseSummary {
  totalCourses: number;
  totalStudents: number;
  avgRating: number;
  totalRevenue: number;
}

export interface UserSummary {
  total: number;
  active: number;
  admins: number;
  nonActive: number;
}

export type LessonType = 'text' | 'video' | 'pdf';

export interface Lesson {
  id?: number;
  courseId?: number;
  title: string;
  type: LessonType;
  duration: string;
  content: string;
  videoUrl: string | null;
  pdfUrl: string | null;
  order: number;
  published: boolean;
}

export interface Course {
  id: number;
  title: string;
  description: string;
  instructor: string;
  thumbnail: string;
  duration: string;
  category: string;
  status: string;
  price: number;
  totalLessons: number;
  lessonsCount: number;
  students: number;
  rating: number;
  revenue: number;
  createdDate: string;
  lastUpdated: string;
  lessons: Lesson[];
}

export interface MediaFile {
  id: string;
  url: string;
  name: string;
  mimeType: string;
  size: number;
}

export interface Settings {
  general: {
    siteName: string;
    siteDescription: string;
    adminEmail: string;
    timezone: string;
    language: string;
    groupChatUrl: string;
  };
  security: { twoFactorEnabled: boolean; sessionTimeout: number };
  notifications: {
    emailNotifications: boolean;
    newUserNotifications: boolean;
    courseCompletionNotifications: boolean;
    systemAlerts: boolean;
  };
  system: { maintenanceMode: boolean; debugMode: boolean; cacheEnabled: boolean; backupFrequency: string };
  payments: {
    cardPublicKey: string;
    cardSecretKey: string;
    paypalClientId: string;
    currency: string;
    cryptoApiKey: string;
    cryptoIpnSecret: string;
  };
  email: {
    smtpHost: string;
    smtpPort: number;
    smtpUsername: string;
    smtpPassword: string;
    smtpEncryption: string;
    fromEmail: string;
  };
}

export type SettingsSection = keyof Settings;

export interface ActionResult {
  success: boolean;
  message: string;
}
