/** Types generated for queries found in "backend/src/modules/users/password-reset-tokens.repository.ts" */

/** 'InsertResetToken' parameters type */
export interface IInsertResetTokenParams {
  tokenHash: string;
  ttlSeconds: number;
  userId: string;
}

/** 'InsertResetToken' return type */
export type IInsertResetTokenResult = void;

/** 'InsertResetToken' query type */
export interface IInsertResetTokenQuery {
  params: IInsertResetTokenParams;
  result: IInsertResetTokenResult;
}

/** 'UseResetToken' parameters type */
export interface IUseResetTokenParams {
  tokenHash: string;
}

/** 'UseResetToken' return type */
export interface IUseResetTokenResult {
  user_id: string;
}

/** 'UseResetToken' query type */
export interface IUseResetTokenQuery {
  params: IUseResetTokenParams;
  result: IUseResetTokenResult;
}

/** 'ResetTokenUsable' parameters type */
export interface IResetTokenUsableParams {
  tokenHash: string;
}

/** 'ResetTokenUsable' return type */
export interface IResetTokenUsableResult {
  ok: boolean | null;
}

/** 'ResetTokenUsable' query type */
export interface IResetTokenUsableQuery {
  params: IResetTokenUsableParams;
  result: IResetTokenUsableResult;
}

/** 'VoidResetTokensOfUser' parameters type */
export interface IVoidResetTokensOfUserParams {
  userId: string;
}

/** 'VoidResetTokensOfUser' return type */
export type IVoidResetTokensOfUserResult = void;

/** 'VoidResetTokensOfUser' query type */
export interface IVoidResetTokensOfUserQuery {
  params: IVoidResetTokensOfUserParams;
  result: IVoidResetTokensOfUserResult;
}
