import { afterFirstPaint, nextTask, recordPageView } from './app/boot';
import './index.css';

/** As main.tsx, for the landing page alone (no router, no TanStack Query): paint, then React, then the page. */
async function boot(): Promise<void> {
  await afterFirstPaint();
  await import('react-dom/client');
  await nextTask();
  const { startLanding, primeFromServer } = await import('./app/startLanding');
  // A page the server rendered in the site's language: its strings and settings first, so hydration changes nothing.
  await primeFromServer();
  await nextTask();
  startLanding(document.getElementById('root')!);
  // The app counts its public pages as it navigates (usePageViews.ts); the landing page, on its own, is one view.
  recordPageView();
}

void boot();
