import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/Assessment';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

const ACTIONS = [
  { label: 'Add New Course', to: '/courses/create', icon: <AddIcon /> },
  { label: 'Manage Users', to: '/users', icon: <PeopleIcon /> },
  { label: 'View Analytics', to: '/analytics', icon: <AssessmentIcon /> },
  { label: 'System Settings', to: '/settings', icon: <SettingsIcon /> },
];

export function QuickActions() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Quick Actions
        </Typography>
        <Stack spacing={1}>
          {ACTIONS.map((a) => (
            <Button key={a.to} component={Link} to={a.to} variant="outlined" startIcon={a.icon} sx={{ justifyContent: 'flex-start' }}>
              {a.label}
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
