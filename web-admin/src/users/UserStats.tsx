import { Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext } from 'react-admin';
import { queryKeys, useApi } from '../api';
import { QueryState } from '../common/QueryState';
import { StatCard } from '../common/StatCard';

/** The four stat cards, counted by the server over all users; refreshed after every change. */
export function UserStats() {
  const api = useApi();
  const { total } = useListContext();
  const query = useQuery({
    queryKey: [...queryKeys.userSummary, total],
    queryFn: () => api.getUserSummary(),
    placeholderData: (prev) => prev,
  });
  return (
    <QueryState query={query} label="user statistics">
      {(s) => (
        <Grid container spacing={2} sx={{ mb: 2, mt: 1 }}>
          {[
            ['Total Users', s.total],
            ['Active Users', s.active],
            ['Admins', s.admins],
            ['Non-active Users', s.nonActive],
          ].map(([label, value]) => (
            <Grid key={label} size={{ xs: 6, md: 3 }}>
              <StatCard label={String(label)} value={Number(value).toLocaleString('en-US')} />
            </Grid>
          ))}
        </Grid>
      )}
    </QueryState>
  );
}
