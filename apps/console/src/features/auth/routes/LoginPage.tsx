import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ErrorCode } from '@tracker/contract';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api-client';
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
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [changeOpen, setChangeOpen] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const login = useLoginMutation();
  const token = useTokenMutation();

  if (session && !isExpired(session)) return <Navigate to={target(location.state)} replace />;

  function messageOf(e: unknown): string {
    return e instanceof ApiError ? e.message : t('errors.network');
  }

  async function submitCredentials() {
    const name = username.trim();
    if (!name || !password) {
      setError(t('auth.login.required'));
      return;
    }
    setError(null);
    try {
      const r = await login.mutateAsync({ username: name, password });
      if (r.passwordChangeRequired) {
        setChangeOpen(true);
        return;
      }
      setCode('');
      setStep({ kind: 'code', enrollment: r.enrollment });
    } catch (e) {
      setError(messageOf(e));
    }
  }

  async function submitCode() {
    if (!/^\d{6}$/.test(code)) {
      setError(t('auth.code.format'));
      codeRef.current?.focus();
      return;
    }
    setError(null);
    try {
      // §9: the language stays what this browser shows (stored choice, then browser language, then en); the
      // account's preferedLanguage is kept in the session but does not switch the page under the user
      await token.mutateAsync({ username: username.trim(), password, code });
    } catch (e) {
      if (e instanceof ApiError && e.code === ErrorCode.PasswordChangeRequired) {
        setStep({ kind: 'credentials' });
        setChangeOpen(true);
        return;
      }
      setError(messageOf(e));
      setCode('');
      codeRef.current?.focus();
    }
  }

  function back() {
    setError(null);
    setCode('');
    setStep({ kind: 'credentials' });
  }

  function passwordChanged() {
    setChangeOpen(false);
    setPassword('');
    setError(null);
    setStep({ kind: 'credentials' });
    successToast(t('auth.changePassword.done'));
    // the dialog returns focus to its opener; then move it to where the new password goes
    setTimeout(() => passwordRef.current?.focus(), 0);
  }

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
          username={username}
          password={password}
          onUsername={setUsername}
          onPassword={setPassword}
          onSubmit={submitCredentials}
          pending={login.isPending}
          passwordRef={passwordRef}
        />
      ) : (
        <CodeStep
          username={username.trim()}
          code={code}
          onCode={setCode}
          onSubmit={submitCode}
          onBack={back}
          pending={token.isPending}
          enrollment={step.enrollment}
          codeRef={codeRef}
        />
      )}
      <ChangePasswordDialog
        open={changeOpen}
        username={username.trim()}
        current={password}
        onClose={() => setChangeOpen(false)}
        onChanged={passwordChanged}
      />
    </div>
  );
}
