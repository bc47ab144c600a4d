import { useQuery } from '@tanstack/react-query';
import { affiliateDashboardQuery } from '../../../api/queries';

/** An approved affiliate's clicks, checkouts, sales and commissions over the last `days` days; asked only when `enabled`. */
export function useAffiliateDashboard(days: number, enabled: boolean) {
  return useQuery({ ...affiliateDashboardQuery(days), enabled });
}
