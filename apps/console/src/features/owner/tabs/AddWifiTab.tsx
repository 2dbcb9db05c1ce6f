import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess, formatMac, ownerWifiForm, type OwnerWifiBody, type WifiItem } from '@tracker/contract';
import type { Column } from '../../../components/DataTable';
import { EditablePoint } from '../../../components/EditableCircle';
import { MapView, PointsLayer } from '../../../components/MapView';
import { Pager } from '../../../components/Pager';
import { useSession } from '../../../lib/session';
import { ListEditorTab } from '../editor/ListEditorTab';
import { useListEditor } from '../editor/use-list-editor';
import type { OwnerTabProps } from '../owner-tabs';
import { useDeleteOwnerWifiMutation, useOwnerWifi, useSaveOwnerWifiMutation } from '../api/wifi';
import { newWifi, toWifiDraft, WifiEditor, WifiTip, type WifiDraft } from '../wifi/WifiEditor';

/** A typed coordinate that is a number in range, else null (the point then is not on the map). */
const onMap = (lat: string, lng: string) => {
  const [a, b] = [Number(lat), Number(lng)];
  return lat.trim() !== '' && lng.trim() !== '' && Math.abs(a) <= 90 && Math.abs(b) <= 180 ? { latitude: a, longitude: b } : null;
};

/**
 * /owner/{id}/addwifi (§2): the owner's own wifi access points (25 a page, MAC order), a map with them and the selected
 * one's point (drag it, or click the map to place it), add, edit (the MAC may change), delete; the §5 MAC and
 * coordinate messages as the user types; the navigation guard; help tooltips (§6: role 1 edits them).
 */
export function AddWifiTab({ id }: OwnerTabProps) {
  const { t } = useTranslation();
  // §6: role 9 sees the points read-only (area ownerEdit; the api refuses its changes with READ_ONLY_ROLE)
  const mayEdit = canAccess(useSession()!.role, 'ownerEdit');
  const [page, setPage] = useState(0);
  const q = useOwnerWifi(id, page);
  const save = useSaveOwnerWifiMutation(id);
  const remove = useDeleteOwnerWifiMutation(id);
  const [item, setItem] = useState<WifiItem | null>(null);
  const editor = useListEditor<WifiDraft, OwnerWifiBody>({
    check: (d) => ownerWifiForm.safeParse(d),
    send: async (body, d) => {
      const saved = await save.mutateAsync({ oldMac: d.id ?? null, body });
      setItem(saved);
      return toWifiDraft(saved);
    },
    remove: (mac) => remove.mutateAsync(mac),
    savedText: t('ownerWifi.saved'),
    removedText: t('ownerWifi.removed'),
  });
  const { draft, setDraft, errors, open } = editor;
  const data = q.data;
  const select = (w: WifiItem | null) => {
    setItem(w);
    open(w ? toWifiDraft(w) : null);
  };

  const columns: Column<WifiItem>[] = [
    {
      key: 'mac',
      header: t('ownerWifi.mac'),
      className: 'mono nowrap',
      cell: (w) => (
        <button type="button" className="dw-linkbtn" disabled={!editor.canOpen(w.mac)} onClick={() => select(w)}>
          {formatMac(w.mac)}
        </button>
      ),
    },
    { key: 'latitude', header: t('ownerWifi.latitude'), align: 'end', cell: (w) => w.latitude },
    { key: 'longitude', header: t('ownerWifi.longitude'), align: 'end', cell: (w) => w.longitude },
    {
      key: 'flags',
      header: t('ownerWifi.flags'),
      className: 'words',
      cell: (w) => [w.fixed && t('ownerWifi.fixed'), w.blacklisted && t('ownerWifi.blacklisted')].filter(Boolean).join(', ') || t('common.none'),
    },
  ];
  const others = useMemo(
    () => (data?.items ?? []).filter((w) => w.mac !== draft?.id).map((w) => ({ lat: w.latitude, lng: w.longitude, gap: false, label: formatMac(w.mac) })),
    [data, draft?.id],
  );
  const point = useMemo(() => (draft ? onMap(draft.latitude, draft.longitude) : null), [draft]);

  return (
    <ListEditorTab
      heading={
        <>
          {t('owner.tabs.addWifi')} <WifiTip name="position" />
        </>
      }
      tools={
        mayEdit ? (
          <button
            type="button"
            className="btn"
            disabled={!editor.canAdd}
            onClick={() => {
              setItem(null);
              open(newWifi());
            }}
            data-testid="wifi-add"
          >
            {t('ownerWifi.add')}
          </button>
        ) : null
      }
      readOnly={!mayEdit}
      query={q}
      rows={data?.items}
      columns={columns}
      rowKey={(w) => w.mac}
      selected={(w) => w.mac === draft?.id}
      empty={t('ownerWifi.empty')}
      tableTestId="wifi-table"
      under={data ? <Pager page={page} totalPages={data.total_pages} onChange={setPage} disabled={editor.dirty} /> : null}
      editor={
        draft
          ? {
              label: t('ownerWifi.editor'),
              title: draft.id ? formatMac(draft.id) : t('ownerWifi.new'),
              fields: <WifiEditor draft={draft} item={draft.id ? item : null} errors={errors} onChange={setDraft} />,
            }
          : null
      }
      actions={{ ...editor.actions, removeLabel: t('ownerWifi.remove'), saveTestId: 'wifi-save' }}
      map={
        <MapView label={t('ownerWifi.map')}>
          {others.length ? <PointsLayer points={others} /> : null}
          {draft ? (
            <EditablePoint
              point={point}
              title={t('ownerWifi.point')}
              fitKey={draft.id ?? 'new'}
              onChange={(p) => setDraft({ ...draft, latitude: String(p.latitude), longitude: String(p.longitude) })}
            />
          ) : null}
        </MapView>
      }
      dirty={editor.dirty}
      save={editor.save}
    />
  );
}
