import { useCallback, useState } from 'react';
import { clearDraft, loadDraft, saveDraft } from './drafts';

/**
 * A text the admin writes outside a react-admin form (an answer in a
 * dialog), kept in this browser as it is typed (drafts.ts), so a session
 * that ends loses nothing: it is there again the next time. `forget` once
 * it has been sent.
 */
export function useKeptText(name: string): [string, (text: string) => void, () => void] {
  const [text, setText] = useState(() => loadDraft<string>(name)?.value ?? '');
  const change = useCallback(
    (next: string) => {
      setText(next);
      if (next.trim()) saveDraft(name, next);
      else clearDraft(name);
    },
    [name],
  );
  const forget = useCallback(() => {
    setText('');
    clearDraft(name);
  }, [name]);
  return [text, change, forget];
}
