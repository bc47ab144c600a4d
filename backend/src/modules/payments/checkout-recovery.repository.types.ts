/** Types generated for queries found in "backend/src/modules/payments/checkout-recovery.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'RecoveryDue' parameters type */
export interface IRecoveryDueParams {
  after: DateOrString;
  afterId: string;
  delayMinutes: number;
  limit: NumberOrString;
  reminder: number;
  windowMinutes: number;
}

/** 'RecoveryDue' return type */
export interface IRecoveryDueResult {
  created_at: Date;
  id: string;
}

/** 'RecoveryDue' query type */
export interface IRecoveryDueQuery {
  params: IRecoveryDueParams;
  result: IRecoveryDueResult;
}

/** 'MarkRecoveryReminder' parameters type */
export interface IMarkRecoveryReminderParams {
  id: string;
  reminder: number;
}

/** 'MarkRecoveryReminder' return type */
export interface IMarkRecoveryReminderResult {
  currency: string;
  email: string;
  id: string;
}

/** 'MarkRecoveryReminder' query type */
export interface IMarkRecoveryReminderQuery {
  params: IMarkRecoveryReminderParams;
  result: IMarkRecoveryReminderResult;
}

/** 'OtherPurchaseOfEmail' parameters type */
export interface IOtherPurchaseOfEmailParams {
  email: string;
  id: string;
}

/** 'OtherPurchaseOfEmail' return type */
export interface IOtherPurchaseOfEmailResult {
  found: boolean;
}

/** 'OtherPurchaseOfEmail' query type */
export interface IOtherPurchaseOfEmailQuery {
  params: IOtherPurchaseOfEmailParams;
  result: IOtherPurchaseOfEmailResult;
}

/** 'IsUnsubscribed' parameters type */
export interface IIsUnsubscribedParams {
  email: string;
}

/** 'IsUnsubscribed' return type */
export interface IIsUnsubscribedResult {
  found: boolean;
}

/** 'IsUnsubscribed' query type */
export interface IIsUnsubscribedQuery {
  params: IIsUnsubscribedParams;
  result: IIsUnsubscribedResult;
}

/** 'Unsubscribe' parameters type */
export interface IUnsubscribeParams {
  email: string;
}

/** 'Unsubscribe' return type */
export interface IUnsubscribeResult {
  email: string;
}

/** 'Unsubscribe' query type */
export interface IUnsubscribeQuery {
  params: IUnsubscribeParams;
  result: IUnsubscribeResult;
}

/** 'InheritReminders' parameters type */
export interface IInheritRemindersParams {
  from: string;
  id: string;
}

/** 'InheritReminders' return type */
export type IInheritRemindersResult = void;

/** 'InheritReminders' query type */
export interface IInheritRemindersQuery {
  params: IInheritRemindersParams;
  result: IInheritRemindersResult;
}

/** 'ReplaceClaimSecret' parameters type */
export interface IReplaceClaimSecretParams {
  hash: Buffer;
  id: string;
}

/** 'ReplaceClaimSecret' return type */
export type IReplaceClaimSecretResult = void;

/** 'ReplaceClaimSecret' query type */
export interface IReplaceClaimSecretQuery {
  params: IReplaceClaimSecretParams;
  result: IReplaceClaimSecretResult;
}
