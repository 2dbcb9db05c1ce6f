import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

type Props = {
  /** the screen holds changes that are not saved */
  when: boolean;
  /** saves them; resolves true when saved (the navigation then goes on), false to stay (the screen shows why) */
  onSave: () => Promise<boolean>;
};

/**
 * The navigation guard of §2: while `when` holds, leaving the screen inside the console (a link, a tab, the browser's
 * back and forward buttons) stops at a yes/no prompt: Yes saves and then leaves (stays when the save fails), No
 * leaves without saving, closing the prompt (×, Escape) stays. Closing or reloading the tab asks through the
 * browser's own beforeunload dialog (a page may not show its own there). One per screen that edits:
 * `<UnsavedChangesPrompt when={dirty} onSave={save} />`.
 */
export function UnsavedChangesPrompt({ when, onSave }: Props) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  const [saving, setSaving] = useState(false);
  const saveRef = useRef(onSave);
  saveRef.current = onSave;

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers show the prompt only when returnValue is set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Yes is saving: it proceeds itself when the save is done (the changes go away during that save; proceeding here
  // too made React Router throw "Invalid blocker state transition: unblocked -> proceeding")
  const savingRef = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // the changes went away while the prompt was up (saved elsewhere): nothing to ask any more
  useEffect(() => {
    if (blocker.state === 'unblocked') savingRef.current = false;
    else if (blocker.state === 'blocked' && !when && !savingRef.current) blocker.proceed();
  }, [blocker, when]);

  if (blocker.state !== 'blocked') return null;

  async function yes() {
    setSaving(true);
    savingRef.current = true;
    // once this proceeds, the effect must not proceed a second time before the router has moved on (it stays set
    // until the blocker is unblocked)
    let proceeded = false;
    try {
      const saved = await saveRef.current();
      // the screen went away during the save (its blocker with it): the navigation it held is gone too
      if (!mounted.current || blocker.state !== 'blocked') return;
      if (saved) {
        proceeded = true;
        blocker.proceed();
      } else blocker.reset();
    } finally {
      if (!proceeded) savingRef.current = false;
      if (mounted.current) setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('navGuard.title')}
      description={t('navGuard.question')}
      onClose={() => blocker.reset?.()}
      footer={
        <>
          <button type="button" className="btn" disabled={saving} onClick={() => blocker.proceed?.()}>
            {t('navGuard.no')}
          </button>
          <button type="button" className="btn btn--primary" disabled={saving} onClick={() => void yes()} data-autofocus>
            {t('navGuard.yes')}
          </button>
        </>
      }
    >
      <p>{t('navGuard.hint')}</p>
    </Modal>
  );
}
