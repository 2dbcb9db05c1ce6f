import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HELP_FILE_MAX_BYTES } from '@tracker/contract';
import { EmptyState } from '../../../components/EmptyState';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/dates';
import { useContractForm } from '../../../lib/contract-form';
import { successToast } from '../../../lib/toast';
import { downloadFile } from '../../../lib/api-client';
import { useHelpFile, useHelpUploadMutation } from '../api/imports-api';
import { ImportNav } from '../components/ImportNav';
import { fileProblem, notUploadedToast } from '../components/UploadForm';
import { FormActions, TextField } from '../../../components/Field';

/** §2 /admin/help/upload: the help file of the import screens, and a new one to replace it. */
export function HelpUploadPage() {
  const { t } = useTranslation();
  const help = useHelpFile();
  const upload = useHelpUploadMutation();
  const fileRef = useRef<HTMLInputElement>(null);
  const title = t('imports.help.title');

  // POST /import/upload/help has no field beside the file (no schema): the file is the form's own check
  const form = useContractForm(null, { initial: {}, check: () => ({ file: fileProblem(t, fileRef.current, HELP_FILE_MAX_BYTES) }), toast: false });
  const submit = form.submit(async () => {
    const file = fileRef.current!.files![0]!;
    try {
      await upload.mutateAsync(file);
    } catch (err) {
      notUploadedToast(t, err);
      throw err;
    }
    successToast(t('imports.help.uploaded', { name: file.name }));
    if (fileRef.current) fileRef.current.value = '';
  });

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
        <form onSubmit={submit} aria-label={t('imports.help.upload')} noValidate>
          <TextField label={t('imports.upload.file')} ref={fileRef} type="file" onChange={() => form.clear('file')} error={form.errors.file} />
          <FormActions submit={t('imports.help.submit')} pending={upload.isPending} primary />
        </form>
      </section>
    </div>
  );
}
