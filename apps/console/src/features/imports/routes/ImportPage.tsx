import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARRIER_SIM_STATUSES, FACTORY_DEVICE_DEFAULTS, IMPORT_COLUMNS, type ImportColumn, type ImportKind } from '@tracker/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { downloadFile } from '../../../lib/api-client';
import { ImportNav } from '../components/ImportNav';
import { LastUpload } from '../components/LastUpload';
import { RecordForm } from '../components/RecordForm';
import { UploadForm } from '../components/UploadForm';

/** §2 /admin/import/{device,attdevice,factorydevice,mass,sim}: one record by hand, or a CSV file. */
export function ImportPage({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const [last, setLast] = useState<number | null>(null);
  const title = t(`imports.title.${kind}`);
  const helpValues = {
    statuses: CARRIER_SIM_STATUSES.join(', '),
    statusDefault: FACTORY_DEVICE_DEFAULTS.status,
    deploymentDefault: FACTORY_DEVICE_DEFAULTS.white_label_deployment_id,
  };
  const columns: Column<ImportColumn>[] = [
    { key: 'name', header: t('imports.columns.name'), className: 'mono', cell: (c) => c.name },
    { key: 'required', header: t('imports.columns.required'), cell: (c) => (c.required ? t('imports.columns.yes') : '') },
    { key: 'meaning', header: t('imports.columns.meaning'), cell: (c) => t(`imports.columnHelp.${kind}.${c.name}`, helpValues) },
    { key: 'example', header: t('imports.columns.example'), className: 'mono', cell: (c) => c.example },
  ];
  return (
    <div className="page page--imports">
      <PageTitle text={title}>{title}</PageTitle>
      <ImportNav />
      <p className="muted">{t(`imports.intro.${kind}`)}</p>
      <div className="import-grid">
        {kind !== 'MASS' ? (
          <section className="card">
            <h2>{t('imports.record.title')}</h2>
            <RecordForm key={kind} kind={kind} />
          </section>
        ) : null}
        <section className="card">
          <h2>{t('imports.upload.title')}</h2>
          <UploadForm key={kind} kind={kind} onUploaded={setLast} />
          {last !== null ? <LastUpload key={last} id={last} /> : null}
          <h3>{t('imports.columns.title')}</h3>
          <p className="muted">{t('imports.columns.rules')}</p>
          <DataTable
            layout="wrap"
            className="import-columns"
            framed={false}
            columns={columns}
            rows={IMPORT_COLUMNS[kind]}
            rowKey={(c) => c.name}
          />
          <button type="button" className="btn" onClick={() => void downloadFile(`/import/template?kind=${kind}`, `import-${kind.toLowerCase()}-template.csv`)}>
            {t('imports.columns.template')}
          </button>
        </section>
      </div>
    </div>
  );
}
