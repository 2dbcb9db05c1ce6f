import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import {
  CARRIER_SIM_STATUSES,
  deviceAndSimRecord,
  deviceRecord,
  factoryDeviceRecord,
  IMPORT_COLUMNS,
  issueFieldError,
  simRecord,
  type ImportColumn,
  type ImportKind,
} from '@tracker/contract';
import { SelectField, TextField } from '../../../components/Field';
import { apiCall, type ApiError } from '../../../lib/api-client';
import { serverErrorToast, successToast } from '../../../lib/toast';
import { RefSelect } from '../../../components/RefSelect';
import { useDeployments, useDeviceTypes } from '../api/imports-api';
import { reasonLabel } from '../../../lib/reasons';

type RecordKind = Exclude<ImportKind, 'MASS'>;
const SCHEMA = { SIM: simRecord, DEVICE: deviceRecord, DEVICE_AND_SIM: deviceAndSimRecord, FACTORY_DEVICE: factoryDeviceRecord } as const;
const ROUTE = { SIM: 'importSim', DEVICE: 'importDevice', DEVICE_AND_SIM: 'importDeviceAndSim', FACTORY_DEVICE: 'importFactoryDevice' } as const;

const STATUS_OPTIONS: Record<string, number[]> = {
  importDeviceStatus: [0, 1, 2, 3],
  simStatus: [0, 1, 2],
};

/** One record entered by hand (POST /import/sim, /device, /deviceAndSim, /factoryDevice), checked like the CSV lines. */
export function RecordForm({ kind }: { kind: RecordKind }) {
  const { t } = useTranslation();
  const columns = IMPORT_COLUMNS[kind];
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const types = useDeviceTypes();
  const deployments = useDeployments();
  const save = useMutation({
    mutationFn: (body: unknown) => apiCall(ROUTE[kind], { body: body as never, toast: false }),
  });

  const set = (name: string, v: string) => setValues((prev) => ({ ...prev, [name]: v }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const body: Record<string, unknown> = {};
    for (const c of columns) {
      const v = (values[c.name] ?? '').trim();
      if (c.rule === 'bool') body[c.name] = v === 'true';
      else if (v !== '') body[c.name] = v;
    }
    const parsed = SCHEMA[kind].safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const i of parsed.error.issues) {
        const name = String(i.path[0]);
        // a required field left empty is absent from the body: say so rather than zod's type message
        const fe = body[name] === undefined ? { code: 'required' as const, params: { field: name } } : issueFieldError(i, name);
        out[name] ??= reasonLabel(t, fe.code, fe.params);
      }
      setErrors(out);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: ({ id }) => {
        successToast(t('imports.record.saved', { id }));
        setValues({});
      },
      onError: (err) => {
        const e = err as ApiError;
        // field messages arrive in the UI language (the api client says them from their codes)
        setErrors(e.fieldErrors());
        // §8: the factory device import reads the first entry of the errors list
        serverErrorToast(kind === 'FACTORY_DEVICE' ? e.firstMessage : e.messages);
      },
    });
  }

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
    <form className="import-record" onSubmit={submit} noValidate aria-label={t('imports.record.title')}>
      <div className="form-grid">{columns.map((c) => <Fragment key={c.name}>{field(c)}</Fragment>)}</div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? t('common.pleaseWait') : t('imports.record.submit')}
        </button>
      </div>
    </form>
  );
}
