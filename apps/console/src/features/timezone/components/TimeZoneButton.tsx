import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneLabel, useTimeZone } from '../../../lib/time-zone';
import { TimeZoneModal } from './TimeZoneModal';

export function TimeZoneButton() {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span className="muted">{t('timezone.short')}</span> {timeZoneLabel(tz)}
      </button>
      <TimeZoneModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
