import { useTranslation } from 'react-i18next';

type Props = {
  /** a refusal that names no field */
  error?: string | undefined;
  dirty: boolean;
  saving: boolean;
  removing: boolean;
  /** the edited row is new (nothing to remove: Cancel instead) */
  isNew: boolean;
  removeLabel: string;
  saveTestId: string;
  onSave: () => void;
  onRevert: () => void;
  onRemove: () => void;
  onCancel: () => void;
};

/**
 * The buttons under a list-with-editor tab's editor (contacts, safe zones, wifi access points): Save, Discard changes,
 * and Remove (or Cancel for a new one). `useListEditor().actions` gives every prop but the label and test id.
 */
export function EditorActions({ error, dirty, saving, removing, isNew, removeLabel, saveTestId, onSave, onRevert, onRemove, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="btn btn--primary" disabled={saving || !dirty} onClick={onSave} data-testid={saveTestId}>
          {t('common.save')}
        </button>
        <button type="button" className="btn" disabled={!dirty} onClick={onRevert}>
          {t('ownerContacts.revert')}
        </button>
        {isNew ? (
          <button type="button" className="btn" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : (
          <button type="button" className="btn" disabled={removing || dirty} onClick={onRemove}>
            {removeLabel}
          </button>
        )}
      </div>
    </>
  );
}
