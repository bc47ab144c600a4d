import { useLogin } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { LoginScreen, type LoginFrom } from './LoginScreen';

/** /admin/login inside the console (react-admin's loginPage, after a sign-out or a signed-out visit): react-admin takes the session. */
export function LoginPage() {
  const raLogin = useLogin();
  const location = useLocation();
  return <LoginScreen from={(location.state as LoginFrom | null) ?? null} complete={(session, target) => raLogin({ session }, target)} />;
}
