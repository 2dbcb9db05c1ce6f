import { Controller } from '@nestjs/common';
import { ROUTES, type ConsoleConfig } from '@tracker/contract';
import { Endpoint } from '../access/endpoint.decorator.js';
import { AppConfig } from '../core/config.js';

/** GET /console/config: the deployment's settings the console needs (the map's tile server). */
@Controller()
export class ConsoleConfigController {
  constructor(private readonly config: AppConfig) {}

  @Endpoint(ROUTES.consoleConfig)
  get(): { model: ConsoleConfig } {
    return { model: { mapTileUrl: this.config.get('MAP_TILE_URL'), mapAttribution: this.config.get('MAP_ATTRIBUTION') } };
  }
}
