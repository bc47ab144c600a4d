import { session } from '../../api';

/**
 * Unsaved editor content kept in this browser while the admin types, so a
 * session that ends (or a closed tab) loses nothing: the editor offers it back
 * the next time this admin opens the same page. Kept per admin email.
 */
export interface Draft<T> {
  savedAt: string;
  value: T;
}

const PREFIX = 'adminDraft:';

function keyOf(name: string): string {
  return `${PREFIX}${session.email() ?? ''}:${name}`;
}

export function saveDraft<T>(name: string, value: T): void {
  try {
    localStorage.setItem(keyOf(name), JSON.stringify({ savedAt: new Date().toISOString(), value } satisfies Draft<T>));
  } catch {
    // Storage full or disabled: the editor still works, only without the safety copy.
  }
}

export function loadDraft<T>(name: string): Draft<T> | null {
  try {
    const raw = localStorage.getItem(keyOf(name));
    return raw ? (JSON.parse(raw) as Draft<T>) : null;
  } catch {
    return null;
  }
}

export function clearDraft(name: string): void {
  localStorage.removeItem(keyOf(name));
}
