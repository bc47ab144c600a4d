/** Types generated for queries found in "backend/src/modules/certificates/certificates.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'InsertCertificateIfNone' parameters type */
export interface IInsertCertificateIfNoneParams {
  completedAt: DateOrString;
  courseId: number;
  courseTitle: string;
  id: string;
  learnerName: string;
  siteName: string;
  userId: string;
}

/** 'InsertCertificateIfNone' return type */
export interface IInsertCertificateIfNoneResult {
  completed_at: Date;
  course_id: number;
  course_title: string;
  id: string;
  issued_at: Date;
  learner_name: string;
  replaced_by: string | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  site_name: string;
  user_id: string | null;
}

/** 'InsertCertificateIfNone' query type */
export interface IInsertCertificateIfNoneQuery {
  params: IInsertCertificateIfNoneParams;
  result: IInsertCertificateIfNoneResult;
}

/** 'CertificateById' parameters type */
export interface ICertificateByIdParams {
  id: string;
}

/** 'CertificateById' return type */
export interface ICertificateByIdResult {
  completed_at: Date;
  course_id: number;
  course_title: string;
  id: string;
  issued_at: Date;
  learner_name: string;
  replaced_by: string | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  site_name: string;
  user_id: string | null;
}

/** 'CertificateById' query type */
export interface ICertificateByIdQuery {
  params: ICertificateByIdParams;
  result: ICertificateByIdResult;
}

/** 'LockCertificate' parameters type */
export interface ILockCertificateParams {
  id: string;
}

/** 'LockCertificate' return type */
export interface ILockCertificateResult {
  completed_at: Date;
  course_id: number;
  course_title: string;
  id: string;
  issued_at: Date;
  learner_name: string;
  replaced_by: string | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  site_name: string;
  user_id: string | null;
}

/** 'LockCertificate' query type */
export interface ILockCertificateQuery {
  params: ILockCertificateParams;
  result: ILockCertificateResult;
}

/** 'CertificatesOfUser' parameters type */
export interface ICertificatesOfUserParams {
  userId: string;
}

/** 'CertificatesOfUser' return type */
export interface ICertificatesOfUserResult {
  completed_at: Date;
  course_id: number;
  course_title: string;
  id: string;
  issued_at: Date;
  learner_name: string;
  replaced_by: string | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  site_name: string;
  user_id: string | null;
}

/** 'CertificatesOfUser' query type */
export interface ICertificatesOfUserQuery {
  params: ICertificatesOfUserParams;
  result: ICertificatesOfUserResult;
}

/** 'ListCertificates' parameters type */
export interface IListCertificatesParams {
  id: string;
  limit: NumberOrString;
  offset: NumberOrString;
  pattern?: string | null | void;
}

/** 'ListCertificates' return type */
export interface IListCertificatesResult {
  completed_at: Date;
  course_id: number;
  course_title: string;
  id: string;
  issued_at: Date;
  learner_name: string;
  replaced_by: string | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  site_name: string;
  total: number;
  user_id: string | null;
}

/** 'ListCertificates' query type */
export interface IListCertificatesQuery {
  params: IListCertificatesParams;
  result: IListCertificatesResult;
}

/** 'RevokeCertificate' parameters type */
export interface IRevokeCertificateParams {
  id: string;
  reason: string;
}

/** 'RevokeCertificate' return type */
export type IRevokeCertificateResult = void;

/** 'RevokeCertificate' query type */
export interface IRevokeCertificateQuery {
  params: IRevokeCertificateParams;
  result: IRevokeCertificateResult;
}

/** 'ActiveCertificatesOfUser' parameters type */
export interface IActiveCertificatesOfUserParams {
  userId: string;
}

/** 'ActiveCertificatesOfUser' return type */
export interface IActiveCertificatesOfUserResult {
  completed_at: Date;
  course_id: number;
  course_title: string;
  id: string;
  issued_at: Date;
  learner_name: string;
  replaced_by: string | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  site_name: string;
  user_id: string | null;
}

/** 'ActiveCertificatesOfUser' query type */
export interface IActiveCertificatesOfUserQuery {
  params: IActiveCertificatesOfUserParams;
  result: IActiveCertificatesOfUserResult;
}

/** 'MarkCertificateReplaced' parameters type */
export interface IMarkCertificateReplacedParams {
  id: string;
  replacedBy: string;
}

/** 'MarkCertificateReplaced' return type */
export type IMarkCertificateReplacedResult = void;

/** 'MarkCertificateReplaced' query type */
export interface IMarkCertificateReplacedQuery {
  params: IMarkCertificateReplacedParams;
  result: IMarkCertificateReplacedResult;
}

/** 'InsertReplacementCertificate' parameters type */
export interface IInsertReplacementCertificateParams {
  completedAt: DateOrString;
  courseId: number;
  courseTitle: string;
  id: string;
  learnerName: string;
  siteName: string;
  userId?: string | null | void;
}

/** 'InsertReplacementCertificate' return type */
export interface IInsertReplacementCertificateResult {
  completed_at: Date;
  course_id: number;
  course_title: string;
  id: string;
  issued_at: Date;
  learner_name: string;
  replaced_by: string | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  site_name: string;
  user_id: string | null;
}

/** 'InsertReplacementCertificate' query type */
export interface IInsertReplacementCertificateQuery {
  params: IInsertReplacementCertificateParams;
  result: IInsertReplacementCertificateResult;
}

/** 'UserName' parameters type */
export interface IUserNameParams {
  id: string;
}

/** 'UserName' return type */
export interface IUserNameResult {
  name: string;
}

/** 'UserName' query type */
export interface IUserNameQuery {
  params: IUserNameParams;
  result: IUserNameResult;
}
