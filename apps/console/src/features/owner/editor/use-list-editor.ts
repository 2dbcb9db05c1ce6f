import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiErrors, issueErrors, type FormErrors } from '../../../lib/contract-form';
import { localErrorToast, successToast } from '../../../lib/toast';

/** A row being edited: `id` is the stored key (undefined for a new row); `devices`, when there, compare as a set. */
export type Draft = { id?: number | string | undefined; devices?: number[] };

type Options<D extends Draft, B> = {
  /** the contract's check of a draft (its coded messages are shown as the user types and at save) */
  check: (d: D) => z.ZodSafeParseResult<B>;
  /** sends the checked body (of `draft`); answers the row as saved, which the editor then shows */
  send: (body: B, draft: D) => Promise<D>;
  /** removes the stored row `id` */
  remove: (id: NonNullable<D['id']>) => Promise<unknown>;
  /** the success toasts */
  savedText: string;
  removedText: string;
  /** called when another row (or none) is opened, e.g. to drop a note of the last save */
  onOpen?: () => void;
};

const canonical = (x: Draft) => JSON.stringify(x.devices ? { ...x, devices: [...x.devices].sort((a, b) => a - b) } : x);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The state and wiring of a list-with-editor tab (contacts, safe zones, wifi access points): the row as loaded
 * (`original`) and its edited copy (`draft`); the §5 messages of the fields the user changed, as they type, and of
 * every field at save; the server's field errors of a refused save (each until its field changes); whether there are
 * unsaved changes (for the navigation guard); one row open at a time (another row, or Add, only when nothing is
 * unsaved; only one unsaved new row, §4); save and remove with their toasts. `actions` are EditorActions' props.
 */
export function useListEditor<D extends Draft, B>(o: Options<D, B>) {
  const { t } = useTranslation();
  const [original, setOriginal] = useState<D | null>(null);
  const [draft, setDraftState] = useState<D | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [saveErrors, setSaveErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState(false);
  const dirty = draft !== null && original !== null && canonical(draft) !== canonical(original);
  const isNew = draft !== null && draft.id === undefined;

  const parsed = draft ? o.check(draft) : null;
  const live = parsed && !parsed.success ? issueErrors(t, parsed.error) : {};
  const errors: FormErrors = { ...saveErrors };
  for (const [k, v] of Object.entries(live)) if (touched.has(k)) errors[k] = v;

  function open(x: D | null) {
    setOriginal(x);
    setDraftState(x);
    setTouched(new Set());
    setSaveErrors({});
    o.onOpen?.();
  }

  /** The user changed the draft: the changed fields show their messages from now on, their save errors go. */
  function setDraft(next: D) {
    const prev = (draft ?? {}) as Record<string, unknown>;
    const changed = Object.keys(next).filter((k) => !same((next as Record<string, unknown>)[k], prev[k]));
    if (changed.length) {
      setTouched((s) => new Set([...s, ...changed]));
      setSaveErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !changed.includes(k))));
    }
    setDraftState(next);
  }

  /** true when saved (the navigation guard then lets the user leave), false when something is wrong (stay). */
  async function save(): Promise<boolean> {
    if (!draft || !parsed) return true;
    if (!parsed.success) {
      setTouched(new Set(Object.keys(live)));
      localErrorToast(t('form.fixErrors'));
      return false;
    }
    setSaving(true);
    try {
      const saved = await o.send(parsed.data, draft);
      setOriginal(saved);
      setDraftState(saved);
      setTouched(new Set());
      setSaveErrors({});
      successToast(o.savedText);
      return true;
    } catch (err) {
      setSaveErrors(apiErrors(err));
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (draft?.id === undefined) return;
    setRemoving(true);
    try {
      await o.remove(draft.id as NonNullable<D['id']>);
      open(null);
      successToast(o.removedText);
    } catch {
      // the api client's toast says why; the row stays open
    } finally {
      setRemoving(false);
    }
  }

  return {
    original,
    draft,
    setDraft,
    errors,
    dirty,
    isNew,
    open,
    save,
    /** Add is offered when nothing is unsaved and no new row is open (§4: one unsaved new contact at a time) */
    canAdd: !dirty && !isNew,
    /** another row may be opened when the open one has no unsaved changes */
    canOpen: (id: D['id']) => !dirty || draft?.id === id,
    actions: {
      error: errors._,
      dirty,
      saving,
      removing,
      isNew,
      onSave: () => void save(),
      onRevert: () => open(original),
      onRemove: () => void remove(),
      onCancel: () => open(null),
    },
  };
}
