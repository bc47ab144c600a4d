import { useSyncExternalStore } from 'react';

/** What the maintenance page says when the public settings (rather than a refused call) report maintenance mode. */
export const MAINTENANCE_MESSAGE = 'The platform is under maintenance. Please try again in a few minutes.';

/** Set when any API call answers 503 with code MAINTENANCE; the app then shows the maintenance page. */
let message: string | null = null;
const listeners = new Set<() => void>();

export function reportMaintenance(serverMessage: string): void {
  message = serverMessage;
  for (const listener of listeners) listener();
}

export function useMaintenanceMessage(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => message,
    () => null,
  );
}
