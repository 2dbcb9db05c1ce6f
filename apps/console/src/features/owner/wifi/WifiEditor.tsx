import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMac, type WifiItem } from '@tracker/contract';
import { TextField } from '../../../components/Field';
import { HelpTip } from '../../../components/HelpTip';
import type { FormErrors } from '../../../lib/contract-form';

/** What the editor edits: the MAC and the coordinates as typed (`id` is the stored MAC; undefined for a new one). */
export type WifiDraft = { id?: string; mac: string; latitude: string; longitude: string };

export const newWifi = (): WifiDraft => ({ mac: '', latitude: '', longitude: '' });
export const toWifiDraft = (w: WifiItem): WifiDraft => ({ id: w.mac, mac: formatMac(w.mac), latitude: String(w.latitude), longitude: String(w.longitude) });

/** A help tooltip of the wifi page (§6: role 1 edits it): the stored text of `owner.wifi.<key>`, else the console's. */
export function WifiTip({ name }: { name: 'mac' | 'position' | 'flags' }) {
  const { t } = useTranslation();
  return <HelpTip path={`owner.wifi.${name}`} fallback={t(`ownerWifi.help.${name}`)} />;
}

type Props = {
  draft: WifiDraft;
  /** the stored access point (its staff flags are shown, not edited) */
  item: WifiItem | null;
  errors: FormErrors;
  onChange: (d: WifiDraft) => void;
};

/** The selected access point's MAC and position (typed here or placed on the map), with the §5 messages as typed. */
export function WifiEditor({ draft, item, errors, onChange }: Props) {
  const { t } = useTranslation();
  const set = (k: 'mac' | 'latitude' | 'longitude') => (e: { target: { value: string } }) => onChange({ ...draft, [k]: e.target.value });
  const hint = (text: string, tip: ReactNode) => (
    <>
      {text} {tip}
    </>
  );
  return (
    <div className="dw-form" data-testid="wifi-editor">
      <TextField
        label={t('ownerWifi.mac')}
        hint={hint(t('ownerWifi.macHint'), <WifiTip name="mac" />)}
        autoComplete="off"
        maxLength={17}
        value={draft.mac}
        error={errors.mac}
        onChange={set('mac')}
        data-testid="wifi-mac"
      />
      <TextField label={t('ownerWifi.latitude')} inputMode="decimal" value={draft.latitude} error={errors.latitude} onChange={set('latitude')} data-testid="wifi-latitude" />
      <TextField
        label={t('ownerWifi.longitude')}
        hint={hint(t('ownerWifi.positionHint'), <WifiTip name="position" />)}
        inputMode="decimal"
        value={draft.longitude}
        error={errors.longitude}
        onChange={set('longitude')}
        data-testid="wifi-longitude"
      />
      {item ? (
        <p className="muted" data-testid="wifi-flags">
          {[item.fixed ? t('ownerWifi.fixed') : null, item.blacklisted ? t('ownerWifi.blacklisted') : null].filter(Boolean).join(', ') || t('ownerWifi.noFlags')}{' '}
          <WifiTip name="flags" />
        </p>
      ) : null}
    </div>
  );
}
