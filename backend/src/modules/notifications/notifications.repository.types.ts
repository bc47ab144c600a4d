/** Types generated for queries found in "backend/src/modules/notifications/notifications.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type numberArray = number[];

/** 'VisibleNotifications' parameters type */
export interface IVisibleNotificationsParams {
  joined: DateOrString;
  limit: NumberOrString;
  userId: string;
}

/** 'VisibleNotifications' return type */
export interface IVisibleNotificationsResult {
  body: string;
  created_at: Date;
  id: string;
  kind: string;
  read: boolean;
  title: string;
  url: string | null;
}

/** 'VisibleNotifications' query type */
export interface IVisibleNotificationsQuery {
  params: IVisibleNotificationsParams;
  result: IVisibleNotificationsResult;
}

/** 'UnreadNotifications' parameters type */
export interface IUnreadNotificationsParams {
  joined: DateOrString;
  userId: string;
}

/** 'UnreadNotifications' return type */
export interface IUnreadNotificationsResult {
  n: number;
}

/** 'UnreadNotifications' query type */
export interface IUnreadNotificationsQuery {
  params: IUnreadNotificationsParams;
  result: IUnreadNotificationsResult;
}

/** 'LockCourseNotifications' parameters type */
export interface ILockCourseNotificationsParams {
  courseId: number;
  space: number;
}

/** 'LockCourseNotifications' return type */
export interface ILockCourseNotificationsResult {
  pg_advisory_xact_lock: undefined | null;
}

/** 'LockCourseNotifications' query type */
export interface ILockCourseNotificationsQuery {
  params: ILockCourseNotificationsParams;
  result: ILockCourseNotificationsResult;
}

/** 'AnnouncedLessons' parameters type */
export interface IAnnouncedLessonsParams {
  courseId: number;
}

/** 'AnnouncedLessons' return type */
export interface IAnnouncedLessonsResult {
  lesson_ids: numberArray;
}

/** 'AnnouncedLessons' query type */
export interface IAnnouncedLessonsQuery {
  params: IAnnouncedLessonsParams;
  result: IAnnouncedLessonsResult;
}

/** 'RememberLessons' parameters type */
export interface IRememberLessonsParams {
  courseId: number;
  lessonIds: numberArray;
}

/** 'RememberLessons' return type */
export type IRememberLessonsResult = void;

/** 'RememberLessons' query type */
export interface IRememberLessonsQuery {
  params: IRememberLessonsParams;
  result: IRememberLessonsResult;
}

/** 'InsertNotification' parameters type */
export interface IInsertNotificationParams {
  actorId?: string | null | void;
  body: string;
  courseId: number;
  eventId: string;
  kind: string;
  title: string;
  url: string;
  userId?: string | null | void;
}

/** 'InsertNotification' return type */
export type IInsertNotificationResult = void;

/** 'InsertNotification' query type */
export interface IInsertNotificationQuery {
  params: IInsertNotificationParams;
  result: IInsertNotificationResult;
}

/** 'MarkNotificationsRead' parameters type */
export interface IMarkNotificationsReadParams {
  userId: string;
}

/** 'MarkNotificationsRead' return type */
export type IMarkNotificationsReadResult = void;

/** 'MarkNotificationsRead' query type */
export interface IMarkNotificationsReadQuery {
  params: IMarkNotificationsReadParams;
  result: IMarkNotificationsReadResult;
}
