import { Module } from '@nestjs/common';
import { TrafficController } from './traffic.controller.js';
import { TrafficRepository } from './traffic.repository.js';
import { TrafficService } from './traffic.service.js';
import { WhitelistController } from './whitelist.controller.js';
import { WhitelistRepository } from './whitelist.repository.js';
import { WhitelistService } from './whitelist.service.js';

/**
 * SMS traffic (search, counters, exports) and the carrier whitelist (docs/sms-traffic.md): api only; it reads what
 * the SMS pipeline writes and needs nothing of it.
 */
@Module({
  controllers: [TrafficController, WhitelistController],
  providers: [TrafficRepository, TrafficService, WhitelistRepository, WhitelistService],
})
export class TrafficModule {}
