import { lazy, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { WorkspaceTabs } from '../../../components/WorkspaceTabs';
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
  const base = `/owner/${ownerId}`;
  // the owner's name once the details are in (a support agent has the parent on the phone), else the id
  const user = details.data?.userData;
  const name = [user?.first_name, user?.last_name].filter((s) => s && s.trim()).join(' ');
  const title = name ? t('owner.titleNamed', { name }) : t('owner.title', { id: ownerId });
  return (
    <WorkspaceTabs
      base={base}
      label={t('owner.tabs.label')}
      header={
        <>
          <PageTitle text={title}>{title}</PageTitle>
          <p className="owner-email">
            <span data-testid="owner-email">{user?.email ?? '\u00a0'}</span>
            {name ? <span className="owner-id"> · {t('owner.title', { id: ownerId })}</span> : null}
          </p>
        </>
      }
      index={{ view: <Navigate to={`${base}/profile`} state={location.state} replace /> }}
      tabs={OWNER_TABS.map((tab) => {
        const View = TAB_VIEWS[tab.key];
        return { path: tab.path, area: tab.area, text: t(`owner.tabs.${tab.key}`), view: <View id={ownerId} /> };
      })}
      unknown={t('owner.tabs.unknown')}
    />
  );
}
