import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess } from '@tracker/contract';
import { HelpTip } from '../../../components/HelpTip';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useTimeZone } from '../../../lib/time-zone';
import { Facts } from '../../../components/Facts';
import { useOwnerDetails } from '../api/owner';
import { ExternalIdForm } from '../components/ExternalIdForm';
import { OwnerDevices } from '../components/OwnerDevices';
import { PasswordChange } from '../components/PasswordChange';
import { ProfileForm } from '../components/ProfileForm';
import { RemoveOwner } from '../components/RemoveOwner';
import type { OwnerTabProps } from '../owner-tabs';

/** /owner/{id}/profile (§2): details, white label and devices, the editor, external id and the removal modals. */
export function ProfileTab({ id }: OwnerTabProps) {
  const { t } = useTranslation();
  const tz = useTimeZone();
  const q = useOwnerDetails(id);
  // §6: role 9 sees the profile read-only (area ownerEdit): no editor, external id form or removal
  const mayEdit = canAccess(useSession()!.role, 'ownerEdit');
  const o = q.data;
  const yesNo = (v: boolean) => t(v ? 'ownerWs.yes' : 'ownerWs.no');
  // §2 tooltips: the stored help text of owner.profile.<key>, else the console's own text
  const tip = (label: string, key: string): ReactNode => (
    <>
      {label}
      <HelpTip path={`owner.profile.${key}`} fallback={t(`ownerWs.help.${key}`)} />
    </>
  );
  return (
    <QueryState query={q}>
      {o ? (
        <div className="owner-profile tab-sections">
          <h2>{t('ownerWs.profile.details')}</h2>
          <Facts
            testId="owner-facts"
            rows={[
              [t('ownerWs.profile.email'), o.userData.email],
              [t('ownerWs.profile.whiteLabel'), o.userData.white_label_name],
              [tip(t('ownerWs.profile.status'), 'status'), t(o.userData.enabled ? 'ownerWs.profile.enabled' : 'ownerWs.profile.disabled')],
              [tip(t('ownerWs.profile.field.is_test'), 'test_user'), yesNo(o.userData.is_test)],
              [tip(t('ownerWs.profile.field.language_override'), 'language_override'), yesNo(o.userData.language_override)],
              [tip(t('ownerWs.profile.apn'), 'apn'), o.userData.apn_token],
              [tip(t('ownerWs.profile.gcm'), 'gcm'), o.userData.gcm_token],
              [t('ownerWs.profile.created'), formatDateTime(o.userData.created, tz)],
              [t('ownerWs.profile.lastLogin'), o.userData.last_login_at ? formatDateTime(o.userData.last_login_at, tz) : null],
            ]}
          />
          <h2>{t('ownerWs.profile.devices')}</h2>
          <OwnerDevices devices={o.devices} />
          {mayEdit ? (
            <>
              <h2>{t('ownerWs.profile.edit')}</h2>
              <ProfileForm key={o.userData.id} id={id} owner={o} />
              <ExternalIdForm id={id} value={o.external_id} />
            </>
          ) : (
            <Facts testId="owner-external-id" rows={[[t('ownerWs.profile.externalId'), o.external_id]]} />
          )}
          <h2>{t('ownerWs.password.title')}</h2>
          <PasswordChange id={id} email={o.userData.email} whiteLabelId={o.userData.white_label_vendor_id} />
          {mayEdit ? (
            <>
              <h2>{t('ownerWs.remove.title')}</h2>
              <RemoveOwner id={id} email={o.userData.email} deviceCount={o.devices.length} />
            </>
          ) : null}
        </div>
      ) : null}
    </QueryState>
  );
}
