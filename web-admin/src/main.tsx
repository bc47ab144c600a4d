import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';

/**
 * One data router for the whole console under /admin; react-admin uses it
 * (no basename on <Admin>), which `warnWhenUnsavedChanges` needs. Without
 * useTransitions={false} a signed-out deep link loops through history updates.
 */
const router = createBrowserRouter([{ path: '*', element: <App /> }], { basename: '/admin' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} useTransitions={false} />
  </StrictMode>,
);
