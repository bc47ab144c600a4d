export { authProvider, ROLE_LABELS } from './authProvider';
export { dataProvider, type AdminDataProvider, type CourseSaveBody } from './dataProvider';
export { answeredByServer, apiJson, downloadFile, errorMessage, saveBlob } from './http';
export { getPublicConfig } from './publicConfig';
export { useSiteName } from './useSiteName';
export { session } from './session';
export { useApi } from './useApi';
export * from './types';
