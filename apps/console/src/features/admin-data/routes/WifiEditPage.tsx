import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatMac, wifiBody, type WifiBody, type WifiItem } from '@tracker/contract';
import { TextField } from '../../../components/Field';
import { FixLayer, MapView } from '../../../components/MapView';
import { FormFooter, Modal } from '../../../components/Modal';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { useRemoveWifiMutation, useSaveWifiMutation, useWifi } from '../api/admin-data-api';
import { WifiHelp } from '../components/WifiHelp';
import '../admin-data.css';

/** A coordinate as typed: empty is null (the api says 'Longitude and latitude cant be empty'), a number, or the text. */
const coordinate = (s: string): number | string | null => (s.trim() === '' ? null : Number.isFinite(Number(s)) ? Number(s) : s);

/**
 * §2 /geolocation/edit/{mac} and the add screen (/geolocation/add): the access point's fields (each with its help
 * tooltip, role 1 edits them) and its point on a map.
 */
export function WifiEditPage() {
  const { mac } = useParams();
  const q = useWifi(mac ?? null);
  if (!mac) return <WifiForm item={null} />;
  // keyed by the MAC only: a save refreshes the record without remounting the form (its navigation guard is waiting for
  // that save to finish)
  return <QueryState query={q}>{q.data ? <WifiForm key={q.data.mac} item={q.data} /> : null}</QueryState>;
}

function WifiForm({ item }: { item: WifiItem | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const initial = { mac: item ? formatMac(item.mac) : '', latitude: item ? String(item.latitude) : '', longitude: item ? String(item.longitude) : '', fixed: item?.fixed ?? false, blacklisted: item?.blacklisted ?? false };
  // the api reads the body strictly: coordinates as numbers, anything else is refused with its §5 message (said here first)
  const body = (v: typeof initial) => ({ mac: v.mac, latitude: coordinate(v.latitude), longitude: coordinate(v.longitude), fixed: v.fixed, blacklisted: v.blacklisted }) as unknown as WifiBody;
  const form = useContractForm(wifiBody, { initial, body, fieldOf: (p) => (p === 'oldMac' ? 'mac' : p) });
  const { values, errors } = form;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveWifiMutation();
  const remove = useRemoveWifiMutation();
  const point = { lat: coordinate(values.latitude), lng: coordinate(values.longitude) };
  const onMap = typeof point.lat === 'number' && typeof point.lng === 'number' && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180;
  // §2 navigation guard: the fields as they were loaded (or last saved) against what is typed now
  const [baseline, setBaseline] = useState(values);
  const dirty = (Object.keys(values) as (keyof typeof values)[]).some((k) => values[k] !== baseline[k]);
  // a save that changed the MAC moves to the new address once the saved values are the baseline (else the guard stops it)
  const [goTo, setGoTo] = useState<{ path: string; replace: boolean } | null>(null);
  useEffect(() => {
    if (goTo) void navigate(goTo.path, { replace: goTo.replace });
  }, [goTo, navigate]);

  /** true when saved (the navigation guard then leaves) */
  const doSave = form.submit(async (_, v) => {
    const saved = await save.mutateAsync({ oldMac: item?.mac ?? null, body: body(v) });
    setBaseline(v);
    successToast(t('adminData.wifi.saved', { mac: formatMac(saved.mac) }));
    if (saved.mac !== item?.mac) setGoTo({ path: `/geolocation/edit/${saved.mac}`, replace: item !== null });
  });

  async function doDelete() {
    await remove.mutateAsync(item!.mac);
    successToast(t('adminData.wifi.deleted', { mac: formatMac(item!.mac) }));
    setBaseline(values);
    setGoTo({ path: '/geolocation/search', replace: false });
  }

  const title = item ? t('adminData.wifi.editTitle', { mac: formatMac(item.mac) }) : t('adminData.wifi.addTitle');
  return (
    <div className="page">
      <PageTitle text={title}>{title}</PageTitle>
      <div className="wifi-edit">
        <form className="card" aria-label={title} onSubmit={(e) => void doSave(e)} noValidate>
          <TextField label={t('adminData.wifi.mac')} help={<WifiHelp field="mac" />} hint={t('adminData.wifi.macHint')} autoComplete="off" maxLength={17} value={values.mac} error={errors.mac} onChange={(e) => form.set('mac', e.target.value)} />
          <TextField label={t('adminData.wifi.latitude')} help={<WifiHelp field="latitude" />} inputMode="decimal" value={values.latitude} error={errors.latitude} onChange={(e) => form.set('latitude', e.target.value)} />
          <TextField label={t('adminData.wifi.longitude')} help={<WifiHelp field="longitude" />} inputMode="decimal" value={values.longitude} error={errors.longitude} onChange={(e) => form.set('longitude', e.target.value)} />
          <div className="field field--checkbox">
            <input id="wifi-fixed" type="checkbox" checked={values.fixed} onChange={(e) => form.set('fixed', e.target.checked)} />
            <label htmlFor="wifi-fixed">{t('adminData.wifi.fixed')}</label>
            <WifiHelp field="fixed" />
          </div>
          <div className="field field--checkbox">
            <input id="wifi-blacklisted" type="checkbox" checked={values.blacklisted} onChange={(e) => form.set('blacklisted', e.target.checked)} />
            <label htmlFor="wifi-blacklisted">{t('adminData.wifi.blacklisted')}</label>
            <WifiHelp field="blacklisted" />
          </div>
          <div className="admin-data-actions">
            <button type="submit" className="btn btn--primary" disabled={save.isPending}>
              {t('adminData.save')}
            </button>
            {item ? (
              <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setConfirmDelete(true)}>
                {t('adminData.wifi.delete')}
              </button>
            ) : null}
          </div>
        </form>
        <MapView label={t('adminData.wifi.map')}>{onMap ? <FixLayer lat={point.lat as number} lng={point.lng as number} radius={null} /> : null}</MapView>
      </div>
      <Modal
        open={confirmDelete}
        title={t('adminData.wifi.deleteTitle')}
        onClose={() => setConfirmDelete(false)}
        onSubmit={(e) => {
          e.preventDefault();
          void doDelete();
        }}
        footer={<FormFooter onCancel={() => setConfirmDelete(false)} submit={t('adminData.wifi.delete')} pending={remove.isPending} />}
      >
        <p>{t('adminData.wifi.deleteText', { mac: item ? formatMac(item.mac) : '' })}</p>
      </Modal>
      <UnsavedChangesPrompt when={dirty} onSave={() => doSave()} />
    </div>
  );
}
