/** Types generated for queries found in "backend/src/modules/settings/settings.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'SettingsOfSection' parameters type */
export interface ISettingsOfSectionParams {
  section: string;
}

/** 'SettingsOfSection' return type */
export interface ISettingsOfSectionResult {
  encrypted: boolean;
  key: string;
  value: Json;
}

/** 'SettingsOfSection' query type */
export interface ISettingsOfSectionQuery {
  params: ISettingsOfSectionParams;
  result: ISettingsOfSectionResult;
}

/** 'UpsertSetting' parameters type */
export interface IUpsertSettingParams {
  encrypted: boolean;
  key: string;
  section: string;
  updatedBy: string;
  value: Json;
}

/** 'UpsertSetting' return type */
export type IUpsertSettingResult = void;

/** 'UpsertSetting' query type */
export interface IUpsertSettingQuery {
  params: IUpsertSettingParams;
  result: IUpsertSettingResult;
}
