import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable';
import { ConfirmFooter, Modal } from '../../../components/Modal';
import { ProgressBar } from '../../../components/ProgressBar';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useModemProgress, useResetModemMutation } from '../api/modem-api';
import { modemReasonLabel } from './process-columns';

/**
 * A process's tasks and history, asked for every 5 s (§9) while open; reset starts it over, once confirmed (it sends
 * the modem commands again from task 1: destructive, as the command ledger's confirmations say).
 */
export function ModemProgressModal({ modemId, onClose }: { modemId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const progress = useModemProgress(modemId);
  const reset = useResetModemMutation();
  const [confirmReset, setConfirmReset] = useState(false);
  const p = progress.data;
  return (
    <Modal
      open={modemId !== null}
      title={t('modem.progressTitle', { imei: p?.process.imei ?? '' })}
      onClose={onClose}
      size="wide"
      footer={
        <div className="form-actions">
          {confirmReset && p ? (
            <>
              <span data-testid="modem-reset-confirm">{t('modem.resetConfirm', { imei: p.process.imei })}</span>
              <ConfirmFooter
                onCancel={() => setConfirmReset(false)}
                confirm={t('modem.reset')}
                pending={reset.isPending}
                onConfirm={() => reset.mutate(p.process.modem_id, { onSuccess: () => void progress.refetch(), onSettled: () => setConfirmReset(false) })}
              />
            </>
          ) : (
            <>
              {/* a DONE update stays done (the api refuses it too: modemResetDone) */}
              {p?.process.status === 'DONE' ? <span className="field__hint">{t('reasons.modemResetDone')}</span> : null}
              <button type="button" className="btn" disabled={!p || p.process.status === 'DONE' || reset.isPending} onClick={() => setConfirmReset(true)} data-testid="modem-reset">
                {t('modem.reset')}
              </button>
            </>
          )}
          <button type="button" className="btn btn--primary" onClick={onClose}>
            {t('modem.close')}
          </button>
        </div>
      }
    >
      {progress.isError && p ? <p role="alert">{t('modem.pollFailed')}</p> : null}
      <QueryState query={progress}>
        {p ? (
          <div data-testid="modem-progress">
            <ProgressBar value={(100 * p.process.task_id) / p.process.task_count} label={t('modem.progressOf', { task: p.process.task_id, count: p.process.task_count })} />
            <p>
              {t(`modem.status.${p.process.status}`)} · {t('modem.progressOf', { task: p.process.task_id, count: p.process.task_count })}
              {p.process.error ? ` · ${modemReasonLabel(t, p.process.error)}` : ''}
            </p>
            <ol className="modem-tasks">
              {p.tasks.map((task) => (
                <li key={task.task_id} data-state={task.state} aria-current={task.state === 'current' ? 'step' : undefined}>
                  {t(`modem.tasks.${task.key}`)} <span className="muted">({t(`modem.taskState.${task.state}`)})</span>
                </li>
              ))}
            </ol>
            {p.saved_settings.length ? (
              <p>
                {t('modem.savedSettings', {
                  list: p.saved_settings.map((s) => `${s.setting_no} = ${s.previous ?? t('modem.defaultValue')}`).join(', '),
                })}{' '}
                {p.settings_restored_at ? t('modem.restoredAt', { at: formatDateTime(p.settings_restored_at) }) : ''}
              </p>
            ) : null}
            {p.dup_files ? <p>{t('modem.dupFiles', { list: p.dup_files.map((f) => `${f.name} (${f.size.toLocaleString()} B)`).join(', ') })}</p> : null}
            <DataTable
              layout="fit"
              framed={false}
              rows={p.history}
              rowKey={(_, i) => i}
              columns={[
                { key: 'at', header: t('modem.col.at'), cell: (h) => formatDateTime(h.created), className: 'nowrap' },
                { key: 'task', header: t('modem.col.task'), cell: (h) => `${h.task_id}. ${t(`modem.tasks.${h.task}`)}` },
                { key: 'outcome', header: t('modem.col.outcome'), cell: (h) => t(`modem.outcome.${h.outcome}`) },
                { key: 'reason', header: t('modem.col.reason'), cell: (h) => modemReasonLabel(t, h.reason), truncate: true },
              ]}
            />
          </div>
        ) : null}
      </QueryState>
    </Modal>
  );
}
