import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { useRoleRefresh } from '../features/auth/api/get-role';
import { useLogoutMutation } from '../features/auth/api/logout';
import { TimeZoneButton } from '../features/timezone/components/TimeZoneButton';
import { useSession } from '../lib/session';
import { MainMenu } from './MainMenu';

/** Signed-in pages: header with the menu, time zone, language, the user and logout. */
export function MainLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const logout = useLogoutMutation();
  useRoleRefresh();
  if (!session) return null;

  async function signOut() {
    await logout.mutateAsync();
    navigate('/login', { replace: true });
  }

  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <header className="topbar">
        <div className="topbar__row">
          <Link to="/dashboard/search" className="topbar__brand">
            {t('app.name')}
          </Link>
          <div className="topbar__tools">
            <TimeZoneButton />
            <LanguageSwitch />
            <span className="topbar__user" data-testid="current-user">
              <span className="topbar__username">{session.username}</span>
              <span className="topbar__role" data-testid="current-role">
                {t(`roles.${session.role}`)}
              </span>
            </span>
            <button type="button" className="btn btn--ghost" onClick={() => void signOut()} disabled={logout.isPending}>
              {t('auth.logout')}
            </button>
          </div>
        </div>
        <div className="topbar__menu">
          <MainMenu role={session.role} whiteLabels={session.white_labels} />
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
