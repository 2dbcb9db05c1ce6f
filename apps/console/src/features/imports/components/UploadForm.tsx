import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_FILE_BYTES, type ImportKind } from '@tracker/contract';
import { FormActions, SelectField } from '../../../components/Field';
import type { ApiError } from '../../../lib/api-client';
import { localErrorToast, serverErrorToast, successToast } from '../../../lib/toast';
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

/** A CSV upload (multipart): stored and queued by the api, which answers the import id at once. */
export function UploadForm({ kind: fixedKind, withTargets = false, onUploaded }: Props) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ImportKind>(fixedKind ?? 'SIM');
  const [deviceType, setDeviceType] = useState('');
  const [deviceStatus, setDeviceStatus] = useState('0');
  const [deployment, setDeployment] = useState('');
  const [server, setServer] = useState('');
  const [voip, setVoip] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadMutation(kind === 'MASS');
  const types = useDeviceTypes();
  const deployments = useDeployments();
  const servers = useServers();
  const voips = useVoipCentrals();
  const needsType = kind === 'DEVICE' || kind === 'DEVICE_AND_SIM' || kind === 'MASS';

  function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return void localErrorToast(t('imports.upload.chooseFile'));
    if (file.size > IMPORT_MAX_FILE_BYTES) return void localErrorToast(t('imports.upload.tooLarge', { mb: IMPORT_MAX_FILE_BYTES / 1024 / 1024 }));
    if (kind === 'MASS' && !deviceType) return void localErrorToast(t('imports.upload.chooseType'));
    const fields =
      kind === 'MASS'
        ? { device_type_id: deviceType, device_status: deviceStatus }
        : {
            kind,
            device_type_id: needsType ? deviceType : undefined,
            white_label_deployment_id: kind === 'FACTORY_DEVICE' ? deployment : undefined,
            server_id: withTargets ? server : undefined,
            voip_central_id: withTargets ? voip : undefined,
          };
    upload.mutate(
      { file, fields },
      {
        onSuccess: ({ model }) => {
          successToast(t('imports.upload.queued', { name: file.name, id: model.id }));
          if (fileRef.current) fileRef.current.value = '';
          onUploaded(model.id);
        },
        onError: (err) => {
          const e = err as ApiError;
          // §8: a failed upload says the file was not uploaded (the api's file messages say so themselves)
          serverErrorToast(FILE_CODES.has(e.code) ? e.messages : [t('imports.upload.notUploaded'), ...e.messages]);
        },
      },
    );
  }

  return (
    <form className="import-upload" onSubmit={submit} aria-label={t('imports.upload.title')}>
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
        <div className="field">
          <label className="field__label" htmlFor="import-file">
            {t('imports.upload.file')}
          </label>
          <input id="import-file" ref={fileRef} className="input" type="file" accept=".csv,text/csv,text/plain" />
        </div>
        {needsType ? (
          <RefSelect
            label={kind === 'MASS' ? t('imports.upload.deviceType') : t('imports.upload.defaultDeviceType')}
            value={deviceType}
            onChange={(e) => setDeviceType(e.target.value)}
            query={types}
            placeholder={kind === 'MASS' ? t('imports.upload.choose') : t('imports.upload.fromFile')}
            optionLabel={(d) => d.name}
          />
        ) : null}
        {kind === 'MASS' ? (
          <SelectField label={t('imports.fields.device_status')} value={deviceStatus} onChange={(e) => setDeviceStatus(e.target.value)}>
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
            value={deployment}
            onChange={(e) => setDeployment(e.target.value)}
            query={deployments}
            placeholder={t('imports.upload.deploymentDefault')}
            optionLabel={(d) => `${d.id} · ${d.name}`}
          />
        ) : null}
        {withTargets ? (
          <>
            <RefSelect
              label={t('imports.upload.server')}
              value={server}
              onChange={(e) => setServer(e.target.value)}
              query={servers}
              placeholder={t('common.none')}
              optionLabel={(x) => x.name}
            />
            <RefSelect
              label={t('imports.upload.voip')}
              value={voip}
              onChange={(e) => setVoip(e.target.value)}
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
