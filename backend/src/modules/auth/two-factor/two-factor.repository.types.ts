/** Types generated for queries found in "backend/src/modules/auth/two-factor/two-factor.repository.ts" */
export type BufferArray = Buffer[];

export type NumberOrString = number | string;

/** 'TwoFactorOfUser' parameters type */
export interface ITwoFactorOfUserParams {
  userId: string;
}

/** 'TwoFactorOfUser' return type */
export interface ITwoFactorOfUserResult {
  enabled_at: Date | null;
  last_step: string;
  pending_secret_encrypted: string | null;
  secret_encrypted: string | null;
  updated_at: Date;
  user_id: string;
}

/** 'TwoFactorOfUser' query type */
export interface ITwoFactorOfUserQuery {
  params: ITwoFactorOfUserParams;
  result: ITwoFactorOfUserResult;
}

/** 'TwoFactorEnabled' parameters type */
export interface ITwoFactorEnabledParams {
  userId: string;
}

/** 'TwoFactorEnabled' return type */
export interface ITwoFactorEnabledResult {
  enabled: number | null;
}

/** 'TwoFactorEnabled' query type */
export interface ITwoFactorEnabledQuery {
  params: ITwoFactorEnabledParams;
  result: ITwoFactorEnabledResult;
}

/** 'SavePendingSecret' parameters type */
export interface ISavePendingSecretParams {
  sealedSecret: string;
  userId: string;
}

/** 'SavePendingSecret' return type */
export type ISavePendingSecretResult = void;

/** 'SavePendingSecret' query type */
export interface ISavePendingSecretQuery {
  params: ISavePendingSecretParams;
  result: ISavePendingSecretResult;
}

/** 'EnableTwoFactor' parameters type */
export interface IEnableTwoFactorParams {
  step: NumberOrString;
  userId: string;
}

/** 'EnableTwoFactor' return type */
export type IEnableTwoFactorResult = void;

/** 'EnableTwoFactor' query type */
export interface IEnableTwoFactorQuery {
  params: IEnableTwoFactorParams;
  result: IEnableTwoFactorResult;
}

/** 'UseTimeStep' parameters type */
export interface IUseTimeStepParams {
  step: NumberOrString;
  userId: string;
}

/** 'UseTimeStep' return type */
export interface IUseTimeStepResult {
  user_id: string;
}

/** 'UseTimeStep' query type */
export interface IUseTimeStepQuery {
  params: IUseTimeStepParams;
  result: IUseTimeStepResult;
}

/** 'DeleteRecoveryCodes' parameters type */
export interface IDeleteRecoveryCodesParams {
  userId: string;
}

/** 'DeleteRecoveryCodes' return type */
export type IDeleteRecoveryCodesResult = void;

/** 'DeleteRecoveryCodes' query type */
export interface IDeleteRecoveryCodesQuery {
  params: IDeleteRecoveryCodesParams;
  result: IDeleteRecoveryCodesResult;
}

/** 'InsertRecoveryCodes' parameters type */
export interface IInsertRecoveryCodesParams {
  hashes: BufferArray;
  userId: string;
}

/** 'InsertRecoveryCodes' return type */
export type IInsertRecoveryCodesResult = void;

/** 'InsertRecoveryCodes' query type */
export interface IInsertRecoveryCodesQuery {
  params: IInsertRecoveryCodesParams;
  result: IInsertRecoveryCodesResult;
}

/** 'UseRecoveryCode' parameters type */
export interface IUseRecoveryCodeParams {
  hash: Buffer;
  userId: string;
}

/** 'UseRecoveryCode' return type */
export interface IUseRecoveryCodeResult {
  id: string;
}

/** 'UseRecoveryCode' query type */
export interface IUseRecoveryCodeQuery {
  params: IUseRecoveryCodeParams;
  result: IUseRecoveryCodeResult;
}

/** 'RecoveryCodesLeft' parameters type */
export interface IRecoveryCodesLeftParams {
  userId: string;
}

/** 'RecoveryCodesLeft' return type */
export interface IRecoveryCodesLeftResult {
  n: number;
}

/** 'RecoveryCodesLeft' query type */
export interface IRecoveryCodesLeftQuery {
  params: IRecoveryCodesLeftParams;
  result: IRecoveryCodesLeftResult;
}

/** 'DeleteTwoFactor' parameters type */
export interface IDeleteTwoFactorParams {
  userId: string;
}

/** 'DeleteTwoFactor' return type */
export interface IDeleteTwoFactorResult {
  user_id: string;
}

/** 'DeleteTwoFactor' query type */
export interface IDeleteTwoFactorQuery {
  params: IDeleteTwoFactorParams;
  result: IDeleteTwoFactorResult;
}
