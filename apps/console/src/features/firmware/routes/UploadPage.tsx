import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_UPLOAD_FIELDS, firmwareUploadForm } from '@tracker/contract';
import { FormActions, TextField } from '../../../components/Field';
import { RefSelect } from '../../../components/RefSelect';
import { useContractForm } from '../../../lib/contract-form';
import { reasonLabel } from '../../../lib/reasons';
import { successToast } from '../../../lib/toast';
import { FirmwarePage } from '../components/FirmwarePage';
import { useDeviceTypes, useFtpServers, useUploadBinaryMutation } from '../api/firmware-api';

/**
 * §2 /admin/fup/upload: FTP server, type, file, name and version. §5: all are required and the first missing one is
 * said (before anything is sent); §8: a failed upload shows the missing-field text or the server's answer.
 */
export function UploadPage() {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const servers = useFtpServers();
  const types = useDeviceTypes();
  const upload = useUploadBinaryMutation();
  // the multipart fields beside the file: firmwareUploadForm; the file is the form's own check
  const form = useContractForm(firmwareUploadForm, {
    initial: { ftp_id: '', type: '', name: '', version: '' },
    check: () => ({ file: fileRef.current?.files?.[0] ? undefined : t('firmware.upload.missing.file') }),
    message: (field, e) => (e.code === 'required' ? t(`firmware.upload.missing.${field}`) : reasonLabel(t, e.code, e.params)),
    firstOf: FIRMWARE_UPLOAD_FIELDS,
  });
  const { values, errors, set } = form;

  // the fields as typed (trimmed): multipart sends text
  const submit = form.submit(async (_checked, v) => {
    const file = fileRef.current!.files![0]!;
    const { model } = await upload.mutateAsync({ file, fields: { ftp_id: v.ftp_id, type: v.type, name: v.name.trim(), version: v.version.trim() } });
    successToast(t('firmware.upload.done', { name: model.name, version: model.version }));
    form.setValues((o) => ({ ...o, name: '', version: '' }));
    if (fileRef.current) fileRef.current.value = '';
  });

  return (
    <FirmwarePage title={t('firmware.upload.title')}>
      <section className="card">
        <form onSubmit={submit} aria-label={t('firmware.upload.title')} noValidate>
          <div className="form-grid">
            <RefSelect label={t('firmware.fields.ftp_id')} value={values.ftp_id} onChange={(e) => set('ftp_id', e.target.value)} query={servers} placeholder={t('firmware.upload.choose')} optionLabel={(s) => `${s.name} (${s.host}:${s.port})`} error={errors.ftp_id} />
            <RefSelect label={t('firmware.fields.type')} value={values.type} onChange={(e) => set('type', e.target.value)} query={types} placeholder={t('firmware.upload.choose')} optionLabel={(d) => d.name} error={errors.type} />
            <TextField label={t('firmware.fields.file')} ref={fileRef} type="file" onChange={() => form.clear('file')} error={errors.file} />
            <TextField label={t('firmware.fields.name')} value={values.name} maxLength={100} onChange={(e) => set('name', e.target.value)} error={errors.name} />
            <TextField label={t('firmware.fields.version')} value={values.version} maxLength={50} onChange={(e) => set('version', e.target.value)} error={errors.version} hint={t('firmware.upload.versionHint')} />
          </div>
          <FormActions submit={upload.isPending ? t('firmware.upload.sending') : t('firmware.upload.submit')} pending={form.pending} primary />
        </form>
      </section>
    </FirmwarePage>
  );
}
