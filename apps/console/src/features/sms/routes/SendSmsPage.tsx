import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { CampaignDevices } from '../components/CampaignDevices';
import { CampaignList } from '../components/CampaignList';
import { CampaignProgress } from '../../../components/CampaignProgress';
import { SendSmsForm } from '../components/SendSmsForm';
import '../sms.css';

/** §2 /admin/sendSMS (area sms): send one command to many devices of a type, follow the campaign, see the latest. */
export function SendSmsPage() {
  const { t } = useTranslation();
  const title = t('sms.send.title');
  const [bulkId, setBulkId] = useState<string | null>(null);
  return (
    <div className="page page--sms">
      <PageTitle text={title}>{title}</PageTitle>
      <div className="sms-layout">
        <section className="card">
          <SendSmsForm onSent={(c) => setBulkId(c.bulk_id)} />
        </section>
        {bulkId ? <CampaignProgress key={bulkId} bulkId={bulkId} /> : null}
      </div>
      {bulkId ? <CampaignDevices key={bulkId} bulkId={bulkId} /> : null}
      <CampaignList onOpen={setBulkId} />
    </div>
  );
}
