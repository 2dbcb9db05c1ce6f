import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, fetchBlob } from '../../../lib/api-client';
import { Facts } from '../../../components/Facts';
import { formatDateTime } from '../../../lib/dates';
import { useTimeZone } from '../../../lib/time-zone';
import { useVoice } from '../api/owner';

const audioPath = (owner: number, voice: number, download = false) =>
  `/user/voipDetails/audio?user_id=${owner}&voip_id=${voice}${download ? '&download=true' : ''}`;

/**
 * One voice message (`/user/voipDetails`) with an `<audio>` player and a download. The audio is fetched with the
 * session header as a blob (a media element cannot send it) and played from an object URL, released on close.
 */
export function VoicePlayer({ owner, voice }: { owner: number; voice: number }) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const details = useVoice(owner, voice);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void fetchBlob(audioPath(owner, voice)).then((blob) => {
      if (!blob || !live) return;
      url = URL.createObjectURL(blob);
      setSrc(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      setSrc(null);
    };
  }, [owner, voice]);
  const v = details.data;
  return (
    <section className="owner-voice" data-testid="voice-player">
      {v ? (
        <Facts
          rows={[
            [t('ownerWs.voices.file'), v.file_name],
            [t('ownerWs.voices.direction'), t(v.to_device ? 'ownerWs.voices.toDevice' : 'ownerWs.voices.fromDevice')],
            [t('ownerWs.voices.device'), v.device_imei],
            [t('ownerWs.voices.duration'), t('ownerWs.voices.seconds', { n: v.duration_seconds })],
            [t('ownerWs.voices.created'), formatDateTime(v.created, tz)],
            [t('ownerWs.voices.listened'), t(v.listened ? 'ownerWs.yes' : 'ownerWs.no')],
          ]}
        />
      ) : null}
      {src ? <audio controls src={src} data-testid="voice-audio" aria-label={t('ownerWs.voices.play')} /> : null}
      <p>
        <button type="button" className="btn" onClick={() => void downloadFile(audioPath(owner, voice, true), v?.file_name ?? 'voice')}>
          {t('ownerWs.voices.download')}
        </button>
      </p>
    </section>
  );
}
