import { useMemo, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FIRMWARE_CUSTOM_MAX,
  FIRMWARE_DEFAULTS,
  FIRMWARE_TIMEOUT_MAX_MINUTES,
  FIRMWARE_WAVE_MAX,
  isConfirmationRequired,
  validExpiry,
  type ConfirmationRequired,
  type FirmwareInsertBody,
} from '@tracker/contract';
import { ConfirmCommandDialog } from '../../../components/ConfirmCommandDialog';
import { TextAreaField, TextField } from '../../../components/Field';
import { ConfirmFooter, Modal } from '../../../components/Modal';
import { RefSelect } from '../../../components/RefSelect';
import type { ApiError } from '../../../lib/api-client';
import { localErrorToast, serverErrorToast, successToast } from '../../../lib/toast';
import { FirmwarePage } from '../components/FirmwarePage';
import { useBinaries, useInsertRequestMutation } from '../api/firmware-api';
import { overLimit, readDeviceList } from '../custom-list';

type Tab = 'binary' | 'targets' | 'schedule';
const TABS: Tab[] = ['binary', 'targets', 'schedule'];

/** A week from now, as the datetime-local input wants it (UTC, §9's default zone). */
const defaultExpiry = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16);

/**
 * §2 /admin/fup/add, the add-new-binary wizard: 1 the binary, 2 the targets (all / by version / custom list typed or
 * read from a CSV, §5 digits only and at most 100), 3 the schedule (expiry §5, and beyond the spec wave size, error
 * threshold, per-device timeout, comment), then a confirmation before the request is started.
 */
