import { Controller } from '@nestjs/common';
import { ROUTES, type AlarmAckBody, type TimelineQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { DeviceTimelineService } from './device-timeline.service.js';

/** The device timeline (beyond §7; docs/device-workspace.md "Timeline") and the acknowledgement of an alarm. */
@Controller()
export class DeviceTimelineController {
  constructor(private readonly timeline: DeviceTimelineService) {}

  @Endpoint(ROUTES.deviceTimeline)
  async page(@Session() s: SessionUser, @Input('query') q: TimelineQuery) {
    return { model: await this.timeline.page(s, q) };
  }

  @Endpoint(ROUTES.deviceAlarmAck)
  async ack(@Session() s: SessionUser, @Input('body') b: AlarmAckBody) {
    return { model: await this.timeline.acknowledge(s, b.device_id, b.id) };
  }
}
