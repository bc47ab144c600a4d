/** Shapes of the HTTP API (see contract/API.md). */

export interface PublicCurrency {
  code: string;
  name: string;
  networks: string[];
}

export interface Credentials {
  email: string;
  password: string;
}

export interface PublicConfig {
  siteName: string;
  siteDescription?: string;
  price: { amount: string; compareAt: string; currency: string };
  currencies: PublicCurrency[];
  passwordPolicy: { minScore: number };
  demoMode: boolean;
  demoCredentials?: { admin: Credentials; learner: Credentials };
  maintenanceMode: boolean;
  groupChatUrl: string;
}

export interface Testimonial {
  id: number | string;
  name: string;
  text: string;
  rating: number;
}

export type UserPlan = 'free' | 'premium' | 'lifetime';

export interface User {
  id: string;
  name: string;
  email: string;
  role: 'student' | 'admin';
  status: string;
  plan: UserPlan;
  hasAccess: boolean;
  joinDate?: string;
  lastLoginAt?: string | null;
}

export interface SessionAnswer {
  success: true;
  token: string;
  expiresAt: string;
  user: User;
}

export interface MessageAnswer {
  success: boolean;
  message: string;
}

export interface CreateAccountAnswer {
  success: boolean;
  message?: string;
  existingAccount?: boolean;
  token?: string;
  expiresAt?: string;
  user?: User;
}

export interface Currency {
  code: string;
  name: string;
}

export interface CreatePaymentRequest {
  amount: number;
  currency: string;
  blockchain: string;
  clientId: string;
  email: string;
}

export interface CreatePaymentAnswer {
  success: boolean;
  paymentUrl: string;
  paymentId: string;
  message?: string;
}

export type PaymentState =
  | 'CREATED'
  | 'AWAITING_PAYMENT'
  | 'CONFIRMING'
  | 'PAID'
  | 'UNDERPAID'
  | 'EXPIRED'
  | 'FAILED'
  | 'MANUAL_REVIEW'
  | 'REFUNDED';

export interface PaymentStatus {
  paymentId: string;
  state: PaymentState;
  email: string;
  amount: string;
  currency: string;
  payCurrency: string | null;
  network: string | null;
  claimed: boolean;
}

export type LessonType = 'video' | 'text' | 'pdf';

export interface Lesson {
  id: number;
  title: string;
  type: LessonType;
  duration: string;
  /** Content, video and PDF addresses come only with access; without it the API sends the outline (id, title, type, duration, order). */
  content?: string;
  videoUrl?: string | null;
  pdfUrl?: string | null;
  order: number;
  published?: boolean;
  completed?: boolean;
  positionSeconds?: number;
}

export interface CourseSummary {
  id: number;
  title: string;
  description?: string;
  instructor?: string;
  thumbnail: string;
  duration?: string;
  category?: string;
  lessonsCount?: number;
  completedLessons?: number;
  students?: number;
  rating?: number;
  myRating?: number | null;
  progress?: number;
}

export interface Course extends CourseSummary {
  hasAccess?: boolean;
  lastLessonId?: number | null;
  lessons: Lesson[];
}

export interface CompletionAnswer {
  success: boolean;
  lessonId: number;
  completed: boolean;
  completedLessons: number;
  totalLessons: number;
  progress: number;
  courseCompleted: boolean;
}

export interface RatingAnswer {
  success: boolean;
  rating: number;
  myRating: number;
}

export interface SearchResult {
  kind: 'course' | 'lesson' | 'affiliate-program' | 'tool' | 'automation' | 'bot' | 'content';
  id: number | string;
  title: string;
  subtitle?: string;
  url: string;
}

export interface AppNotification {
  id: number | string;
  kind: string;
  title: string;
  body?: string;
  url?: string | null;
  createdAt: string;
  read: boolean;
}

export interface NotificationList {
  notifications: AppNotification[];
  unread: number;
}

export interface AffiliateProgram {
  id: number | string;
  name: string;
  website: string;
  description: string;
  minPayout: string;
  paymentModels: string[];
}

export interface Tool {
  id: number | string;
  name: string;
  description: string;
  website: string;
  promoCode?: string | null;
  discount?: string | null;
}

export interface ToolCategory {
  id: number | string;
  title: string;
  icon: string;
  tools: Tool[];
}

export interface Automation {
  id: number | string;
  name: string;
  description: string;
  icon: string;
  department: string;
  category: string;
  link: string;
}

export interface Bot {
  id: number | string;
  name: string;
  description: string;
  price: string;
  image: string;
  features: string[];
  downloadUrl: string;
}

export interface CloudFolder {
  id: number | string;
  title: string;
  description?: string;
  url: string;
}

export type ContentType = 'video' | 'document' | 'image' | 'audio';
export type ContentCategory = 'programming' | 'marketing' | 'design' | 'business';

export interface ContentItem {
  id: number | string;
  title: string;
  type: ContentType;
  category: ContentCategory;
  duration?: string | null;
  size?: string | null;
  tags: string[];
  dateAdded: string;
  thumbnail?: string | null;
  viewUrl: string;
  downloadUrl: string;
}

export interface ContentStats {
  totalItems: number;
  videos: number;
  documents: number;
  storageUsed: string;
}

export interface ContentPage {
  items: ContentItem[];
  total: number;
  page: number;
  pageSize: number;
  stats: ContentStats;
}

export interface ContentQuery {
  q: string;
  category: string;
  type: string;
  page: number;
  pageSize: number;
}
