import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess, isFieldCode, safeZoneInput, SAFE_ZONE_RADIUS, type OwnerSafeZoneItem, type SafeZoneInput } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { EditableCircle } from '../../../components/EditableCircle';
import { MapView, ZonesLayer } from '../../../components/MapView';
import { reasonLabel } from '../../../lib/reasons';
import { useSession } from '../../../lib/session';
import { useRemoveSafeZoneMutation, useSafeZones, useSaveSafeZoneMutation } from '../api/contacts';
import { useListEditor } from '../editor/use-list-editor';
import { ListEditorTab } from '../editor/ListEditorTab';
import { ZoneEditor, newZone, type ZoneDraft } from '../safe-zones/ZoneEditor';
import type { OwnerTabProps } from '../owner-tabs';

const toDraft = ({ user_id: _, ...z }: OwnerSafeZoneItem): ZoneDraft => z;

/**
 * /owner/{id}/safeZones (§2): the list, a Leaflet map with the selected zone's editable circle (drag the centre, drag
 * the radius; a click places it), devices per zone, enable/disable, the limit choice, add, save, remove; the guard.
 */
export function SafeZonesTab({ id }: OwnerTabProps) {
  const { t } = useTranslation();
  // §6: role 9 sees the zones read-only (area ownerEdit; the api refuses its changes with READ_ONLY_ROLE)
  const mayEdit = canAccess(useSession()!.role, 'ownerEdit');
  const q = useSafeZones(id);
  const save = useSaveSafeZoneMutation(id);
  const remove = useRemoveSafeZoneMutation(id);
  const [note, setNote] = useState<string | null>(null);
  const clampNote = () => setNote(reasonLabel(t, 'safeZoneRadiusClamped', { max: SAFE_ZONE_RADIUS.max }));
  const editor = useListEditor<ZoneDraft, SafeZoneInput>({
    // a new zone has no centre until the map is clicked: the check then says 'Longitude and latitude cant be empty'
    check: (d) => safeZoneInput.safeParse({ ...d, latitude: d.latitude ?? undefined, longitude: d.longitude ?? undefined }),
    send: async (body) => {
      const r = await save.mutateAsync(body);
      // what the server changed (a radius clamped to 500 m) stays said under the field
      const n = r.notes[0];
      setNote(n ? (isFieldCode(n.code) ? reasonLabel(t, n.code, n.params) : n.message) : null);
      return toDraft(r.zone);
    },
    remove: (zoneId) => remove.mutateAsync(zoneId),
    savedText: t('ownerZones.saved'),
    removedText: t('ownerZones.removed'),
    onOpen: () => setNote(null),
  });
  const { original, draft, setDraft, errors, open } = editor;
  const data = q.data;

  const columns: Column<OwnerSafeZoneItem>[] = [
    {
      key: 'name',
      header: t('ownerZones.name'),
      className: 'words',
      cell: (z) => (
        <button type="button" className="dw-linkbtn" disabled={!editor.canOpen(z.id)} onClick={() => open(toDraft(z))}>
          {z.name}
        </button>
      ),
    },
    { key: 'radius', header: t('ownerZones.radius'), align: 'end', cell: (z) => `${z.radius} m` },
    { key: 'enabled', header: t('ownerZones.enabled'), className: 'nowrap', cell: (z) => (z.enabled ? t('ownerZones.on') : t('ownerZones.off')) },
    { key: 'devices', header: t('ownerZones.devices'), align: 'end', cell: (z) => z.devices.length },
  ];
  const others = (data?.zones ?? []).filter((z) => z.id !== draft?.id);
  const circle = draft && draft.latitude !== null && draft.longitude !== null ? { latitude: draft.latitude, longitude: draft.longitude, radius: draft.radius } : null;

  return (
    <ListEditorTab
      heading={t('owner.tabs.safeZones')}
      tools={
        mayEdit ? (
          <button type="button" className="btn" disabled={!editor.canAdd || !data || data.zones.length >= data.limit} onClick={() => open(newZone())} data-testid="zone-add">
            {t('ownerZones.add')}
          </button>
        ) : null
      }
      readOnly={!mayEdit}
      query={q}
      rows={data?.zones}
      columns={columns}
      rowKey={(z) => z.id}
      selected={(z) => z.id === draft?.id}
      empty={t('ownerZones.empty')}
      tableTestId="zones-table"
      editor={
        data && draft && original
          ? {
              label: t('ownerZones.editor'),
              title: draft.id ? original.name : t('ownerZones.new'),
              fields: <ZoneEditor draft={draft} original={original} devices={data.devices} errors={errors} note={note} onChange={setDraft} onClamp={clampNote} />,
            }
          : null
      }
      actions={{ ...editor.actions, removeLabel: t('ownerZones.remove'), saveTestId: 'zone-save' }}
      map={
        <MapView label={t('ownerZones.map')}>
          {/* the zones' overview while none is open (the one being edited brings its own view) */}
          <ZonesLayer zones={others} fitKey={draft ? undefined : 'all'} />
          {draft ? (
            <EditableCircle
              circle={circle}
              defaultRadius={SAFE_ZONE_RADIUS.default}
              maxRadius={SAFE_ZONE_RADIUS.max}
              fitKey={String(draft.id ?? 'new')}
              onClamp={clampNote}
              onChange={(c) => setDraft({ ...draft, ...c })}
            />
          ) : null}
        </MapView>
      }
      dirty={editor.dirty}
      save={editor.save}
    />
  );
}
