import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@tracker/contract';
import { DomainError } from '../core/errors.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerExtrasRepository } from './owner-extras.repository.js';
import { OwnerScopeService } from './owner-scope.service.js';

/** Guests, invites, voice messages and app logs (§2 /guests, /voices, /app_logs; docs/owner-workspace.md). */
@Injectable()
export class OwnerExtrasService {
  constructor(
    private readonly repo: OwnerExtrasRepository,
    private readonly scope: OwnerScopeService,
  ) {}

  async guests(s: SessionUser, id: number) {
    const o = await this.scope.owner(s, id);
    return this.repo.guests(o.id);
  }

  async invites(s: SessionUser, id: number) {
    const o = await this.scope.owner(s, id);
    return this.repo.invites(o.id, o.email);
  }

  async voices(s: SessionUser, id: number) {
    const o = await this.scope.owner(s, id);
    return this.repo.voices(o.id, o.types);
  }

  async voice(s: SessionUser, id: number, voiceId: number) {
    const o = await this.scope.owner(s, id);
    const v = await this.repo.voice(o.id, voiceId, o.types);
    if (!v) throw new DomainError(ErrorCode.NotFound);
    return v;
  }

  async voiceAudio(s: SessionUser, id: number, voiceId: number) {
    const o = await this.scope.owner(s, id);
    const v = await this.repo.voiceAudio(o.id, voiceId, o.types);
    if (!v) throw new DomainError(ErrorCode.NotFound);
    return { name: v.file_name, type: v.content_type, content: v.content ?? Buffer.alloc(0) };
  }

  async appLogs(s: SessionUser, id: number) {
    const o = await this.scope.owner(s, id);
    return this.repo.appLogs(o.id);
  }

  /** A log file by name: the owner it belongs to must be in the caller's scope (404 for an unknown name). */
  async appLogFile(s: SessionUser, name: string) {
    const f = await this.repo.appLogFile(name);
    if (!f) throw new DomainError(ErrorCode.NotFound);
    await this.scope.owner(s, f.user_id);
    return { name: f.file_name, content: f.content ?? Buffer.alloc(0) };
  }
}
