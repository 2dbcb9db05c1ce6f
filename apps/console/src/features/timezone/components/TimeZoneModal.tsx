import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/Field';
import { FormFooter, Modal } from '../../../components/Modal';
import { formatDateTime } from '../../../lib/dates';
import { describeTimeZone, setTimeZone, timeZoneCatalogue, useTimeZone } from '../../../lib/time-zone';

/** §2 time-zone modal: a region, then a zone with its UTC offset; dates everywhere follow the choice. */
export function TimeZoneModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const chosen = useTimeZone();
  const catalogue = useMemo(() => (open ? timeZoneCatalogue() : []), [open]);
  const [zone, setZone] = useState(chosen);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    if (open) {
      setZone(chosen);
      setNow(new Date());
    }
  }, [open, chosen]);

  const entry = describeTimeZone(zone);
  const region = catalogue.find((r) => r.zones.some((z) => z.id === zone)) ?? catalogue[0];

  function pickRegion(name: string) {
    const r = catalogue.find((x) => x.region === name);
    if (r && r.zones[0]) setZone(r.zones[0].id);
  }

  function save() {
    setTimeZone(zone);
    onClose();
  }

  return (
    <Modal
      open={open}
      title={t('timezone.title')}
      description={t('timezone.explain')}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      footer={<FormFooter onCancel={onClose} submit={t('common.save')} />}
    >
      <SelectField label={t('timezone.region')} value={region?.region ?? ''} onChange={(e) => pickRegion(e.target.value)} data-autofocus>
        {catalogue.map((r) => (
          <option key={r.region} value={r.region}>
            {r.region}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('timezone.zone')} value={zone} onChange={(e) => setZone(e.target.value)}>
        {(region?.zones ?? []).map((z) => (
          <option key={z.id} value={z.id}>
            {z.id === 'UTC' ? z.offsetLabel : `${z.zone} (${z.offsetLabel})`}
          </option>
        ))}
      </SelectField>
      <dl className="tz-preview">
        <dt>{t('timezone.offset')}</dt>
        <dd data-testid="tz-offset">
          {entry.offsetLabel}
          {entry.abbreviation && !entry.abbreviation.startsWith('GMT') && entry.abbreviation !== 'UTC' ? ` (${entry.abbreviation})` : ''}
        </dd>
        <dt>{t('timezone.now')}</dt>
        <dd className="mono">{formatDateTime(now, zone)}</dd>
      </dl>
    </Modal>
  );
}
