/** Types generated for queries found in "backend/src/modules/users/user-self-service.repository.ts" */

/** 'SetOwnName' parameters type */
export interface ISetOwnNameParams {
  id: string;
  name: string;
}

/** 'SetOwnName' return type */
export type ISetOwnNameResult = void;

/** 'SetOwnName' query type */
export interface ISetOwnNameQuery {
  params: ISetOwnNameParams;
  result: ISetOwnNameResult;
}

/** 'SetOwnLanguage' parameters type */
export interface ISetOwnLanguageParams {
  id: string;
  language?: string | null | void;
}

/** 'SetOwnLanguage' return type */
export type ISetOwnLanguageResult = void;

/** 'SetOwnLanguage' query type */
export interface ISetOwnLanguageQuery {
  params: ISetOwnLanguageParams;
  result: ISetOwnLanguageResult;
}

/** 'SetOwnEmail' parameters type */
export interface ISetOwnEmailParams {
  email: string;
  id: string;
}

/** 'SetOwnEmail' return type */
export type ISetOwnEmailResult = void;

/** 'SetOwnEmail' query type */
export interface ISetOwnEmailQuery {
  params: ISetOwnEmailParams;
  result: ISetOwnEmailResult;
}

/** 'AnonymiseUser' parameters type */
export interface IAnonymiseUserParams {
  id: string;
  passwordHash: string;
  placeholderEmail: string;
}

/** 'AnonymiseUser' return type */
export type IAnonymiseUserResult = void;

/** 'AnonymiseUser' query type */
export interface IAnonymiseUserQuery {
  params: IAnonymiseUserParams;
  result: IAnonymiseUserResult;
}

/** 'DeleteResetTokensOfUser' parameters type */
export interface IDeleteResetTokensOfUserParams {
  id: string;
}

/** 'DeleteResetTokensOfUser' return type */
export type IDeleteResetTokensOfUserResult = void;

/** 'DeleteResetTokensOfUser' query type */
export interface IDeleteResetTokensOfUserQuery {
  params: IDeleteResetTokensOfUserParams;
  result: IDeleteResetTokensOfUserResult;
}
