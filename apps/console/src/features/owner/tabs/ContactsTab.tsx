import { useTranslation } from 'react-i18next';
import { contactSaveV2Body, type ContactItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { successToast } from '../../../lib/toast';
import { useOwnerContacts, usePushContacts, useRemoveContact, useSaveContact } from '../contacts/api';
import { EditorActions } from '../contacts/EditorActions';
import { ContactEditor, newContact, type ContactDraft } from '../contacts/ContactEditor';
import { PushStatus } from '../contacts/PushStatus';
import { useEditor } from '../contacts/use-editor';
import type { OwnerTabProps } from '../owner-tabs';

const toDraft = ({ user_id: _, ...c }: ContactItem): ContactDraft => c;

/**
 * /owner/{id}/contacts (§2): the list with a selected-contact editor, add (one unsaved new contact at a time, §4),
 * save (`POST /contact/save_v2`), remove, the push to the watches with its status, and the navigation guard.
 */
export function ContactsTab({ id }: OwnerTabProps) {
  const { t } = useTranslation();
  const q = useOwnerContacts(id);
  const save = useSaveContact(id);
  const remove = useRemoveContact(id);
  const push = usePushContacts(id);
  const { original, draft, setDraft, errors, dirty, open, save: saveDraft } = useEditor<ContactDraft>();
  const editingNew = draft !== null && draft.id === undefined;
  const data = q.data;
  const atLimit = data ? data.contacts.length >= data.limit : true;

  function doSave(): Promise<boolean> {
    if (!draft) return Promise.resolve(true);
    return saveDraft(t, contactSaveV2Body.safeParse({ ...draft, user_id: id }), async (body) => {
      const saved = toDraft(await save.mutateAsync(body));
      successToast(t('ownerContacts.saved'));
      return saved;
    });
  }

  async function doRemove() {
    if (!draft?.id) return;
    await remove.mutateAsync(draft.id);
    open(null);
    successToast(t('ownerContacts.removed'));
  }

  const devices = new Map((data?.devices ?? []).map((d) => [d.id, d]));
  const columns: Column<ContactItem>[] = [
    {
      key: 'name',
      header: t('ownerContacts.field.name'),
      cell: (c) => (
        <button type="button" className="dw-linkbtn" disabled={dirty && draft?.id !== c.id} title={dirty ? t('ownerContacts.saveFirst') : undefined} onClick={() => open(toDraft(c))}>
          {[c.first_name, c.last_name].filter(Boolean).join(' ')}
        </button>
      ),
    },
    { key: 'phone', header: t('ownerContacts.field.phone'), className: 'mono', cell: (c) => c.phone ?? t('common.none') },
    {
      key: 'flags',
      header: t('ownerContacts.flags'),
      cell: (c) =>
        [c.primary && t('ownerContacts.field.primary'), c.emergency && t('ownerContacts.field.emergency'), c.is_guest && t('ownerContacts.field.is_guest')]
          .filter(Boolean)
          .join(', ') || t('common.none'),
    },
    { key: 'devices', header: t('ownerContacts.field.devices'), cell: (c) => c.devices.map((d) => devices.get(d)?.first_name ?? devices.get(d)?.imei ?? `#${d}`).join(', ') },
  ];

  return (
    <div>
      <div className="dw-toolbar">
        <h2>{t('owner.tabs.contacts')}</h2>
        <button type="button" className="btn" disabled={editingNew || atLimit || dirty} onClick={() => open(newContact())} data-testid="contact-add">
          {t('ownerContacts.add')}
        </button>
        <button type="button" className="btn" disabled={push.isPending || !data?.devices.length} onClick={() => push.mutate(undefined, { onSuccess: () => successToast(t('ownerContacts.pushed')) })}>
          {t('ownerContacts.push')}
        </button>
      </div>
      <QueryState query={q}>
        {data ? (
          <div className="dw-split">
            <div>
              <DataTable
                data-testid="contacts-table"
                columns={columns}
                rows={data.contacts}
                rowKey={(c) => c.id}
                empty={t('ownerContacts.empty')}
                rowProps={(c) => ({ className: c.id === draft?.id ? 'dw-row--selected' : undefined })}
              />
              <PushStatus devices={data.devices} />
            </div>
            {draft && original ? (
              <section className="dw-section" aria-label={t('ownerContacts.editor')}>
                <h3>{draft.id ? [original.first_name, original.last_name].filter(Boolean).join(' ') : t('ownerContacts.new')}</h3>
                <ContactEditor draft={draft} original={original} devices={data.devices} errors={errors} onChange={setDraft} />
                <EditorActions
                  error={errors._}
                  dirty={dirty}
                  saving={save.isPending}
                  removing={remove.isPending}
                  isNew={!draft.id}
                  removeLabel={t('ownerContacts.remove')}
                  saveTestId="contact-save"
                  onSave={() => void doSave()}
                  onRevert={() => open(original)}
                  onRemove={() => void doRemove()}
                  onCancel={() => open(null)}
                />
              </section>
            ) : null}
          </div>
        ) : null}
      </QueryState>
      <UnsavedChangesPrompt when={dirty} onSave={doSave} />
    </div>
  );
}
