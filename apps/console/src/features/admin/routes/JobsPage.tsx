import { useTranslation } from 'react-i18next';
import type { JobFailure, JobQueueCounts } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { ListPage } from '../../../components/ListPage';
import { formatDateTime } from '../../../lib/dates';
import { successToast } from '../../../lib/toast';
import { useAdminJobs, useRetryJobMutation } from '../api/jobs';

/**
 * /admin/jobs (administrators; docs/operations.md "Jobs page"): each queue's waiting, active, delayed and failed
 * counts (failed: each queue's among the last `failures_kept` final failures, said under the table), the recent final
 * failures with their reason, and a retry for a failure of a job kind that is safe to repeat.
 * Read again every 10 s while open.
 */
export function JobsPage() {
  const { t } = useTranslation();
  const query = useAdminJobs();
  const retry = useRetryJobMutation();
  const queues: Column<JobQueueCounts>[] = [
    { key: 'queue', header: t('jobs.queue'), className: 'mono', cell: (q) => q.queue },
    { key: 'waiting', header: t('jobs.waiting'), align: 'end', cell: (q) => q.waiting },
    { key: 'active', header: t('jobs.active'), align: 'end', cell: (q) => q.active },
    { key: 'delayed', header: t('jobs.delayed'), align: 'end', cell: (q) => q.delayed },
    { key: 'failed', header: t('jobs.failed'), align: 'end', cell: (q) => q.failed },
  ];
  const failures: Column<JobFailure>[] = [
    { key: 'at', header: t('jobs.failedAt'), className: 'nowrap', cell: (f) => formatDateTime(f.failed_at) },
    { key: 'job', header: t('jobs.job'), className: 'mono', cell: (f) => f.job },
    { key: 'id', header: t('jobs.jobId'), className: 'mono', cell: (f) => f.job_id },
    { key: 'reason', header: t('jobs.reason'), truncate: true, cell: (f) => f.reason },
    { key: 'attempts', header: t('jobs.attempts'), align: 'end', cell: (f) => f.attempts },
    {
      key: 'retry',
      header: t('jobs.retry'),
      hideHeader: true,
      cell: (f) =>
        f.retryable ? (
          <button type="button" className="btn" disabled={retry.isPending} onClick={() => retry.mutate(f.id, { onSuccess: () => successToast(t('jobs.retried')) })} aria-label={t('jobs.retryNamed', { id: f.job_id })}>
            {t('jobs.retry')}
          </button>
        ) : (
          <span className="muted">{t('jobs.notRetryable')}</span>
        ),
    },
  ];
  return (
    <ListPage title={t('jobs.title')} query={query} resultsLabel={t('jobs.queues')}>
      <DataTable columns={queues} rows={query.data?.queues} rowKey={(q) => q.queue} layout="fit" caption={t('jobs.queues')} data-testid="job-queues" />
      {query.data && <p className="muted" data-testid="job-failed-note">{t('jobs.failedNote', { kept: query.data.failures_kept })}</p>}
      <h2>{t('jobs.failures')}</h2>
      <DataTable columns={failures} rows={query.data?.failures} rowKey={(f) => f.id} layout="fit" caption={t('jobs.failures')} empty={t('jobs.noFailures')} data-testid="job-failures" />
    </ListPage>
  );
}
