import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatMac, type WifiItem } from '@tracker/contract';
import { TextField } from '../../../components/Field';
import { FixLayer, MapView } from '../../../components/MapView';
import { FormFooter, Modal } from '../../../components/Modal';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { successToast } from '../../../lib/toast';
import { useWifi, useWifiChanges } from '../api/admin-data-api';
import { useFieldErrors } from '../api/field-errors';
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
  const [mac, setMac] = useState(item ? formatMac(item.mac) : '');
  const [lat, setLat] = useState(item ? String(item.latitude) : '');
  const [lng, setLng] = useState(item ? String(item.longitude) : '');
  const [fixed, setFixed] = useState(item?.fixed ?? false);
  const [blacklisted, setBlacklisted] = useState(item?.blacklisted ?? false);
  const { errors, attempt } = useFieldErrors();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { save, remove } = useWifiChanges();
  const point = { lat: coordinate(lat), lng: coordinate(lng) };
  const onMap = typeof point.lat === 'number' && typeof point.lng === 'number' && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180;
  // §2 navigation guard: the fields as they were loaded (or last saved) against what is typed now
  const values = { mac, lat, lng, fixed, blacklisted };
  const [baseline, setBaseline] = useState(values);
  const dirty = (Object.keys(values) as (keyof typeof values)[]).some((k) => values[k] !== baseline[k]);
  // a save that changed the MAC moves to the new address once the saved values are the baseline (else the guard stops it)
  const [goTo, setGoTo] = useState<{ path: string; replace: boolean } | null>(null);
  useEffect(() => {
    if (goTo) void navigate(goTo.path, { replace: goTo.replace });
  }, [goTo, navigate]);

  async function doSave(): Promise<boolean> {
    // the api reads the body strictly: coordinates as numbers, anything else is refused with its §5 message
    const body = { mac, latitude: point.lat, longitude: point.lng, fixed, blacklisted } as unknown as Parameters<typeof save.mutateAsync>[0]['body'];
    const saved = await attempt(() => save.mutateAsync({ oldMac: item?.mac ?? null, body }));
    if (!saved) return false;
    setBaseline(values);
    successToast(t('adminData.wifi.saved', { mac: formatMac(saved.mac) }));
    if (saved.mac !== item?.mac) setGoTo({ path: `/geolocation/edit/${saved.mac}`, replace: item !== null });
    return true;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void doSave();
  }

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
        <form className="card" aria-label={title} onSubmit={submit} noValidate>
          <TextField label={t('adminData.wifi.mac')} help={<WifiHelp field="mac" />} hint={t('adminData.wifi.macHint')} autoComplete="off" maxLength={17} value={mac} error={errors.mac ?? errors.oldMac} onChange={(e) => setMac(e.target.value)} />
          <TextField label={t('adminData.wifi.latitude')} help={<WifiHelp field="latitude" />} inputMode="decimal" value={lat} error={errors.latitude} onChange={(e) => setLat(e.target.value)} />
          <TextField label={t('adminData.wifi.longitude')} help={<WifiHelp field="longitude" />} inputMode="decimal" value={lng} error={errors.longitude} onChange={(e) => setLng(e.target.value)} />
          <div className="field field--checkbox">
            <input id="wifi-fixed" type="checkbox" checked={fixed} onChange={(e) => setFixed(e.target.checked)} />
            <label htmlFor="wifi-fixed">{t('adminData.wifi.fixed')}</label>
            <WifiHelp field="fixed" />
          </div>
          <div className="field field--checkbox">
            <input id="wifi-blacklisted" type="checkbox" checked={blacklisted} onChange={(e) => setBlacklisted(e.target.checked)} />
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
      <UnsavedChangesPrompt when={dirty} onSave={doSave} />
    </div>
  );
}
