import { Controller } from '@nestjs/common';
import { ROUTES, type GsmSearchQuery, type WhitelistNumberBody } from '@tracker/contract';
import { Endpoint, Input } from '../access/endpoint.decorator.js';
import { WhitelistService } from './whitelist.service.js';

/** §2 /carrier-whitelist/search: the search and the add/edit modal's save. */
@Controller()
export class WhitelistController {
  constructor(private readonly whitelist: WhitelistService) {}

  @Endpoint(ROUTES.gsmSearch)
  async search(@Input('query') q: GsmSearchQuery) {
    return { model: await this.whitelist.search(q) };
  }

  @Endpoint(ROUTES.updateWhiteListNumber)
  async save(@Input('body') b: WhitelistNumberBody) {
    return { model: await this.whitelist.save(b) };
  }
}
