import { afterFirstPaint, nextTask } from './app/boot';
import './index.css';

/** As main.tsx, for the landing page alone (no router, no TanStack Query): paint, then React, then the page. */
async function boot(): Promise<void> {
  await afterFirstPaint();
  await import('react-dom/client');
  await nextTask();
  const { startLanding } = await import('./app/startLanding');
  await nextTask();
  startLanding(document.getElementById('root')!);
}

void boot();
