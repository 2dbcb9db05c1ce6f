import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_UPLOAD_FIELDS, type FirmwareUploadField } from '@tracker/contract';
import { FormActions, TextField } from '../../../components/Field';
import { RefSelect } from '../../../components/RefSelect';
import type { ApiError } from '../../../lib/api-client';
import { localErrorToast, serverErrorToast, successToast } from '../../../lib/toast';
import { FirmwarePage } from '../components/FirmwarePage';
import { useDeviceTypes, useFtpServers, useUploadBinaryMutation } from '../api/firmware-api';

/**
 * §2 /admin/fup/upload: FTP server, type, file, name and version. §5: all are required and the first missing one is
 * said (before anything is sent); §8: a failed upload shows the missing-field text or the server's answer.
 */
export function UploadPage() {
  const { t } = useTranslation();
  const [ftp, setFtp] = useState('');
  const [type, setType] = useState('');
  const [name, setName] = useState('');
  const [version, setVersion] = useState('');
  const [missing, setMissing] = useState<FirmwareUploadField | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const servers = useFtpServers();
  const types = useDeviceTypes();
  const upload = useUploadBinaryMutation();

  function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    const values: Record<FirmwareUploadField, string> = { ftp_id: ftp, type, file: file ? 'x' : '', name: name.trim(), version: version.trim() };
    const first = FIRMWARE_UPLOAD_FIELDS.find((f) => !values[f]) ?? null;
    setMissing(first);
    if (first || !file) return void localErrorToast(t(`firmware.upload.missing.${first ?? 'file'}`));
    upload.mutate(
      { file, fields: { ftp_id: ftp, type, name: name.trim(), version: version.trim() } },
      {
        onSuccess: ({ model }) => {
          successToast(t('firmware.upload.done', { name: model.name, version: model.version }));
          setName('');
          setVersion('');
          if (fileRef.current) fileRef.current.value = '';
        },
        onError: (err) => serverErrorToast((err as ApiError).messages),
      },
    );
  }

  const err = (f: FirmwareUploadField) => (missing === f ? t(`firmware.upload.missing.${f}`) : undefined);
  return (
    <FirmwarePage title={t('firmware.upload.title')}>
      <section className="card">
        <form onSubmit={submit} aria-label={t('firmware.upload.title')} noValidate>
          <div className="form-grid">
            <RefSelect label={t('firmware.fields.ftp_id')} value={ftp} onChange={(e) => setFtp(e.target.value)} query={servers} placeholder={t('firmware.upload.choose')} optionLabel={(s) => `${s.name} (${s.host}:${s.port})`} error={err('ftp_id')} />
            <RefSelect label={t('firmware.fields.type')} value={type} onChange={(e) => setType(e.target.value)} query={types} placeholder={t('firmware.upload.choose')} optionLabel={(d) => d.name} error={err('type')} />
            <div className="field">
              <label className="field__label" htmlFor="firmware-file">
                {t('firmware.fields.file')}
              </label>
              <input id="firmware-file" ref={fileRef} className="input" type="file" aria-invalid={missing === 'file' || undefined} />
              {missing === 'file' ? <p className="field__error">{t('firmware.upload.missing.file')}</p> : null}
            </div>
            <TextField label={t('firmware.fields.name')} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} error={err('name')} />
            <TextField label={t('firmware.fields.version')} value={version} maxLength={50} onChange={(e) => setVersion(e.target.value)} error={err('version')} hint={t('firmware.upload.versionHint')} />
          </div>
          <FormActions submit={upload.isPending ? t('firmware.upload.sending') : t('firmware.upload.submit')} pending={upload.isPending} primary />
        </form>
      </section>
    </FirmwarePage>
  );
}