export function AddBinaryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const binaries = useBinaries();
  const insert = useInsertRequestMutation();
  const [fleetWide, setFleetWide] = useState<ConfirmationRequired | null>(null);
  const [tab, setTab] = useState<Tab>('binary');
  const [binaryId, setBinaryId] = useState('');
  const [uploadType, setUploadType] = useState<0 | 1 | 2>(1);
  const [forVersion, setForVersion] = useState('');
  const [listText, setListText] = useState('');
  const [expiry, setExpiry] = useState(defaultExpiry);
  const [waveSize, setWaveSize] = useState(String(FIRMWARE_DEFAULTS.waveSize));
  const [threshold, setThreshold] = useState(String(FIRMWARE_DEFAULTS.errorThreshold));
  const [timeout, setTimeoutMinutes] = useState(String(FIRMWARE_DEFAULTS.timeoutMinutes));
  const [comment, setComment] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const binary = binaries.data?.find((b) => String(b.id) === binaryId);
  const list = useMemo(() => readDeviceList(listText), [listText]);

  async function readCsv(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    const entries = readDeviceList(await file.text());
    setListText(entries.join('\n'));
    if (overLimit(entries)) localErrorToast(t('reasons.deviceLimit', { max: FIRMWARE_CUSTOM_MAX }));
  }

  /** The first problem of a tab, said in place; null when the tab is complete. */
  function check(which: Tab): Record<string, string> {
    const e: Record<string, string> = {};
    if (which === 'binary' && !binary) e.binary = t('firmware.add.chooseBinary');
    if (which === 'targets') {
      if (uploadType === 1 && !forVersion.trim()) e.forVersion = t('firmware.add.enterVersion');
      if (uploadType === 2 && list.length === 0) e.list = t('reasons.firmwareNoDevices');
      if (uploadType === 2 && overLimit(list)) e.list = t('reasons.deviceLimit', { max: FIRMWARE_CUSTOM_MAX });
    }
    if (which === 'schedule') {
      if (!validExpiry(`${expiry}:00Z`)) e.expiry = t('reasons.expireDate');
      const n = (v: string, min: number, max: number) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max;
      if (!n(waveSize, 1, FIRMWARE_WAVE_MAX)) e.waveSize = t('firmware.add.range', { min: 1, max: FIRMWARE_WAVE_MAX });
      if (!n(threshold, 0, 100)) e.threshold = t('firmware.add.range', { min: 0, max: 100 });
      if (!n(timeout, 1, FIRMWARE_TIMEOUT_MAX_MINUTES)) e.timeout = t('firmware.add.range', { min: 1, max: FIRMWARE_TIMEOUT_MAX_MINUTES });
    }
    return e;
  }

  function go(to: Tab) {
    // a later tab opens only when the ones before it are complete
    for (const before of TABS.slice(0, TABS.indexOf(to))) {
      const e = check(before);
      if (Object.keys(e).length) {
        setErrors(e);
        setTab(before);
        return void localErrorToast(Object.values(e)[0]!);
      }
    }
    setErrors({});
    setTab(to);
  }

  function review() {
    for (const which of TABS) {
      const e = check(which);
      if (Object.keys(e).length) {
        setErrors(e);
        setTab(which);
        return void localErrorToast(Object.values(e)[0]!);
      }
    }
    setConfirming(true);
  }

  const body = (): FirmwareInsertBody => ({
    fup_upload_id: Number(binaryId),
    upload_type: uploadType,
    for_version: uploadType === 1 ? forVersion.trim() : undefined,
    extend: uploadType === 2 ? list : undefined,
    comment: comment.trim() || undefined,
    expired_at: `${expiry}:00Z`,
    wave_size: Number(waveSize),
    error_threshold: Number(threshold),
    timeout_minutes: Number(timeout),
  });

  /**
   * Starts the rollout. Upload type 0 (every device of the type) is first answered with what it would do (how many
   * devices, which the ledger refuses): shown for confirmation, the same request with the token starts it.
   */
  function start(confirm_token?: string) {
    insert.mutate(confirm_token ? { ...body(), confirm_token } : body(), {
      onSuccess: (r) => {
        setConfirming(false);
        if (isConfirmationRequired(r)) return void setFleetWide(r);
        setFleetWide(null);
        successToast(t(r.refused ? 'firmware.add.startedRefused' : 'firmware.add.started', { id: r.id, total: r.total, waves: r.wave_count, refused: r.refused }));
        void navigate('/admin/fup/upgrade');
      },
      onError: (err) => {
        setConfirming(false);
        setFleetWide(null);
        serverErrorToast((err as ApiError).messages);
      },
    });
  }

  const next = (to: Tab) => (
    <button type="button" className="btn btn--primary" onClick={() => go(to)}>
      {t('firmware.add.next')}
    </button>
  );

  return (
    <FirmwarePage title={t('firmware.add.title')}>
      <section className="card">
        <div className="fw-wizard__tabs" role="tablist" aria-label={t('firmware.add.title')}>
          {TABS.map((x, i) => (
            <button key={x} type="button" role="tab" className="fw-wizard__tab" aria-selected={tab === x} onClick={() => go(x)}>
              {i + 1}. {t(`firmware.add.tabs.${x}`)}
            </button>
          ))}
        </div>

        {tab === 'binary' ? (
          <div role="tabpanel" aria-label={t('firmware.add.tabs.binary')}>
            <RefSelect
              label={t('firmware.add.binary')}
              value={binaryId}
              onChange={(e) => setBinaryId(e.target.value)}
              query={binaries}
              placeholder={t('firmware.upload.choose')}
              optionLabel={(b) => `${b.name} ${b.version} · ${b.device_type ?? '?'} · #${b.id}`}
              error={errors.binary}
            />
            {binary ? <p className="fw-list-count">{t('firmware.add.binaryFacts', { type: binary.device_type ?? '?', version: binary.version, sha: (binary.sha256 ?? '').slice(0, 12) })}</p> : null}
            <div className="form-actions">{next('targets')}</div>
          </div>
        ) : null}

        {tab === 'targets' ? (
          <div role="tabpanel" aria-label={t('firmware.add.tabs.targets')}>
            <fieldset className="fw-targets">
              <legend>{t('firmware.fields.upload_type')}</legend>
              {([0, 1, 2] as const).map((k) => (
                <label key={k} className="radio">
                  <input type="radio" name="upload_type" value={k} checked={uploadType === k} onChange={() => setUploadType(k)} /> {t(`firmware.uploadType.${k}`)}
                </label>
              ))}
            </fieldset>
            {uploadType === 1 ? (
              <TextField label={t('firmware.fields.for_version')} value={forVersion} maxLength={50} onChange={(e) => setForVersion(e.target.value)} error={errors.forVersion} hint={t('firmware.add.forVersionHint')} />
            ) : null}
            {uploadType === 2 ? (
              <>
                <TextAreaField
                  label={t('firmware.fields.extend')}
                  value={listText}
                  rows={6}
                  onChange={(e) => setListText(e.target.value)}
                  error={errors.list}
                  hint={t('firmware.add.listHint', { max: FIRMWARE_CUSTOM_MAX })}
                />
                <div className="field">
                  <label className="field__label" htmlFor="firmware-csv">
                    {t('firmware.add.csv')}
                  </label>
                  <input id="firmware-csv" className="input" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readCsv(e)} />
                </div>
                <p className="fw-list-count" data-testid="list-count">
                  {t('firmware.add.listCount', { n: list.length, max: FIRMWARE_CUSTOM_MAX })}
                </p>
              </>
            ) : null}
            {uploadType === 0 ? <p className="fw-list-count">{t('firmware.add.allHint')}</p> : null}
            <div className="form-actions">{next('schedule')}</div>
          </div>
        ) : null}

        {tab === 'schedule' ? (
          <div role="tabpanel" aria-label={t('firmware.add.tabs.schedule')}>
            <div className="form-grid">
              <TextField type="datetime-local" label={t('firmware.fields.expired_at')} value={expiry} onChange={(e) => setExpiry(e.target.value)} error={errors.expiry} hint={t('firmware.add.utc')} />
              <TextField inputMode="numeric" label={t('firmware.fields.wave_size')} value={waveSize} onChange={(e) => setWaveSize(e.target.value)} error={errors.waveSize} hint={t('firmware.add.waveHint')} />
              <TextField inputMode="numeric" label={t('firmware.fields.error_threshold')} value={threshold} onChange={(e) => setThreshold(e.target.value)} error={errors.threshold} hint={t('firmware.add.thresholdHint')} />
              <TextField inputMode="numeric" label={t('firmware.fields.timeout_minutes')} value={timeout} onChange={(e) => setTimeoutMinutes(e.target.value)} error={errors.timeout} hint={t('firmware.add.timeoutHint')} />
            </div>
            <TextAreaField label={t('firmware.fields.comment')} value={comment} maxLength={500} rows={3} onChange={(e) => setComment(e.target.value)} />
            <div className="form-actions">
              <button type="button" className="btn btn--primary" onClick={review}>
                {t('firmware.add.review')}
              </button>
            </div>
          </div>
        ) : null}
      </section>

      <Modal
        open={confirming}
        title={t('firmware.add.confirmTitle')}
        onClose={() => setConfirming(false)}
        footer={<ConfirmFooter onCancel={() => setConfirming(false)} confirm={t('firmware.add.start')} onConfirm={() => start()} pending={insert.isPending} />}
      >
        <dl className="fw-summary" data-testid="confirm-summary">
          <dt>{t('firmware.add.binary')}</dt>
          <dd>{binary ? `${binary.name} ${binary.version}` : ''}</dd>
          <dt>{t('firmware.fields.upload_type')}</dt>
          <dd>
            {t(`firmware.uploadType.${uploadType}`)}
            {uploadType === 1 ? ` ${forVersion.trim()}` : uploadType === 2 ? ` (${list.length})` : ''}
          </dd>
          <dt>{t('firmware.fields.expired_at')}</dt>
          <dd>{expiry.replace('T', ' ')} UTC</dd>
          <dt>{t('firmware.fields.wave_size')}</dt>
          <dd>{waveSize}</dd>
          <dt>{t('firmware.fields.error_threshold')}</dt>
          <dd>{threshold} %</dd>
          <dt>{t('firmware.fields.timeout_minutes')}</dt>
          <dd>{timeout}</dd>
          {comment.trim() ? (
            <>
              <dt>{t('firmware.fields.comment')}</dt>
              <dd>{comment.trim()}</dd>
            </>
          ) : null}
        </dl>
        <p>{t('firmware.add.confirmText')}</p>
      </Modal>
      <ConfirmCommandDialog
        confirmation={fleetWide}
        command={binary ? `${binary.name} ${binary.version}` : t('firmware.add.binary')}
        pending={insert.isPending}
        onCancel={() => setFleetWide(null)}
        onConfirm={(token) => start(token)}
      />
    </FirmwarePage>
  );
}

