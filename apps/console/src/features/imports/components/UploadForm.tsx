import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { IMPORT_MAX_FILE_BYTES, importUploadForm, massUploadForm, type ImportKind } from '@tracker/contract';
import { FormActions, SelectField, TextField } from '../../../components/Field';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { reasonLabel } from '../../../lib/reasons';
import { serverErrorToast, successToast } from '../../../lib/toast';
import { RefSelect } from '../../../components/RefSelect';
import { useDeployments, useDeviceTypes, useServers, useUploadMutation, useVoipCentrals } from '../api/imports-api';
import { NAV_KINDS } from './ImportNav';

type Props = {
  /** fixed on a kind's screen; chosen on the upload list */
  kind?: ImportKind;
  /** the upload list also records a server and a VoIP central with the import */
  withTargets?: boolean;
  onUploaded: (id: number) => void;
};

const FILE_CODES = new Set(['IMPORT_FILE_MISSING', 'IMPORT_FILE_EMPTY', 'IMPORT_FILE_NOT_CSV', 'IMPORT_FILE_ENCODING']);

/** What is wrong with the chosen file (none chosen, too large), for a form's `check`; undefined when nothing is. */
export function fileProblem(t: TFunction, input: HTMLInputElement | null, maxBytes: number): string | undefined {
  const file = input?.files?.[0];
  if (!file) return t('imports.upload.chooseFile');
  return file.size > maxBytes ? t('imports.upload.tooLarge', { mb: maxBytes / 1024 / 1024 }) : undefined;
}

/** §8 import upload error: a failed upload says the file was not uploaded (the api's file messages say so themselves). */
export function notUploadedToast(t: TFunction, err: unknown): void {
  const e = err instanceof ApiError ? err : new ApiError(0, 'NETWORK', t('errors.network'));
  serverErrorToast(FILE_CODES.has(e.code) ? e.messages : [t('imports.upload.notUploaded'), ...e.messages], e.requestId);
}

/** A CSV upload (multipart): stored and queued by the api, which answers the import id at once. */
export function UploadForm({ kind: fixedKind, withTargets = false, onUploaded }: Props) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const types = useDeviceTypes();
  const deployments = useDeployments();
  const servers = useServers();
  const voips = useVoipCentrals();
  // the kind picks the route, so the schema: kept beside the form's values
  const [kind, setKind] = useState<ImportKind>(fixedKind ?? 'SIM');
  const mass = kind === 'MASS';
  const needsType = kind === 'DEVICE' || kind === 'DEVICE_AND_SIM' || mass;
  const initial = { device_type_id: '', device_status: '0', white_label_deployment_id: '', server_id: '', voip_central_id: '' };
  type Values = typeof initial;
  /** the multipart fields beside the file, as the kind's route takes them */
  const fieldsOf = (v: Values) =>
    mass
      ? { device_type_id: v.device_type_id, device_status: v.device_status }
      : {
          kind,
          device_type_id: needsType ? v.device_type_id : undefined,
          white_label_deployment_id: kind === 'FACTORY_DEVICE' ? v.white_label_deployment_id : undefined,
          server_id: withTargets ? v.server_id : undefined,
          voip_central_id: withTargets ? v.voip_central_id : undefined,
        };
  // the fields: POST /import/upload's importUploadForm or /import/upload/mass's massUploadForm; the file: the form's own check
  const form = useContractForm<Values>(mass ? massUploadForm : importUploadForm, {
    initial,
    body: fieldsOf,
    check: () => ({ file: fileProblem(t, fileRef.current, IMPORT_MAX_FILE_BYTES) }),
    message: (field, e) => (field === 'device_type_id' && e.code === 'required' ? t('imports.upload.chooseType') : reasonLabel(t, e.code, e.params)),
    // §8: a failed upload says the file was not uploaded (toasted below)
    toast: false,
  });
  const { values, errors, set } = form;
  const upload = useUploadMutation(mass);

  const submit = form.submit(async (_checked, v) => {
    const file = fileRef.current!.files![0]!;
    let id: number;
    try {
      ({
        model: { id },
      } = await upload.mutateAsync({ file, fields: fieldsOf(v) }));
    } catch (err) {
      notUploadedToast(t, err);
      throw err;
    }
    successToast(t('imports.upload.queued', { name: file.name, id }));
    if (fileRef.current) fileRef.current.value = '';
    onUploaded(id);
  });

  return (
    <form className="import-upload" onSubmit={submit} aria-label={t('imports.upload.title')} noValidate>
      <div className="form-grid">
        {fixedKind ? null : (
          <SelectField label={t('imports.upload.kind')} value={kind} onChange={(e) => setKind(e.target.value as ImportKind)}>
            {NAV_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`imports.kind.${k}`)}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label={t('imports.upload.file')} ref={fileRef} type="file" accept=".csv,text/csv,text/plain" onChange={() => form.clear('file')} error={errors.file} />
        {needsType ? (
          <RefSelect
            label={mass ? t('imports.upload.deviceType') : t('imports.upload.defaultDeviceType')}
            value={values.device_type_id}
            onChange={(e) => set('device_type_id', e.target.value)}
            query={types}
            placeholder={mass ? t('imports.upload.choose') : t('imports.upload.fromFile')}
            optionLabel={(d) => d.name}
            error={errors.device_type_id}
          />
        ) : null}
        {mass ? (
          <SelectField label={t('imports.fields.device_status')} value={values.device_status} onChange={(e) => set('device_status', e.target.value)} error={errors.device_status}>
            {[0, 1, 2, 3].map((s) => (
              <option key={s} value={s}>
                {t(`imports.deviceStatus.${s}`)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {kind === 'FACTORY_DEVICE' ? (
          <RefSelect
            label={t('imports.upload.defaultDeployment')}
            value={values.white_label_deployment_id}
            onChange={(e) => set('white_label_deployment_id', e.target.value)}
            error={errors.white_label_deployment_id}
            query={deployments}
            placeholder={t('imports.upload.deploymentDefault')}
            optionLabel={(d) => `${d.id} · ${d.name}`}
          />
        ) : null}
        {withTargets ? (
          <>
            <RefSelect
              label={t('imports.upload.server')}
              value={values.server_id}
              onChange={(e) => set('server_id', e.target.value)}
              error={errors.server_id}
              query={servers}
              placeholder={t('common.none')}
              optionLabel={(x) => x.name}
            />
            <RefSelect
              label={t('imports.upload.voip')}
              value={values.voip_central_id}
              onChange={(e) => set('voip_central_id', e.target.value)}
              error={errors.voip_central_id}
              query={voips}
              placeholder={t('common.none')}
              optionLabel={(v) => v.name}
            />
          </>
        ) : null}
      </div>
      <FormActions submit={upload.isPending ? t('common.pleaseWait') : t('imports.upload.submit')} pending={upload.isPending} primary />
    </form>
  );
}
