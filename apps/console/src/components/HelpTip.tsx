import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess, type Language } from '@tracker/contract';
import { useHelpTexts, useSaveHelpText } from '../lib/help-texts';
import { currentLanguage } from '../lib/i18n';
import { useSession } from '../lib/session';

/**
 * A help tooltip (§2 owner profile: test user, APN, GCM, status, language override; usable on any screen): an (i)
 * button whose text is the stored help text of `path` in the UI language (`/locale/helptexts`), else `fallback`.
 * Role 1 (area `translations`, §6) may edit it in place (`POST /locale/helptext`). Texts are read once per
 * `prefix` (the part of `path` before its last dot), so a screen's tooltips cost one call.
 */
export function HelpTip({ path, fallback }: { path: string; fallback: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const language: Language = currentLanguage();
  const prefix = path.slice(0, path.lastIndexOf('.'));
  const texts = useHelpTexts(prefix, language);
  const save = useSaveHelpText(prefix, language);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const id = useId();
  const text = texts.data?.get(path) ?? fallback;
  const editable = session ? canAccess(session.role, 'translations') : false;
  return (
    <span className="help-tip">
      <button
        type="button"
        className="help-tip__button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('helpTip.show')}
        onClick={() => setOpen(!open)}
        data-testid={`help-${path}`}
      >
        {/* an "i" in a circle drawn by CSS: the ⓘ glyph is missing from common Linux fonts (an empty box there) */}
        <span className="help-tip__icon" aria-hidden="true">
          i
        </span>
      </button>
      {open ? (
        <span id={id} role="tooltip" className="help-tip__text">
          {draft === null ? (
            <>
              {text}
              {editable ? (
                <button type="button" className="btn" onClick={() => setDraft(text)}>
                  {t('helpTip.edit')}
                </button>
              ) : null}
            </>
          ) : (
            // not a form: a tooltip may stand inside a screen's form (the wifi fields), and forms do not nest
            <span className="help-tip__editor">
              <textarea aria-label={t('helpTip.text')} value={draft} maxLength={2000} onChange={(e) => setDraft(e.target.value)} />
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => {
                  save.mutate({ localePath: path, text: draft });
                  setDraft(null);
                }}
              >
                {t('common.save')}
              </button>
            </span>
          )}
        </span>
      ) : null}
    </span>
  );
}
