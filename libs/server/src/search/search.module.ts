import { Module } from '@nestjs/common';
import { SearchController } from './search.controller.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';

/** The dashboard search (§2 Dashboard, §7 GET /device/search; the console's features/search): SQL in the repository, rules in the service. */
@Module({
  controllers: [SearchController],
  providers: [SearchService, SearchRepository],
})
export class SearchModule {}
