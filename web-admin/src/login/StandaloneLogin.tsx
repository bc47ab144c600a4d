import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { authProvider } from '../api/authProvider';
import { theme } from '../theme';
import { LoginScreen, type LoginFrom } from './LoginScreen';

const muiTheme = createTheme(theme);

/** Where react-admin's redirect sent the admin from, when this page is a reload of one (React Router keeps it in history.state.usr). */
function redirectedFrom(): LoginFrom | null {
  if (typeof window === 'undefined') return null;
  const state = window.history.state as { usr?: LoginFrom } | null;
  return state?.usr ?? null;
}

/**
 * /admin/login on a first visit (login/index.html): the sign-in alone, with
 * the console's theme but without react-admin, so the page loads a fraction
 * of the console's code. Signing in keeps the session the way react-admin's
 * authProvider does and opens the console.
 */
export function StandaloneLogin() {
  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
      <LoginScreen
        from={redirectedFrom()}
        complete={async (session, target) => {
          await authProvider.login({ session });
          window.location.assign(`/admin${target}`);
        }}
      />
    </ThemeProvider>
  );
}
