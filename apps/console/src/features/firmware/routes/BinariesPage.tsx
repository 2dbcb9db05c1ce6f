import { useTranslation } from 'react-i18next';
import type { FirmwareBinaryItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { FirmwarePage } from '../components/FirmwarePage';
import { useBinaries } from '../api/firmware-api';

/** Binary size for people: KB or MB with one decimal. */
export function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** §2 "a binary list also exists": the uploaded binaries, newest first, with where they are and their checksum. */
export function BinariesPage() {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const q = useBinaries();
  const columns: Column<FirmwareBinaryItem>[] = [
    { key: 'id', header: t('firmware.binaries.id'), align: 'end', cell: (b) => b.id },
    { key: 'name', header: t('firmware.fields.name'), cell: (b) => b.name },
    { key: 'version', header: t('firmware.fields.version'), className: 'mono', cell: (b) => b.version },
    { key: 'type', header: t('firmware.fields.type'), cell: (b) => b.device_type ?? t('common.none') },
    { key: 'ftp', header: t('firmware.fields.ftp_id'), cell: (b) => b.ftp_server ?? t('common.none') },
    { key: 'path', header: t('firmware.binaries.path'), className: 'mono', truncate: true, cell: (b) => b.path ?? t('common.none') },
    { key: 'size', header: t('firmware.binaries.size'), align: 'end', cell: (b) => fileSize(b.size_bytes) },
    { key: 'sha', header: t('firmware.binaries.sha256'), className: 'mono cell--short', truncate: true, title: (b) => b.sha256, cell: (b) => b.sha256 ?? t('common.none') },
    { key: 'created', header: t('firmware.binaries.created'), cell: (b) => formatDateTime(b.created, tz) },
  ];
  return (
    <FirmwarePage title={t('firmware.binaries.title')}>
      <QueryState query={q}>
        <DataTable data-testid="binaries-table" layout="fit" columns={columns} rows={q.data} rowKey={(b) => b.id} empty={t('firmware.binaries.empty')} />
      </QueryState>
    </FirmwarePage>
  );
}
