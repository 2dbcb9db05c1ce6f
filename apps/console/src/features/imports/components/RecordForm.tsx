import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CARRIER_SIM_STATUSES,
  deviceAndSimRecord,
  deviceRecord,
  factoryDeviceRecord,
  IMPORT_COLUMNS,
  simRecord,
  type ImportColumn,
  type ImportKind,
} from '@tracker/contract';
import { FormActions, SelectField, TextField } from '../../../components/Field';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { serverErrorToast, successToast } from '../../../lib/toast';
import { RefSelect } from '../../../components/RefSelect';
import { useDeployments, useDeviceTypes, useImportRecordMutation } from '../api/imports-api';
import { reasonLabel } from '../../../lib/reasons';

type RecordKind = Exclude<ImportKind, 'MASS'>;
const SCHEMA = { SIM: simRecord, DEVICE: deviceRecord, DEVICE_AND_SIM: deviceAndSimRecord, FACTORY_DEVICE: factoryDeviceRecord } as const;

const STATUS_OPTIONS: Record<string, number[]> = {
  importDeviceStatus: [0, 1, 2, 3],
  simStatus: [0, 1, 2],
};

/** One record entered by hand (POST /import/sim, /device, /deviceAndSim, /factoryDevice), checked like the CSV lines. */
export function RecordForm({ kind }: { kind: RecordKind }) {
  const { t } = useTranslation();
  const columns = IMPORT_COLUMNS[kind];
  const types = useDeviceTypes();
  const deployments = useDeployments();
  const save = useImportRecordMutation(kind);
  /** the record as the CSV line would have it: trimmed, empty fields left out, flags as booleans */
  const body = (v: Record<string, string>) => {
    const out: Record<string, unknown> = {};
    for (const c of columns) {
      const x = (v[c.name] ?? '').trim();
      if (c.rule === 'bool') out[c.name] = x === 'true';
      else if (x !== '') out[c.name] = x;
    }
    return out;
  };
  const form = useContractForm<Record<string, string>>(SCHEMA[kind], {
    initial: {},
    body,
    // a required field left empty is absent from the body: say so rather than zod's type message
    message: (name, fe, input) => ((input as Record<string, unknown>)[name] === undefined ? reasonLabel(t, 'required', { field: name }) : reasonLabel(t, fe.code, fe.params)),
    // §8: the factory device import reads the first entry of the errors list (said below, not by the api client)
    toast: false,
  });
  const { values, errors } = form;
  const set = (name: string, v: string) => form.set(name, v);

  const submit = form.submit(async (data) => {
    try {
      const { id } = await save.mutateAsync(data);
      successToast(t('imports.record.saved', { id }));
      form.reset({});
    } catch (err) {
      if (err instanceof ApiError) serverErrorToast(kind === 'FACTORY_DEVICE' ? err.firstMessage : err.messages, err.requestId);
      throw err;
    }
  });

  function field(c: ImportColumn) {
    const label = t(`imports.fields.${c.name}`);
    const common = { label, error: errors[c.name], value: values[c.name] ?? '' };
    const required = c.required || (c.name === 'device_type_id' && kind !== 'FACTORY_DEVICE');
    if (c.name === 'device_type_id') {
      return (
        <RefSelect
          {...common}
          required={required}
          onChange={(e) => set(c.name, e.target.value)}
          query={types}
          placeholder={t('imports.upload.choose')}
          optionLabel={(d) => d.name}
        />
      );
    }
    if (c.name === 'white_label_deployment_id') {
      return (
        <RefSelect
          {...common}
          onChange={(e) => set(c.name, e.target.value)}
          query={deployments}
          placeholder={t('imports.upload.deploymentDefault')}
          optionLabel={(d) => `${d.id} · ${d.name}`}
        />
      );
    }
    if (c.rule === 'carrierStatus') {
      return (
        <SelectField {...common} onChange={(e) => set(c.name, e.target.value)}>
          {CARRIER_SIM_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      );
    }
    const options = STATUS_OPTIONS[c.rule];
    if (options) {
      const labels = c.rule === 'simStatus' ? 'imports.simStatus' : 'imports.deviceStatus';
      return (
        <SelectField {...common} onChange={(e) => set(c.name, e.target.value)}>
          {options.map((s) => (
            <option key={s} value={s}>
              {t(`${labels}.${s}`)}
            </option>
          ))}
        </SelectField>
      );
    }
    if (c.rule === 'bool') {
      return (
        <div className="field field--checkbox">
          <label>
            <input type="checkbox" checked={values[c.name] === 'true'} onChange={(e) => set(c.name, String(e.target.checked))} /> {label}
          </label>
        </div>
      );
    }
    return <TextField {...common} required={required} placeholder={c.example} autoComplete="off" onChange={(e) => set(c.name, e.target.value)} />;
  }

  return (
    <form className="import-record" onSubmit={(e) => void submit(e)} noValidate aria-label={t('imports.record.title')}>
      <div className="form-grid">{columns.map((c) => <Fragment key={c.name}>{field(c)}</Fragment>)}</div>
      <FormActions submit={save.isPending ? t('common.pleaseWait') : t('imports.record.submit')} pending={save.isPending} primary />
    </form>
  );
}
