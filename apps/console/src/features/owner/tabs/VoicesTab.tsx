import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoiceItem } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { useVoices } from '../api/owner';
import { VoicePlayer } from '../components/VoicePlayer';
import type { OwnerTabProps } from '../owner-tabs';

/** /owner/{id}/voices (§2): the voice messages; one opens with its details, playback and download. */
export function VoicesTab({ id }: OwnerTabProps) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const q = useVoices(id);
  const [open, setOpen] = useState<number | null>(null);
  const columns: Column<VoiceItem>[] = [
    { key: 'created', header: t('ownerWs.voices.created'), cell: (v) => formatDateTime(v.created, tz) },
    { key: 'direction', header: t('ownerWs.voices.direction'), cell: (v) => t(v.to_device ? 'ownerWs.voices.toDevice' : 'ownerWs.voices.fromDevice') },
    { key: 'device', header: t('ownerWs.voices.device'), className: 'mono', cell: (v) => v.device_imei ?? t('common.none') },
    { key: 'duration', header: t('ownerWs.voices.duration'), align: 'end', cell: (v) => t('ownerWs.voices.seconds', { n: v.duration_seconds }) },
    {
      key: 'open',
      header: t('ownerWs.voices.details'),
      hideHeader: true,
      cell: (v) => (
        <button type="button" className="btn" onClick={() => setOpen(v.id)} data-testid="voice-open" aria-pressed={open === v.id}>
          {t('ownerWs.voices.details')}
        </button>
      ),
    },
  ];
  return (
    <QueryState query={q}>
      <DataTable columns={columns} rows={q.data} rowKey={(v) => v.id} empty={t('ownerWs.voices.none')} data-testid="voices" />
      {open !== null ? <VoicePlayer key={open} owner={id} voice={open} /> : null}
    </QueryState>
  );
}
