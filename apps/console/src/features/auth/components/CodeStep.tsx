import { useTranslation } from 'react-i18next';
import type { Ref } from 'react';
import { TextField } from '../../../components/Field';
import type { FormErrors } from '../../../lib/contract-form';
import { StepForm } from './StepForm';
import { EnrollmentQr } from './EnrollmentQr';

type Props = {
  username: string;
  /** the step's `useContractForm` (POST /token's schema) */
  form: { values: { code: string }; errors: FormErrors; set: (field: 'code', value: string) => void };
  onSubmit: () => void;
  onBack: () => void;
  pending: boolean;
  enrollment?: { otpauthUri: string; secret: string } | undefined;
  codeRef?: Ref<HTMLInputElement>;
};

export function CodeStep({ username, form, onSubmit, onBack, pending, enrollment, codeRef }: Props) {
  const { t } = useTranslation();
  return (
    <StepForm title={t('auth.code.title')} onSubmit={onSubmit}>
      <p className="muted">{t('auth.code.signingInAs', { username })}</p>
      {enrollment ? <EnrollmentQr otpauthUri={enrollment.otpauthUri} secret={enrollment.secret} username={username} /> : null}
      <TextField
        ref={codeRef}
        label={t('auth.code.label')}
        hint={enrollment ? undefined : t('auth.code.hint')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        value={form.values.code}
        error={form.errors.code}
        onChange={(e) => form.set('code', e.target.value.replace(/\D+/g, '').slice(0, 6))}
        className="field--code"
        autoFocus
      />
      <div className="form-actions">
        <button type="button" className="btn" onClick={onBack}>
          {t('common.back')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? t('common.pleaseWait') : t('auth.code.submit')}
        </button>
      </div>
    </StepForm>
  );
}
