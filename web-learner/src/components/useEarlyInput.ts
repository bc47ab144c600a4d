import { useLayoutEffect } from 'react';

/**
 * A prerendered page shows its form before React takes it over. What the
 * visitor types meanwhile stays on screen, but React 19 never tells the
 * component (facebook/react#12955): the state stays empty, so a button
 * derived from it stays disabled and a submit would send nothing.
 *
 * Give the field's id, the state's value and its setter: at the first commit
 * (the hydration, when React takes the field over), a value shown in the
 * field that the state does not have becomes the state. On a page rendered
 * from scratch the two are always equal, and nothing happens.
 */
export function useEarlyInput(fieldId: string, value: string, setValue: (value: string) => void): void {
  useLayoutEffect(() => {
    const field = document.getElementById(fieldId);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    if (field.value !== value) setValue(field.value);
    // Only the first commit can follow typing React did not see; later ones are React's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
