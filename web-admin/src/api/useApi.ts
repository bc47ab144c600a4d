import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from './dataProvider';

/** The data provider with the console's own calls, wrapped by react-admin (401/403 → sign out). */
export const useApi = () => useDataProvider<AdminDataProvider>();
