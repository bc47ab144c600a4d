/** Types generated for queries found in "backend/src/modules/users/users.repository.ts" */

/** 'UserById' parameters type */
export interface IUserByIdParams {
  id: string;
}

/** 'UserById' return type */
export interface IUserByIdResult {
  created_at: Date;
  email: string;
  has_access: boolean;
  id: string;
  join_date: string;
  language: string | null;
  last_login_at: Date | null;
  name: string;
  plan: string;
  role: string;
  status: string;
  token_version: number;
  updated_at: Date;
}

/** 'UserById' query type */
export interface IUserByIdQuery {
  params: IUserByIdParams;
  result: IUserByIdResult;
}

/** 'LockUserById' parameters type */
export interface ILockUserByIdParams {
  id: string;
}

/** 'LockUserById' return type */
export interface ILockUserByIdResult {
  created_at: Date;
  email: string;
  has_access: boolean;
  id: string;
  join_date: string;
  language: string | null;
  last_login_at: Date | null;
  name: string;
  plan: string;
  role: string;
  status: string;
  token_version: number;
  updated_at: Date;
}

/** 'LockUserById' query type */
export interface ILockUserByIdQuery {
  params: ILockUserByIdParams;
  result: ILockUserByIdResult;
}

/** 'UserByEmail' parameters type */
export interface IUserByEmailParams {
  email: string;
}

/** 'UserByEmail' return type */
export interface IUserByEmailResult {
  created_at: Date;
  email: string;
  has_access: boolean;
  id: string;
  join_date: string;
  language: string | null;
  last_login_at: Date | null;
  name: string;
  password_hash: string;
  plan: string;
  role: string;
  status: string;
  token_version: number;
  updated_at: Date;
}

/** 'UserByEmail' query type */
export interface IUserByEmailQuery {
  params: IUserByEmailParams;
  result: IUserByEmailResult;
}

/** 'PasswordHashOf' parameters type */
export interface IPasswordHashOfParams {
  id: string;
}

/** 'PasswordHashOf' return type */
export interface IPasswordHashOfResult {
  password_hash: string;
}

/** 'PasswordHashOf' query type */
export interface IPasswordHashOfQuery {
  params: IPasswordHashOfParams;
  result: IPasswordHashOfResult;
}

/** 'UserLanguageById' parameters type */
export interface IUserLanguageByIdParams {
  id: string;
}

/** 'UserLanguageById' return type */
export interface IUserLanguageByIdResult {
  language: string | null;
}

/** 'UserLanguageById' query type */
export interface IUserLanguageByIdQuery {
  params: IUserLanguageByIdParams;
  result: IUserLanguageByIdResult;
}

/** 'UserLanguageByEmail' parameters type */
export interface IUserLanguageByEmailParams {
  email: string;
}

/** 'UserLanguageByEmail' return type */
export interface IUserLanguageByEmailResult {
  language: string | null;
}

/** 'UserLanguageByEmail' query type */
export interface IUserLanguageByEmailQuery {
  params: IUserLanguageByEmailParams;
  result: IUserLanguageByEmailResult;
}

/** 'NameAndEmail' parameters type */
export interface INameAndEmailParams {
  id: string;
}

/** 'NameAndEmail' return type */
export interface INameAndEmailResult {
  email: string;
  name: string;
}

/** 'NameAndEmail' query type */
export interface INameAndEmailQuery {
  params: INameAndEmailParams;
  result: INameAndEmailResult;
}

/** 'EmailTaken' parameters type */
export interface IEmailTakenParams {
  email: string;
  exceptId?: string | null | void;
}

/** 'EmailTaken' return type */
export interface IEmailTakenResult {
  taken: number | null;
}

/** 'EmailTaken' query type */
export interface IEmailTakenQuery {
  params: IEmailTakenParams;
  result: IEmailTakenResult;
}

/** 'InsertUser' parameters type */
export interface IInsertUserParams {
  email: string;
  language?: string | null | void;
  name: string;
  passwordHash: string;
  plan: string;
  role: string;
  status: string;
}

/** 'InsertUser' return type */
export interface IInsertUserResult {
  id: string;
}

/** 'InsertUser' query type */
export interface IInsertUserQuery {
  params: IInsertUserParams;
  result: IInsertUserResult;
}

/** 'UpdateUser' parameters type */
export interface IUpdateUserParams {
  email: string;
  id: string;
  name: string;
  plan: string;
  role: string;
  sessionsEnded: number;
  status: string;
}

/** 'UpdateUser' return type */
export type IUpdateUserResult = void;

/** 'UpdateUser' query type */
export interface IUpdateUserQuery {
  params: IUpdateUserParams;
  result: IUpdateUserResult;
}

/** 'SetPasswordHash' parameters type */
export interface ISetPasswordHashParams {
  hash: string;
  id: string;
}

/** 'SetPasswordHash' return type */
export type ISetPasswordHashResult = void;

/** 'SetPasswordHash' query type */
export interface ISetPasswordHashQuery {
  params: ISetPasswordHashParams;
  result: ISetPasswordHashResult;
}

/** 'EndAllSessions' parameters type */
export interface IEndAllSessionsParams {
  id: string;
}

/** 'EndAllSessions' return type */
export type IEndAllSessionsResult = void;

/** 'EndAllSessions' query type */
export interface IEndAllSessionsQuery {
  params: IEndAllSessionsParams;
  result: IEndAllSessionsResult;
}

/** 'DeleteUser' parameters type */
export interface IDeleteUserParams {
  id: string;
}

/** 'DeleteUser' return type */
export type IDeleteUserResult = void;

/** 'DeleteUser' query type */
export interface IDeleteUserQuery {
  params: IDeleteUserParams;
  result: IDeleteUserResult;
}

/** 'StampLogin' parameters type */
export interface IStampLoginParams {
  id: string;
}

/** 'StampLogin' return type */
export type IStampLoginResult = void;

/** 'StampLogin' query type */
export interface IStampLoginQuery {
  params: IStampLoginParams;
  result: IStampLoginResult;
}

/** 'CountUsersFromCounters' parameters type */
export interface ICountUsersFromCountersParams {
  role?: string | null | void;
  status?: string | null | void;
}

/** 'CountUsersFromCounters' return type */
export interface ICountUsersFromCountersResult {
  n: string;
}

/** 'CountUsersFromCounters' query type */
export interface ICountUsersFromCountersQuery {
  params: ICountUsersFromCountersParams;
  result: ICountUsersFromCountersResult;
}

/** 'UserSummary' parameters type */
export type IUserSummaryParams = void;

/** 'UserSummary' return type */
export interface IUserSummaryResult {
  active: string;
  admins: string;
  nonActive: string;
  total: string;
}

/** 'UserSummary' query type */
export interface IUserSummaryQuery {
  params: IUserSummaryParams;
  result: IUserSummaryResult;
}
