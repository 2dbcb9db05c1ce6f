import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ROUTES, type OwnerQuery, type VoiceAudioQuery, type VoiceQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { sendAsAttachment, sendLogFile } from '../core/exports/index.js';
import { OwnerExtrasService } from './owner-extras.service.js';

@Controller()
export class OwnerExtrasController {
  constructor(private readonly extras: OwnerExtrasService) {}

  @Endpoint(ROUTES.userGuests)
  async guests(@Session() s: SessionUser, @Input('query') q: OwnerQuery) {
    return { model: await this.extras.guests(s, q.user_id) };
  }

  @Endpoint(ROUTES.userInvites)
  async invites(@Session() s: SessionUser, @Input('query') q: OwnerQuery) {
    return { model: await this.extras.invites(s, q.user_id) };
  }

  @Endpoint(ROUTES.userVoips)
  async voips(@Session() s: SessionUser, @Input('query') q: OwnerQuery) {
    return { model: await this.extras.voices(s, q.user_id) };
  }

  @Endpoint(ROUTES.userVoipDetails)
  async voipDetails(@Session() s: SessionUser, @Input('query') q: VoiceQuery) {
    return { model: await this.extras.voice(s, q.user_id, q.voip_id) };
  }

  /** The audio itself (for the console's player, as a blob, and the download); not JSON. */
  @Endpoint(ROUTES.userVoipAudio)
  async voipAudio(@Session() s: SessionUser, @Input('query') q: VoiceAudioQuery, @Res() res: Response) {
    const a = await this.extras.voiceAudio(s, q.user_id, q.voip_id);
    if (q.download === 'true') sendAsAttachment(res, a.name, a.type);
    else res.status(200).type(a.type);
    res.send(a.content);
  }

  @Endpoint(ROUTES.logsApp)
  async appLogs(@Session() s: SessionUser, @Input('query') q: OwnerQuery) {
    return { model: await this.extras.appLogs(s, q.user_id) };
  }

  /** Answers itself (text or a download), so the response is not JSON-checked by the interceptor. */
  @Endpoint(ROUTES.logsAppFile)
  async appLogFile(@Session() s: SessionUser, @Input('query') q: { name: string; download?: 'true' | 'false' }, @Res() res: Response) {
    sendLogFile(res, await this.extras.appLogFile(s, q.name), q.download === 'true');
  }
}
