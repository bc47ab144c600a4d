import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, useApi } from '../api';
import { QueryState } from '../common/QueryState';
import { formatDateTime } from '../common/format';

export function RecentActivity() {
  const api = useApi();
  const query = useQuery({ queryKey: queryKeys.activity, queryFn: () => api.getActivity() });
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Recent Activity
        </Typography>
        <QueryState query={query} label="recent activity">
          {({ items }) =>
            items.length === 0 ? (
              <Typography color="text.secondary">No activity yet</Typography>
            ) : (
              <List dense disablePadding>
                {items.map((item) => (
                  <ListItem key={item.id} disableGutters divider>
                    <ListItemText primary={item.message} secondary={[item.actor, formatDateTime(item.at)].filter(Boolean).join(' · ')} />
                  </ListItem>
                ))}
              </List>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
