import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  EXPORT_HASH_TTL_SECONDS,
  fieldError,
  type CampaignCsvQuery,
  type CampaignDeviceItem,
  type CampaignDeviceState,
  type CampaignDevicesPage,
  type CampaignDevicesQuery,
  type CampaignOutcome,
} from '@tracker/contract';
import { DomainError } from '../../core/errors.js';
import { ExportStore, type ExportTicket } from '../../core/exports/index.js';
import type { SessionUser } from '../../access/session-user.js';
import { typeAllowed } from '../../device-workspace/device-scope.service.js';
import { errorOf } from '../sms-reason.js';
import { CampaignOutcomesRepository, type CampaignOutcomeRow } from './campaign-outcomes.repository.js';

/** What a campaign CSV hash stands for (kept by the ExportStore with its owner and expiry). */
export type CampaignExportParams = { bulk_id: string; state: CampaignDeviceState };
const EXPORT_KIND = 'sms_campaign';

const item = ({ error_code, error_params, outcome, ...r }: CampaignOutcomeRow): CampaignDeviceItem => ({
  ...r,
  outcome: outcome as CampaignOutcome,
  ...errorOf(error_code, error_params),
});

/**
 * A campaign's outcome per device (docs/sms.md "Outcomes"): the list and its CSV. The campaign is checked as the
 * campaign routes check it (GET /sms/campaign): unknown, 404 naming bulk_id; of a device type the user may not see
 * (a partner, a user limited to some types), 403.
 */
@Injectable()
export class CampaignOutcomesService {
  constructor(
    private readonly repo: CampaignOutcomesRepository,
    private readonly store: ExportStore,
  ) {}

  private async campaign(s: SessionUser, bulkId: string): Promise<void> {
    const type = await this.repo.campaignType(bulkId);
    if (type === undefined) throw new DomainError(ErrorCode.NotFound, [fieldError('bulk_id', 'smsUnknownCampaign')]);
    if (type !== null && !typeAllowed(s, type)) throw new DomainError(ErrorCode.Forbidden);
  }

  async devices(s: SessionUser, q: CampaignDevicesQuery): Promise<CampaignDevicesPage> {
    await this.campaign(s, q.bulk_id);
    const { rows, total } = await this.repo.page(q.bulk_id, q.state, q.count, q.page * q.count);
    return { items: rows.map(item), total_pages: Math.ceil(total / q.count), more: false, page: q.page, total };
  }

  async generate(s: SessionUser, q: CampaignCsvQuery): Promise<ExportTicket> {
    await this.campaign(s, q.bulk_id);
    return this.store.create(s.userId, EXPORT_KIND, { bulk_id: q.bulk_id, state: q.state } satisfies CampaignExportParams, EXPORT_HASH_TTL_SECONDS);
  }

  /** The campaign and state behind a hash (404 when expired, unknown or another user's), checked again for the user. */
  async resolve(s: SessionUser, hash: string): Promise<CampaignExportParams & { name: string }> {
    const p = await this.store.resolve<CampaignExportParams>(s.userId, EXPORT_KIND, hash);
    await this.campaign(s, p.bulk_id);
    return { ...p, name: `sms_campaign_${p.bulk_id.slice(0, 8)}_${p.state}.csv` };
  }

  stream(p: CampaignExportParams, out: Writable): Promise<void> {
    return this.repo.stream(p.bulk_id, p.state, out);
  }
}
