import { useTranslation } from 'react-i18next';
import { reasonLabel } from '../../../lib/reasons';
import { deviceLabel } from './device-label';

type Device = { id: number; imei: string; first_name: string | null; last_name: string | null; enabled: boolean };

type Props = {
  legend: string;
  devices: Device[];
  checked: number[];
  /** the devices it is on as saved: a disabled one of these may stay (§5 forbids only adding one) */
  saved: number[];
  /** no box may change (a primary contact's devices, §5) */
  locked?: boolean;
  error?: string | undefined;
  idPrefix: string;
  onChange: (ids: number[]) => void;
  'data-testid'?: string;
};

/** The owner's devices as checkboxes, for a contact's or a safe zone's devices; a disabled device says so. */
export function DeviceChecklist({ legend, devices, checked, saved, locked = false, error, idPrefix, onChange, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset data-testid={rest['data-testid']}>
      <legend>{legend}</legend>
      {devices.map((d) => (
        <div key={d.id} className="field field--checkbox">
          <input
            id={`${idPrefix}-${d.id}`}
            type="checkbox"
            checked={checked.includes(d.id)}
            disabled={locked || (!d.enabled && !saved.includes(d.id))}
            onChange={(e) => onChange(e.target.checked ? [...checked, d.id] : checked.filter((x) => x !== d.id))}
          />
          <label htmlFor={`${idPrefix}-${d.id}`}>
            {deviceLabel(d)} <span className="muted mono">{d.imei}</span>
            {!d.enabled ? <span className="muted"> · {reasonLabel(t, 'deviceDisabled')}</span> : null}
          </label>
        </div>
      ))}
      {locked ? <p className="field__hint">{reasonLabel(t, 'contactPrimaryDevices')}</p> : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
