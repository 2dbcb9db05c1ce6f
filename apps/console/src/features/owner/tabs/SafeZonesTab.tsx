import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeZoneInput, SAFE_ZONE_RADIUS, type OwnerSafeZoneItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { EditableCircle } from '../../../components/EditableCircle';
import { MapView, ZonesLayer } from '../../../components/MapView';
import { QueryState } from '../../../components/QueryState';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { reasonLabel } from '../../../lib/reasons';
import { localErrorToast, successToast } from '../../../lib/toast';
import { useRemoveSafeZone, useSafeZones, useSaveSafeZone } from '../contacts/api';
import { issuesByField, serverErrors } from '../contacts/form';
import { ZoneEditor, newZone, type ZoneDraft } from '../safe-zones/ZoneEditor';
import type { OwnerTabProps } from '../owner-tabs';

const toDraft = ({ user_id: _, ...z }: OwnerSafeZoneItem): ZoneDraft => z;
const same = (a: ZoneDraft, b: ZoneDraft) => JSON.stringify({ ...a, devices: [...a.devices].sort() }) === JSON.stringify({ ...b, devices: [...b.devices].sort() });

/**
 * /owner/{id}/safeZones (§2): the list, a Leaflet map with the selected zone's editable circle (drag the centre, drag
 * the radius; a click places it), devices per zone, enable/disable, the limit choice, add, save, remove; the guard.
 */
export function SafeZonesTab({ id }: OwnerTabProps) {
  const { t } = useTranslation();
  const q = useSafeZones(id);
  const save = useSaveSafeZone(id);
  const remove = useRemoveSafeZone(id);
  const [original, setOriginal] = useState<ZoneDraft | null>(null);
  const [draft, setDraft] = useState<ZoneDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const dirty = draft !== null && original !== null && !same(draft, original);
  const data = q.data;
  const clampNote = () => setNote(reasonLabel(t, 'safeZoneRadiusClamped', { max: SAFE_ZONE_RADIUS.max }));

  function open(z: ZoneDraft) {
    setOriginal(z);
    setDraft(z);
    setErrors({});
    setNote(null);
  }

  async function doSave(): Promise<boolean> {
    if (!draft) return true;
    const parsed = safeZoneInput.safeParse({ ...draft, latitude: draft.latitude ?? undefined, longitude: draft.longitude ?? undefined });
    if (!parsed.success) {
      setErrors(issuesByField(t, parsed.error));
      localErrorToast(t('form.fixErrors'));
      return false;
    }
    try {
      const r = await save.mutateAsync(parsed.data);
      open(toDraft(r.zone));
      const n = r.notes[0];
      if (n) setNote(n.message);
      successToast(t('ownerZones.saved'));
      return true;
    } catch (err) {
      setErrors(serverErrors(err));
      return false;
    }
  }

  async function doRemove() {
    if (!draft?.id) return;
    await remove.mutateAsync(draft.id);
    setOriginal(null);
    setDraft(null);
    successToast(t('ownerZones.removed'));
  }

  const columns: Column<OwnerSafeZoneItem>[] = [
    {
      key: 'name',
      header: t('ownerZones.name'),
      cell: (z) => (
        <button type="button" className="dw-linkbtn" disabled={dirty && draft?.id !== z.id} onClick={() => open(toDraft(z))}>
          {z.name}
        </button>
      ),
    },
    { key: 'radius', header: t('ownerZones.radius'), align: 'end', cell: (z) => `${z.radius} m` },
    { key: 'enabled', header: t('ownerZones.enabled'), cell: (z) => (z.enabled ? t('ownerZones.on') : t('ownerZones.off')) },
    { key: 'devices', header: t('ownerZones.devices'), align: 'end', cell: (z) => z.devices.length },
  ];
  const others = (data?.zones ?? []).filter((z) => z.id !== draft?.id);
  const circle = draft && draft.latitude !== null && draft.longitude !== null ? { latitude: draft.latitude, longitude: draft.longitude, radius: draft.radius } : null;

  return (
    <div>
      <div className="dw-toolbar">
        <h2>{t('owner.tabs.safeZones')}</h2>
        <button type="button" className="btn" disabled={dirty || (draft !== null && draft.id === undefined) || !data || data.zones.length >= data.limit} onClick={() => open(newZone())} data-testid="zone-add">
          {t('ownerZones.add')}
        </button>
      </div>
      <QueryState query={q}>
        {data ? (
          <div className="dw-split">
            <div>
              <DataTable data-testid="zones-table" columns={columns} rows={data.zones} rowKey={(z) => z.id} empty={t('ownerZones.empty')} rowProps={(z) => ({ className: z.id === draft?.id ? 'dw-row--selected' : undefined })} />
              {draft && original ? (
                <section className="dw-section" aria-label={t('ownerZones.editor')}>
                  <ZoneEditor draft={draft} original={original} devices={data.devices} errors={errors} note={note} onChange={setDraft} onClamp={clampNote} />
                  {errors._ ? (
                    <p className="field__error" role="alert">
                      {errors._}
                    </p>
                  ) : null}
                  <div className="form-actions">
                    <button type="button" className="btn btn--primary" disabled={save.isPending || !dirty} onClick={() => void doSave()} data-testid="zone-save">
                      {t('common.save')}
                    </button>
                    <button type="button" className="btn" disabled={!dirty} onClick={() => open(original)}>
                      {t('ownerZones.revert')}
                    </button>
                    {draft.id ? (
                      <button type="button" className="btn" disabled={remove.isPending || dirty} onClick={() => void doRemove()}>
                        {t('ownerZones.remove')}
                      </button>
                    ) : null}
                  </div>
                </section>
              ) : null}
            </div>
            <MapView label={t('ownerZones.map')}>
              <ZonesLayer zones={others} />
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
          </div>
        ) : null}
      </QueryState>
      <UnsavedChangesPrompt when={dirty} onSave={doSave} />
    </div>
  );
}
