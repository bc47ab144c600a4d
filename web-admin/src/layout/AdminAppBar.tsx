import BugReportIcon from '@mui/icons-material/BugReport';
import LogoutIcon from '@mui/icons-material/Logout';
import ShieldIcon from '@mui/icons-material/Shield';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { AppBar, useGetIdentity, useLogout } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { queryKeys, systemStatusQuery, useApi } from '../api';
import { sectionOf } from '../sections';

function SectionHeader() {
  const { pathname } = useLocation();
  const section = sectionOf(pathname);
  if (!section) return <Box sx={{ flex: 1 }} />;
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography component="h1" variant="h6" noWrap>
        {section.title}
      </Typography>
      <Typography variant="caption" noWrap sx={{ display: { xs: 'none', sm: 'block' }, opacity: 0.85 }}>
        {section.description}
      </Typography>
    </Box>
  );
}

/** 'System Online' only when the server says so. */
export function SystemBadge() {
  const api = useApi();
  const { data, isError } = useQuery(systemStatusQuery(api));
  const [label, color] = isError
    ? ['System status unavailable', 'default']
    : !data
      ? ['Checking system...', 'default']
      : data.status === 'online'
        ? ['System Online', 'success']
        : ['System Degraded', 'warning'];
  return (
    <Chip
      size="small"
      label={label}
      color={color as 'default' | 'success' | 'warning'}
      sx={{ display: { xs: 'none', md: 'inline-flex' }, bgcolor: color === 'default' ? 'rgba(255,255,255,0.9)' : undefined }}
    />
  );
}

/**
 * Settings > System > Debug mode is on: the logs are at debug level on every
 * process (more volume, request details), which nobody should leave on by
 * accident. Shown on every console page until it is turned off.
 */
export function DebugModeBadge() {
  const api = useApi();
  const { data } = useQuery({ queryKey: queryKeys.settings, queryFn: () => api.getSettings(), staleTime: 60_000 });
  if (!data?.system.debugMode) return null;
  return (
    <Chip
      component={RouterLink}
      to="/settings"
      clickable
      size="small"
      color="warning"
      icon={<BugReportIcon />}
      label={
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Debug mode
        </Box>
      }
      aria-label="Debug mode is on: logs at debug level. Open Settings"
      title="Debug mode is on: every process logs at debug level"
      data-testid="debug-mode-badge"
      sx={{ '& .MuiChip-label': { px: { xs: 0.5, sm: 1 } } }}
    />
  );
}

function AdminBadge() {
  const { identity } = useGetIdentity();
  if (!identity) return null;
  return (
    <Box sx={{ textAlign: 'right', display: { xs: 'none', sm: 'block' }, lineHeight: 1.2 }} data-testid="admin-badge">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {identity.fullName}
      </Typography>
      <Typography variant="caption">{identity.roleLabel as string}</Typography>
    </Box>
  );
}

function SignOutButton() {
  const logout = useLogout();
  // An absolute address: the learner site at / is outside the console, so this is a full page load.
  return (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => logout(undefined, `${window.location.origin}/`)}>
      Sign Out
    </Button>
  );
}

export function AdminAppBar() {
  return (
    <AppBar
      userMenu={false}
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <DebugModeBadge />
          <SystemBadge />
          <AdminBadge />
          <Button
            color="inherit"
            component={RouterLink}
            to="/two-factor"
            startIcon={<ShieldIcon />}
            aria-label="Two-factor authentication"
            sx={{ minWidth: 0 }}
          >
            <Box component="span" sx={{ display: { xs: 'none', lg: 'inline' } }}>
              Two-factor
            </Box>
          </Button>
          <SignOutButton />
        </Box>
      }
    >
      <SectionHeader />
    </AppBar>
  );
}
