import { useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HELP_FILE_MAX_BYTES } from '@tracker/contract';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import type { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { localErrorToast, serverErrorToast, successToast } from '../../../lib/toast';
import { downloadFile } from '../../../lib/api-client';
import { useHelpFile, useHelpUploadMutation } from '../api/imports-api';
import { ImportNav } from '../components/ImportNav';
import { FormActions } from '../../../components/Field';

/** §2 /admin/help/upload: the help file of the import screens, and a new one to replace it. */
export function HelpUploadPage() {
  const { t } = useTranslation();
  const help = useHelpFile();
  const upload = useHelpUploadMutation();
  const fileRef = useRef<HTMLInputElement>(null);
  const title = t('imports.help.title');

  function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return void localErrorToast(t('imports.upload.chooseFile'));
    if (file.size > HELP_FILE_MAX_BYTES) return void localErrorToast(t('imports.upload.tooLarge', { mb: HELP_FILE_MAX_BYTES / 1024 / 1024 }));
    upload.mutate(file, {
      onSuccess: () => {
        successToast(t('imports.help.uploaded', { name: file.name }));
        if (fileRef.current) fileRef.current.value = '';
      },
      onError: (err) => serverErrorToast([t('imports.upload.notUploaded'), ...(err as ApiError).messages]),
    });
  }

  const f = help.data;
  return (
    <div className="page page--imports">
      <PageTitle text={title}>{title}</PageTitle>
      <ImportNav />
      <section className="card">
        <h2>{t('imports.help.current')}</h2>
        {help.isPending ? (
          <Spinner />
        ) : help.isError ? (
          <EmptyState title={t('imports.help.loadFailed')}>
            <button type="button" className="btn" onClick={() => void help.refetch()}>
              {t('common.retry')}
            </button>
          </EmptyState>
        ) : !f ? (
          <EmptyState title={t('imports.help.none')} />
        ) : (
          <p data-testid="help-file">
            <button type="button" className="btn btn--ghost" onClick={() => void downloadFile(`/import/upload/help/file?id=${f.id}`, f.file_name)}>
              {f.file_name}
            </button>{' '}
            <span className="muted">
              {t('imports.help.meta', { size: Math.max(1, Math.round(f.size_bytes / 1024)), date: formatDateTime(f.created) })}
            </span>
          </p>
        )}
      </section>
      <section className="card">
        <h2>{t('imports.help.upload')}</h2>
        <form onSubmit={submit} aria-label={t('imports.help.upload')}>
          <div className="field">
            <label className="field__label" htmlFor="help-file">
              {t('imports.upload.file')}
            </label>
            <input id="help-file" ref={fileRef} className="input" type="file" />
          </div>
          <FormActions submit={t('imports.help.submit')} pending={upload.isPending} primary />
        </form>
      </section>
    </div>
  );
}
