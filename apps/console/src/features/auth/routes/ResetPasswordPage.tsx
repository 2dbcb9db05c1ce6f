import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { resetPasswordRequest } from '@tracker/contract';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { serverErrorToast, successToast } from '../../../lib/toast';
import { useResetLink, useResetPasswordMutation } from '../api/reset-password';
import { newPasswordCheck, NewPasswordFields, NO_NEW_PASSWORD, type NewPasswordValues } from '../components/NewPassword';

/** §2 /{reset-prefix}/forgotpassword/{uuid}: the link is checked first; an invalid one shows the server's message. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const link = useResetLink(uuid);
  const reset = useResetPasswordMutation();
  const form = useContractForm<NewPasswordValues, typeof resetPasswordRequest>(resetPasswordRequest, {
    initial: NO_NEW_PASSWORD,
    body: (v) => ({ uuid, ...v }),
    // §5: the reset page words the mismatch its own way
    check: newPasswordCheck(t('auth.reset.mismatch')),
    // §8: a reset failure toasts the first error message of the response (below), not the list
    toast: false,
  });

  const submit = form.submit(async (body) => {
    try {
      await reset.mutateAsync(body);
    } catch (err) {
      serverErrorToast(err instanceof ApiError ? err.firstMessage : t('errors.network'));
      throw err;
    }
    successToast(t('auth.reset.done'));
    navigate('/login', { replace: true });
  });

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
          <NewPasswordFields form={form} newLabel={t('auth.reset.new')} repeatLabel={t('auth.reset.repeat')} />
          <button type="submit" className="btn btn--primary btn--block" disabled={form.pending}>
            {t('auth.reset.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
