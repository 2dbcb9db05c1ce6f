import { Controller, Injectable, Module } from '@nestjs/common';
import { ROUTES, type HelpTextSaveRequest } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { AuditService } from '../core/audit.service.js';
import { HelpTextRepository } from './help-text.repository.js';

/** Help texts of the tooltips (docs/owner-workspace.md "Help texts"): read by every session, set by role 1. */
@Injectable()
export class HelpTextService {
  constructor(
    private readonly repo: HelpTextRepository,
    private readonly audit: AuditService,
  ) {}

  list(prefix: string, language: string) {
    return this.repo.list(prefix, language);
  }

  async save(s: SessionUser, localePath: string, body: HelpTextSaveRequest) {
    // audited with the text before and after (an administration save, docs/administration.md "Audit")
    await this.repo.transaction(async (tx) => {
      const before = await this.repo.forUpdate(tx, localePath, body.language);
      if (body.translateText === '') await this.repo.remove(tx, localePath, body.language);
      else await this.repo.set(tx, localePath, body.language, body.translateText, s.userId);
      const after = body.translateText === '' ? null : { text: body.translateText };
      await this.audit.recordChange(tx, { entity: 'help_text', entityId: `${localePath}:${body.language}`, before, after });
    });
    return { ok: true as const };
  }
}

@Controller()
export class HelpTextController {
  constructor(private readonly texts: HelpTextService) {}

  @Endpoint(ROUTES.helpTexts)
  async list(@Input('query') q: { prefix: string; language: string }) {
    return { model: await this.texts.list(q.prefix, q.language) };
  }

  @Endpoint(ROUTES.helpTextSave)
  async save(@Session() s: SessionUser, @Input('query') q: { localePath: string }, @Input('body') body: HelpTextSaveRequest) {
    return { model: await this.texts.save(s, q.localePath, body) };
  }
}

@Module({ controllers: [HelpTextController], providers: [HelpTextService, HelpTextRepository] })
export class HelpTextsModule {}
