import { afterFirstPaint, dropStaleMarkup, nextTask } from './app/boot';
import './index.css';

/**
 * The page (prerendered for the public ones) paints first; then React's code
 * runs, then the app's, then the app takes the page over, each in a task of
 * its own so that no single one keeps the page from answering for long. The
 * code itself is already downloading (modulepreload).
 */
async function boot(root: HTMLElement): Promise<void> {
  await afterFirstPaint();
  await import('react-dom/client');
  await nextTask();
  const { startApp, primeFromServer } = await import('./app/start');
  // A page the server rendered in the site's language: its strings and settings first, so hydration changes nothing.
  await primeFromServer();
  await nextTask();
  startApp(root);
}

const root = document.getElementById('root')!;
// Now, while the page is still loading: nobody gets to type into a form that is about to be replaced.
dropStaleMarkup(root);
void boot(root);
