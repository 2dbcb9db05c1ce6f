import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { canAccess, type Area } from '@tracker/contract';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { useSession } from '../../../lib/session';
import { useOwnerDetails } from '../api/owner';
import { OWNER_TABS, type OwnerTabKey, type OwnerTabProps } from '../owner-tabs';

/** A tab's component from its own file, fetched when the tab is first opened (each tab is its own chunk). */
function lazyTab<M extends Record<K, ComponentType<OwnerTabProps>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** What each tab of OWNER_TABS shows, declared once so a tab's path, area and component cannot drift apart. */
const TAB_VIEWS: Record<OwnerTabKey, ComponentType<OwnerTabProps>> = {
  profile: lazyTab(() => import('../tabs/ProfileTab'), 'ProfileTab'),
  contacts: lazyTab(() => import('../tabs/ContactsTab'), 'ContactsTab'),
  safeZones: lazyTab(() => import('../tabs/SafeZonesTab'), 'SafeZonesTab'),
  addDevice: lazyTab(() => import('../tabs/AddDeviceTab'), 'AddDeviceTab'),
  guests: lazyTab(() => import('../tabs/GuestsTab'), 'GuestsTab'),
  voices: lazyTab(() => import('../tabs/VoicesTab'), 'VoicesTab'),
  appLogs: lazyTab(() => import('../tabs/AppLogsTab'), 'AppLogsTab'),
  addWifi: lazyTab(() => import('../tabs/AddWifiTab'), 'AddWifiTab'),
};

function Forbidden() {
  const { t } = useTranslation();
  return (
    <p className="forbidden" role="alert" data-testid="forbidden">
      {t('access.forbidden')}
    </p>
  );
}

function TabGuard({ area, children }: { area: Area; children: ReactNode }) {
  const session = useSession();
  if (!session) return null;
  return canAccess(session.role, area) ? <>{children}</> : <Forbidden />;
}

/**
 * /owner/:id/* — the owner workspace (§2 Owner): the title, the tabs the role may open and the open tab, each tab
 * lazily loaded from `tabs/<Name>Tab.tsx` and guarded by its §6 area. `/owner/{id}` goes to profile; an id that is
 * not a positive integer, and a failed load of the owner's details, go to the dashboard search (§8 "Owner load failure").
 */
export function OwnerPage() {
  const { id = '' } = useParams();
  const ownerId = Number(id);
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(ownerId) || ownerId <= 0) return <Navigate to="/dashboard/search" replace />;
  return <OwnerWorkspace ownerId={ownerId} />;
}

function OwnerWorkspace({ ownerId }: { ownerId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const details = useOwnerDetails(ownerId);
  // §8 "Owner load failure: goes to the dashboard search" (unknown owner, another partner's owner, any failure)
  useEffect(() => {
    if (details.isError) navigate('/dashboard/search', { replace: true });
  }, [details.isError, navigate]);
  if (!session) return null;
  const from = (location.state as { from?: string } | null)?.from ?? '';
  const base = `/owner/${ownerId}`;
  // the owner's name once the details are in (a support agent has the parent on the phone), else the id
  const user = details.data?.userData;
  const name = [user?.first_name, user?.last_name].filter((s) => s && s.trim()).join(' ');
  const title = name ? t('owner.titleNamed', { name }) : t('owner.title', { id: ownerId });
  const tabs = OWNER_TABS.filter((tab) => canAccess(session.role, tab.area));
  return (
    <div className="page dw">
      <p className="back-link">
        <Link to={`/dashboard/search${from}`}>{t('common.backToSearch')}</Link>
      </p>
      <PageTitle text={title}>{title}</PageTitle>
      <p className="owner-email">
        <span data-testid="owner-email">{user?.email ?? '\u00a0'}</span>
        {name ? <span className="owner-id"> · {t('owner.title', { id: ownerId })}</span> : null}
      </p>
      <nav className="dw-tabs" aria-label={t('owner.tabs.label')}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab.path}>
              <NavLink to={`${base}/${tab.path}`} state={location.state} className="dw-tabs__link">
                {t(`owner.tabs.${tab.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="dw-body">
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route index element={<Navigate to={`${base}/profile`} state={location.state} replace />} />
            {OWNER_TABS.map((tab) => {
              const View = TAB_VIEWS[tab.key];
              return (
                <Route
                  key={tab.path}
                  path={tab.path}
                  element={
                    <TabGuard area={tab.area}>
                      <View id={ownerId} />
                    </TabGuard>
                  }
                />
              );
            })}
            <Route path="*" element={<p role="alert">{t('owner.tabs.unknown')}</p>} />
          </Routes>
        </Suspense>
      </section>
    </div>
  );
}
