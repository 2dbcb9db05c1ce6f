import { useTranslation } from 'react-i18next';
import { CONTACT_RULES, type ContactItem, type OwnerDeviceItem } from '@tracker/contract';
import { TextField } from '../../../components/Field';
import { DeviceChecklist } from '../editor/DeviceChecklist';
import type { FormErrors } from '../../../lib/contract-form';

/** What the editor edits: a contact without its server-side ids (a new one has `id` undefined). */
export type ContactDraft = Omit<ContactItem, 'id' | 'user_id'> & { id?: number };

export const newContact = (): ContactDraft => ({
  // §5 new contact defaults: emergency, not guest, not primary
  first_name: '',
  last_name: null,
  email: null,
  phone: null,
  relationship: null,
  is_guest: false,
  emergency: true,
  primary: false,
  devices: [],
});

type Props = {
  draft: ContactDraft;
  original: ContactDraft;
  devices: OwnerDeviceItem[];
  errors: FormErrors;
  onChange: (d: ContactDraft) => void;
};

/** The selected contact's fields, flags and devices, with the §5 rules the editor applies as the user types. */
export function ContactEditor({ draft, original, devices, errors, onChange }: Props) {
  const { t } = useTranslation();
  const set = <K extends keyof ContactDraft>(k: K, v: ContactDraft[K]) => onChange({ ...draft, [k]: v });
  const text = (k: 'first_name' | 'last_name' | 'email' | 'phone' | 'relationship', max: number) => (
    <TextField
      label={t(`ownerContacts.field.${k}`)}
      value={draft[k] ?? ''}
      maxLength={max + 1}
      error={errors[k]}
      onChange={(e) => set(k, k === 'first_name' ? e.target.value : e.target.value || null)}
      inputMode={k === 'phone' ? 'tel' : undefined}
      data-testid={`contact-${k}`}
    />
  );
  return (
    <div className="dw-form" data-testid="contact-editor">
      {text('first_name', CONTACT_RULES.firstName.max)}
      {text('last_name', CONTACT_RULES.lastNameMax)}
      {text('email', CONTACT_RULES.email.max)}
      {text('phone', CONTACT_RULES.phone.max)}
      {text('relationship', CONTACT_RULES.relationshipMax)}
      <div className="field field--checkbox">
        <input
          id="contact-guest"
          type="checkbox"
          checked={draft.is_guest}
          // §5: the emergency box is cleared when the contact may not be one (a guest)
          onChange={(e) => onChange({ ...draft, is_guest: e.target.checked, emergency: e.target.checked ? false : draft.emergency })}
        />
        <label htmlFor="contact-guest">{t('ownerContacts.field.is_guest')}</label>
      </div>
      <div className="field field--checkbox">
        <input id="contact-emergency" type="checkbox" checked={draft.emergency} disabled={draft.is_guest} onChange={(e) => set('emergency', e.target.checked)} />
        <label htmlFor="contact-emergency">{t('ownerContacts.field.emergency')}</label>
      </div>
      {draft.primary ? <p className="muted">{t('ownerContacts.primaryNote')}</p> : null}
      {/* §5: a disabled device cannot be added (one the contact is on already can stay); a primary contact's devices are fixed */}
      <DeviceChecklist
        legend={t('ownerContacts.field.devices')}
        devices={devices}
        checked={draft.devices}
        saved={original.devices}
        locked={draft.primary}
        error={errors.devices}
        idPrefix="contact-device"
        onChange={(ids) => set('devices', ids)}
        data-testid="contact-devices"
      />
    </div>
  );
}
