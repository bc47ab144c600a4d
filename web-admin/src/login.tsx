import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { sessionEndReason } from './components/session/returnTo';
import { StandaloneLogin } from './login/StandaloneLogin';

const root = document.getElementById('root')!;
const page = (
  <StrictMode>
    <StandaloneLogin />
  </StrictMode>
);
// The build drew the page already (scripts/prerender-login.mjs): take it over. After a
// session ended the page first says why, which the build could not know: draw it anew.
if (root.dataset.prerendered && !sessionEndReason()) hydrateRoot(root, page);
else {
  root.replaceChildren();
  createRoot(root).render(page);
}
