import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ErrorCode, loginRequest, tokenRequest } from '@tracker/contract';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { reasonLabel } from '../../../lib/reasons';
import { isExpired, useSession } from '../../../lib/session';
import { successToast } from '../../../lib/toast';
import { useLoginMutation } from '../api/login';
import { useTokenMutation } from '../api/token';
import { ChangePasswordDialog } from '../components/ChangePasswordDialog';
import { CodeStep } from '../components/CodeStep';
import { CredentialsStep } from '../components/CredentialsStep';

type Step = { kind: 'credentials' } | { kind: 'code'; enrollment?: { otpauthUri: string; secret: string } | undefined };

export const HOME_PATH = '/dashboard/search';

/** Where to go after signing in: back to the page that sent us here, or the dashboard. */
function target(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return HOME_PATH;
  return `${from.pathname}${from.search ?? ''}`;
}

/** §2 /login: credentials, then the code; a required password change opens the dialog instead (§4). */
export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [changeOpen, setChangeOpen] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const login = useLoginMutation();
  const token = useTokenMutation();
  // §8 login errors: a refusal is said in the form (`errors._` above it, field errors at their fields), never toasted
  const credentials = useContractForm(loginRequest, {
    initial: { username: '', password: '' },
    message: (_field, e) => (e.code === 'required' ? t('auth.login.required') : reasonLabel(t, e.code, e.params)),
    toast: false,
  });
  const code = useContractForm(tokenRequest, {
    initial: { code: '' },
    body: (v) => ({ ...credentials.values, code: v.code }),
    message: (field, e) => (field === 'code' ? t('auth.code.format') : reasonLabel(t, e.code, e.params)),
    toast: false,
  });
  const username = credentials.values.username.trim();

  if (session && !isExpired(session)) return <Navigate to={target(location.state)} replace />;

  const submitCredentials = credentials.submit(async (body) => {
    const r = await login.mutateAsync(body);
    if (r.passwordChangeRequired) {
      setChangeOpen(true);
      return;
    }
    code.reset();
    setStep({ kind: 'code', enrollment: r.enrollment });
  });

  // §9: the language stays what this browser shows (stored choice, then browser language, then en); the
  // account's preferedLanguage is kept in the session but does not switch the page under the user
  const submitCode = async () => {
    const sent = await code.submit(async (body) => {
      try {
        await token.mutateAsync(body);
      } catch (e) {
        if (e instanceof ApiError && e.code === ErrorCode.PasswordChangeRequired) {
          setStep({ kind: 'credentials' });
          setChangeOpen(true);
          return;
        }
        code.setValues({ code: '' });
        throw e;
      }
    })();
    if (!sent) codeRef.current?.focus();
  };

  function back() {
    code.reset();
    credentials.setErrors({});
    setStep({ kind: 'credentials' });
  }

  function passwordChanged() {
    setChangeOpen(false);
    credentials.reset({ username: credentials.values.username, password: '' });
    setStep({ kind: 'credentials' });
    successToast(t('auth.changePassword.done'));
    // the dialog returns focus to its opener; then move it to where the new password goes
    setTimeout(() => passwordRef.current?.focus(), 0);
  }

  const error = (step.kind === 'credentials' ? credentials : code).errors._;

  return (
    <div className="card card--narrow">
      <PageTitle text={t('auth.login.title')}>{t('auth.login.title')}</PageTitle>
      {error ? (
        <div className="alert alert--error" role="alert" data-testid="login-error">
          {error}
        </div>
      ) : null}
      {step.kind === 'credentials' ? (
        <CredentialsStep
          form={credentials}
          onSubmit={submitCredentials}
          pending={login.isPending}
          passwordRef={passwordRef}
        />
      ) : (
        <CodeStep
          username={username}
          form={code}
          onSubmit={submitCode}
          onBack={back}
          pending={token.isPending}
          enrollment={step.enrollment}
          codeRef={codeRef}
        />
      )}
      <ChangePasswordDialog
        open={changeOpen}
        username={username}
        current={credentials.values.password}
        onClose={() => setChangeOpen(false)}
        onChanged={passwordChanged}
      />
    </div>
  );
}
