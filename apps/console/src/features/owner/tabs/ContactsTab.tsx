import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess, contactSaveV2Body, type CommandRefusal, type ContactItem, type ContactSaveV2Body } from '@tracker/contract';
import { RefusedDevices } from '../../../components/ConfirmCommandDialog';
import type { Column } from '../../../components/DataTable';
import { useSession } from '../../../lib/session';
import { successToast } from '../../../lib/toast';
import { useOwnerContacts, usePushContactsMutation, useRemoveContactMutation, useSaveContactMutation } from '../api/contacts';
import { ContactEditor, newContact, type ContactDraft } from '../contacts/ContactEditor';
import { PushStatus } from '../contacts/PushStatus';
import { ListEditorTab } from '../editor/ListEditorTab';
import { useListEditor } from '../editor/use-list-editor';
import type { OwnerTabProps } from '../owner-tabs';

const toDraft = ({ user_id: _, ...c }: ContactItem): ContactDraft => c;

/**
 * /owner/{id}/contacts (§2): the list with a selected-contact editor, add (one unsaved new contact at a time, §4),
 * save (`POST /contact/save_v2`), remove, the push to the watches with its status (only for the roles that send
 * commands, area ownerCommand; the devices the ledger refused listed after a push), and the navigation guard.
 */
export function ContactsTab({ id }: OwnerTabProps) {
  const { t } = useTranslation();
  const q = useOwnerContacts(id);
  const save = useSaveContactMutation(id);
  const remove = useRemoveContactMutation(id);
  const push = usePushContactsMutation(id);
  const role = useSession()!.role;
  const mayPush = canAccess(role, 'ownerCommand');
  // §6: role 9 sees the contacts read-only (area ownerEdit; the api refuses its changes with READ_ONLY_ROLE)
  const mayEdit = canAccess(role, 'ownerEdit');
  const [refused, setRefused] = useState<CommandRefusal[]>([]);
  const editor = useListEditor<ContactDraft, ContactSaveV2Body>({
    check: (d) => contactSaveV2Body.safeParse({ ...d, user_id: id }),
    send: async (body) => toDraft(await save.mutateAsync(body)),
    remove: (contactId) => remove.mutateAsync(contactId),
    savedText: t('ownerContacts.saved'),
    removedText: t('ownerContacts.removed'),
  });
  const { original, draft, setDraft, errors, dirty, open } = editor;
  const data = q.data;
  const atLimit = data ? data.contacts.length >= data.limit : true;

  const devices = new Map((data?.devices ?? []).map((d) => [d.id, d]));
  const columns: Column<ContactItem>[] = [
    {
      key: 'name',
      header: t('ownerContacts.field.name'),
      className: 'words',
      cell: (c) => (
        <button type="button" className="dw-linkbtn" disabled={!editor.canOpen(c.id)} title={dirty ? t('ownerContacts.saveFirst') : undefined} onClick={() => open(toDraft(c))}>
          {[c.first_name, c.last_name].filter(Boolean).join(' ')}
        </button>
      ),
    },
    { key: 'phone', header: t('ownerContacts.field.phone'), className: 'mono nowrap', cell: (c) => c.phone ?? t('common.none') },
    {
      key: 'flags',
      header: t('ownerContacts.flags'),
      className: 'words',
      cell: (c) =>
        [c.primary && t('ownerContacts.field.primary'), c.emergency && t('ownerContacts.field.emergency'), c.is_guest && t('ownerContacts.field.is_guest')]
          .filter(Boolean)
          .join(', ') || t('common.none'),
    },
    { key: 'devices', header: t('ownerContacts.field.devices'), className: 'words', cell: (c) => c.devices.map((d) => devices.get(d)?.first_name ?? devices.get(d)?.imei ?? `#${d}`).join(', ') },
  ];

  return (
    <ListEditorTab
      heading={t('owner.tabs.contacts')}
      tools={
        <>
          {mayEdit ? (
            <button type="button" className="btn" disabled={!editor.canAdd || atLimit} onClick={() => open(newContact())} data-testid="contact-add">
              {t('ownerContacts.add')}
            </button>
          ) : null}
          {mayPush ? (
            <button
              type="button"
              className="btn"
              disabled={push.isPending || !data?.devices.length}
              onClick={() =>
                push.mutate(undefined, {
                  onSuccess: (r) => {
                    setRefused(r.refused);
                    successToast(t('ownerContacts.pushed'));
                  },
                })
              }
            >
              {t('ownerContacts.push')}
            </button>
          ) : null}
        </>
      }
      query={q}
      rows={data?.contacts}
      columns={columns}
      rowKey={(c) => c.id}
      selected={(c) => c.id === draft?.id}
      empty={t('ownerContacts.empty')}
      tableTestId="contacts-table"
      readOnly={!mayEdit}
      under={
        data ? (
          <>
            <PushStatus devices={data.devices} />
            {refused.length ? <RefusedDevices refused={refused.length} refusals={refused} /> : null}
          </>
        ) : null
      }
      editor={
        data && draft && original
          ? {
              label: t('ownerContacts.editor'),
              title: draft.id ? [original.first_name, original.last_name].filter(Boolean).join(' ') : t('ownerContacts.new'),
              fields: <ContactEditor draft={draft} original={original} devices={data.devices} errors={errors} onChange={setDraft} />,
            }
          : null
      }
      actions={{ ...editor.actions, removeLabel: t('ownerContacts.remove'), saveTestId: 'contact-save' }}
      dirty={dirty}
      save={editor.save}
    />
  );
}
