import { List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import type { Analytics } from '../api';
import { formatDate } from '../common/format';

/** The last 4 daily entries, newest first. */
export function RecentUserActivity({ days }: { days: Analytics['userActivity'] }) {
  const last4 = days.slice(-4).reverse();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h3" variant="h6" gutterBottom>
        Recent User Activity
      </Typography>
      <List dense aria-label="Recent user activity">
        {last4.map((day) => (
          <ListItem key={day.date} divider>
            <ListItemText
              primary={formatDate(`${day.date}T00:00:00`)}
              secondary={`${day.activeUsers.toLocaleString('en-US')} active users · ${day.newSignups.toLocaleString('en-US')} new signups`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
