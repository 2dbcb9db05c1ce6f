import { Module } from '@nestjs/common';
import { CampaignOutcomesController } from './campaign-outcomes.controller.js';
import { CampaignOutcomesRepository } from './campaign-outcomes.repository.js';
import { CampaignOutcomesService } from './campaign-outcomes.service.js';

/**
 * A campaign's outcome per device and its CSV (docs/sms.md "Outcomes"): api only; it reads what the SMS pipeline and
 * the command ledger write (sms_message, command_refusal) and needs nothing of them.
 */
@Module({
  controllers: [CampaignOutcomesController],
  providers: [CampaignOutcomesRepository, CampaignOutcomesService],
})
export class SmsOutcomesModule {}
