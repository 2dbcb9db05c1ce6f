import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverErrorToast, successToast } from '../../../lib/toast';
import { downloadReport, isRunning, useImportProgress } from '../api/imports-api';
import { reasonLabel } from '../../../lib/reasons';
import { ProgressBar } from '../../../components/ProgressBar';

/** Live progress of the file just uploaded on a kind's screen, and its outcome (§8 mass import message). */
export function LastUpload({ id }: { id: number }) {
  const { t } = useTranslation();
  const item = useImportProgress(id);
  const told = useRef(false);
  useEffect(() => {
    if (!item || isRunning(item) || told.current) return;
    told.current = true;
    if (item.status === 'FAILED') serverErrorToast([t('imports.upload.notImported'), item.error_code ? reasonLabel(t, item.error_code, item.error_params) : '']);
    else if (item.result) successToast(t('imports.mass.result', { found: item.result.found, inDatabase: item.result.in_database }));
    else successToast(t('imports.upload.finished', { imported: item.imported, count: item.count }));
  }, [item, t]);
  if (!item) return null;
  return (
    <section className="card import-last" aria-label={t('imports.last.title')} data-testid="last-upload">
      <h3>{t('imports.last.heading', { name: item.file_name, id: item.id })}</h3>
      <ProgressBar value={item.progress} label={t('imports.list.progressOf', { name: item.file_name })} />
      <p>
        {t(`imports.status.${item.status}`)} · {t('imports.last.counts', { count: item.count, imported: item.imported, failed: item.failed })}
      </p>
      {item.result ? <p>{t('imports.mass.result', { found: item.result.found, inDatabase: item.result.in_database })}</p> : null}
      {item.error_code ? <p className="field__error">{reasonLabel(t, item.error_code, item.error_params)}</p> : null}
      <p className="import-last__links">
        <Link to="/admin/upload">{t('imports.last.openList')}</Link>
        {!isRunning(item) && item.failed > 0 && item.has_file ? (
          <button type="button" className="btn btn--ghost" onClick={() => void downloadReport(item.id)}>
            {t('imports.list.report')}
          </button>
        ) : null}
      </p>
    </section>
  );
}
