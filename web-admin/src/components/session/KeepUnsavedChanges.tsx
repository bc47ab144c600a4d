import { useEffect, useRef, useState } from 'react';
import { useRecordContext, useResourceContext } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { clearDraft, loadDraft, saveDraft, type Draft } from './drafts';
import { KeptDraftOffer } from './KeptDraftOffer';

type Values = Record<string, unknown>;

/** Fields never written to the browser's storage, whatever the form. */
const PRIVATE_FIELD = /password|secret/i;

/** Whether react-hook-form's dirty marks for a field (true, or nested objects and arrays of them) say it changed. */
function isDirtyMark(mark: unknown): boolean {
  if (mark === true) return true;
  if (Array.isArray(mark)) return mark.some(isDirtyMark);
  return typeof mark === 'object' && mark !== null && Object.values(mark).some(isDirtyMark);
}

/**
 * Keeps a console form's unsaved changes in this browser as the admin types
 * (drafts.ts, per admin), so a session that ends or a closed tab loses
 * nothing: the next time this admin opens the same form, its changes are
 * offered back (Restore or Discard). Only the changed fields are kept (the
 * form's own dirty marks, the ones react-admin warns about), never a
 * password or a secret; a successful save removes them. Placed inside any
 * react-admin form; `name` tells forms apart (default: resource and record id).
 */
export function KeepUnsavedChanges({ name, exclude = [] }: { name?: string; exclude?: readonly string[] }) {
  const resource = useResourceContext();
  const record = useRecordContext();
  const key = name ?? `form:${resource ?? 'form'}:${record?.id ?? 'create'}`;
  const { control, getValues, setValue } = useFormContext();
  // Subscribed, so this re-renders on every change: its effect keeps the copy up to date.
  useWatch({ control });
  const { dirtyFields, isSubmitSuccessful, isSubmitting } = useFormState({ control });
  const [offer, setOffer] = useState<Draft<Values> | null>(() => loadDraft<Values>(key));
  const saved = useRef(false);

  const changed: Values = {};
  for (const [field, mark] of Object.entries(dirtyFields)) {
    if (!PRIVATE_FIELD.test(field) && !exclude.includes(field) && isDirtyMark(mark)) changed[field] = getValues(field);
  }
  const snapshot = JSON.stringify(changed);

  useEffect(() => {
    saved.current = false;
    const values = JSON.parse(snapshot) as Values;
    if (Object.keys(values).length > 0) saveDraft<Values>(key, values);
    // Nothing unsaved: drop the copy, unless it is the one still being offered.
    else if (!offer) clearDraft(key);
  }, [snapshot, key, offer]);

  // Saved: the copy goes with the form (a save that fails keeps the form open, and the copy with it).
  useEffect(() => {
    if (isSubmitSuccessful && !isSubmitting) saved.current = true;
  }, [isSubmitSuccessful, isSubmitting]);
  useEffect(
    () => () => {
      if (saved.current) clearDraft(key);
    },
    [key],
  );

  if (!offer) return null;
  return (
    <KeptDraftOffer
      savedAt={offer.savedAt}
      onRestore={() => {
        for (const [field, value] of Object.entries(offer.value)) setValue(field, value, { shouldDirty: true, shouldTouch: true });
        setOffer(null);
      }}
      onDiscard={() => setOffer(null)}
    />
  );
}
