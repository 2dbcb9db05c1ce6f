import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceExportKind } from '@tracker/contract';
import { Spinner } from '../../../components/Spinner';
import { downloadExport } from '../api/exports';

/** Downloads one device export of the day as CSV (§4 Exports: hash, then download by hash). */
export function ExportButton({ kind, deviceId, date, tz }: { kind: DeviceExportKind; deviceId: number; date: string; tz: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn"
      disabled={busy}
      data-testid={`export-${kind}`}
      onClick={() => {
        setBusy(true);
        downloadExport(kind, deviceId, date, tz)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {busy ? <Spinner inline /> : null} {t('device.export.button')}
    </button>
  );
}
