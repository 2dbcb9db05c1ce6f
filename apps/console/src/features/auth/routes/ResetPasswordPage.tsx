import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorCode, errorMessage } from '@tracker/contract';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { localErrorToast, serverErrorToast, successToast } from '../../../lib/toast';
import { useResetLink, useResetPasswordMutation } from '../api/reset-password';
import { NewPasswordFields, useNewPassword } from '../components/NewPassword';

/** §2 /{reset-prefix}/forgotpassword/{uuid}: the link is checked first; an invalid one shows the server's message. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const link = useResetLink(uuid);
  const reset = useResetPasswordMutation();
  const fields = useNewPassword();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = fields.check();
    if (problem) {
      // §5: the reset page words the mismatch its own way
      localErrorToast(problem === ErrorCode.PasswordMismatch ? t('auth.reset.mismatch') : errorMessage(problem, currentLanguage()));
      return;
    }
    try {
      await reset.mutateAsync({ uuid, password: fields.password, repeat: fields.repeat });
    } catch (err) {
      serverErrorToast(err instanceof ApiError ? err.firstMessage : t('errors.network'));
      return;
    }
    successToast(t('auth.reset.done'));
    navigate('/login', { replace: true });
  }

  return (
    <div className="card card--narrow">
      <PageTitle text={t('auth.reset.title')}>{t('auth.reset.title')}</PageTitle>
      {link.isPending ? (
        <div className="card__loading">
          <Spinner />
        </div>
      ) : link.isError ? (
        <>
          <div className="alert alert--error" role="alert" data-testid="reset-link-error">
            {link.error instanceof ApiError ? link.error.message : t('errors.network')}
          </div>
          <p>
            <Link to="/login">{t('auth.reset.toLogin')}</Link>
          </p>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="muted">{t('auth.reset.forUser', { username: link.data.username })}</p>
          <input type="text" name="username" autoComplete="username" value={link.data.username} readOnly hidden />
          <NewPasswordFields state={fields} newLabel={t('auth.reset.new')} repeatLabel={t('auth.reset.repeat')} />
          <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending}>
            {t('auth.reset.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
