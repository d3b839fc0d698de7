// The dashboard's numbers for a timeframe, from the dashboard_stats RPC.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase.ts';
import { unwrap } from '../../lib/api.ts';

export type Timeframe = 'week' | 'month' | 'quarter' | 'year';

export interface DashboardStats {
  total_bookings: number;
  total_hours: number;
  active_clients: number;
  revenue: number;
  /** What guests paid, net of refunds, per currency in minor units (none: no payments). */
  revenue_by_currency?: { currency: string; amount: number }[];
  previous_total_bookings: number;
  previous_total_hours: number;
  previous_active_clients: number;
  previous_revenue: number;
}

export const DASHBOARD_KEY = ['dashboard'] as const;

export function useDashboardStats(timeframe: Timeframe) {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'stats', timeframe],
    queryFn: async () => {
      const data = unwrap(await supabase.rpc('dashboard_stats', { p_timeframe: timeframe })) as unknown as
        DashboardStats | DashboardStats[];
      return Array.isArray(data) ? data[0] : data;
    },
  });
}

/** Change against the previous period, as a whole percentage; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (!previous) return current ? null : 0;
  return Math.round(((current - previous) / previous) * 100);
}
