/** Types generated for queries found in "backend/src/modules/users/entitlements.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'HasActiveEntitlement' parameters type */
export interface IHasActiveEntitlementParams {
  userId: string;
}

/** 'HasActiveEntitlement' return type */
export interface IHasActiveEntitlementResult {
  active: number | null;
}

/** 'HasActiveEntitlement' query type */
export interface IHasActiveEntitlementQuery {
  params: IHasActiveEntitlementParams;
  result: IHasActiveEntitlementResult;
}

/** 'AccessSince' parameters type */
export interface IAccessSinceParams {
  userId: string;
}

/** 'AccessSince' return type */
export interface IAccessSinceResult {
  since: Date | null;
}

/** 'AccessSince' query type */
export interface IAccessSinceQuery {
  params: IAccessSinceParams;
  result: IAccessSinceResult;
}

/** 'LearnersWithAccessBeganIn' parameters type */
export interface ILearnersWithAccessBeganInParams {
  after?: DateOrString | null | void;
  afterUserId?: string | null | void;
  limit: NumberOrString;
  upTo: DateOrString;
}

/** 'LearnersWithAccessBeganIn' return type */
export interface ILearnersWithAccessBeganInResult {
  since: Date;
  user_id: string;
}

/** 'LearnersWithAccessBeganIn' query type */
export interface ILearnersWithAccessBeganInQuery {
  params: ILearnersWithAccessBeganInParams;
  result: ILearnersWithAccessBeganInResult;
}

/** 'EmailHasActiveEntitlement' parameters type */
export interface IEmailHasActiveEntitlementParams {
  email: string;
}

/** 'EmailHasActiveEntitlement' return type */
export interface IEmailHasActiveEntitlementResult {
  active: number | null;
}

/** 'EmailHasActiveEntitlement' query type */
export interface IEmailHasActiveEntitlementQuery {
  params: IEmailHasActiveEntitlementParams;
  result: IEmailHasActiveEntitlementResult;
}

/** 'InsertEntitlementForPayment' parameters type */
export interface IInsertEntitlementForPaymentParams {
  email: string;
  paymentId: string;
}

/** 'InsertEntitlementForPayment' return type */
export interface IInsertEntitlementForPaymentResult {
  id: string;
}

/** 'InsertEntitlementForPayment' query type */
export interface IInsertEntitlementForPaymentQuery {
  params: IInsertEntitlementForPaymentParams;
  result: IInsertEntitlementForPaymentResult;
}

/** 'RevokeEntitlementForPayment' parameters type */
export interface IRevokeEntitlementForPaymentParams {
  paymentId: string;
  reason: string;
}

/** 'RevokeEntitlementForPayment' return type */
export interface IRevokeEntitlementForPaymentResult {
  email: string;
  user_id: string | null;
}

/** 'RevokeEntitlementForPayment' query type */
export interface IRevokeEntitlementForPaymentQuery {
  params: IRevokeEntitlementForPaymentParams;
  result: IRevokeEntitlementForPaymentResult;
}

/** 'RevokeAllEntitlementsOfUser' parameters type */
export interface IRevokeAllEntitlementsOfUserParams {
  reason: string;
  userId: string;
}

/** 'RevokeAllEntitlementsOfUser' return type */
export type IRevokeAllEntitlementsOfUserResult = void;

/** 'RevokeAllEntitlementsOfUser' query type */
export interface IRevokeAllEntitlementsOfUserQuery {
  params: IRevokeAllEntitlementsOfUserParams;
  result: IRevokeAllEntitlementsOfUserResult;
}

/** 'InsertAdminGrant' parameters type */
export interface IInsertAdminGrantParams {
  email: string;
  userId: string;
}

/** 'InsertAdminGrant' return type */
export type IInsertAdminGrantResult = void;

/** 'InsertAdminGrant' query type */
export interface IInsertAdminGrantQuery {
  params: IInsertAdminGrantParams;
  result: IInsertAdminGrantResult;
}

/** 'AttachEntitlementsToUser' parameters type */
export interface IAttachEntitlementsToUserParams {
  email: string;
  userId: string;
}

/** 'AttachEntitlementsToUser' return type */
export type IAttachEntitlementsToUserResult = void;

/** 'AttachEntitlementsToUser' query type */
export interface IAttachEntitlementsToUserQuery {
  params: IAttachEntitlementsToUserParams;
  result: IAttachEntitlementsToUserResult;
}

/** 'SyncPlan' parameters type */
export interface ISyncPlanParams {
  email?: string | null | void;
  userId?: string | null | void;
}

/** 'SyncPlan' return type */
export type ISyncPlanResult = void;

/** 'SyncPlan' query type */
export interface ISyncPlanQuery {
  params: ISyncPlanParams;
  result: ISyncPlanResult;
}

/** 'AnonymiseUserEntitlements' parameters type */
export interface IAnonymiseUserEntitlementsParams {
  email: string;
  replacement: string;
  userId: string;
}

/** 'AnonymiseUserEntitlements' return type */
export type IAnonymiseUserEntitlementsResult = void;

/** 'AnonymiseUserEntitlements' query type */
export interface IAnonymiseUserEntitlementsQuery {
  params: IAnonymiseUserEntitlementsParams;
  result: IAnonymiseUserEntitlementsResult;
}
