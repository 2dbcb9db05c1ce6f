import { Module } from '@nestjs/common';
import { SmsTrafficController } from './sms-traffic.controller.js';
import { SmsTrafficRepository } from './sms-traffic.repository.js';
import { SmsTrafficService } from './sms-traffic.service.js';
import { WhitelistController } from './whitelist.controller.js';
import { WhitelistRepository } from './whitelist.repository.js';
import { WhitelistService } from './whitelist.service.js';

/**
 * SMS traffic (search, counters, exports) and the carrier whitelist (docs/sms-traffic.md): api only; it reads what
 * the SMS pipeline writes and needs nothing of it.
 */
@Module({
  controllers: [SmsTrafficController, WhitelistController],
  providers: [SmsTrafficRepository, SmsTrafficService, WhitelistRepository, WhitelistService],
})
export class SmsTrafficModule {}
