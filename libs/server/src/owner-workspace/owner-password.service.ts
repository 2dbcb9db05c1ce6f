import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ErrorCode, fieldError, RESET_PREFIX, type OwnerPasswordChangeRequest } from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { AppConfig } from '../core/config.js';
import { DomainError } from '../core/errors.js';
import { MailService } from '../core/mail.service.js';
import type { SessionUser } from '../access/session-user.js';
import { SessionQueriesRepository } from '../auth/session-queries.repository.js';
import { OwnerProfileRepository } from './owner-profile.repository.js';
import { OwnerScopeService } from './owner-scope.service.js';

/** How long an owner's reset link works. */
export const OWNER_RESET_HOURS = 24;

/**
 * §2 password change modal: the owner gets an e-mail with a reset link to the console's reset page
 * (/{RESET_PREFIX}/forgotpassword/{uuid}, the reset routes of auth/). The link, its audit row and the mail go
 * together: the mail is sent inside the transaction, so a mail the SMTP server refuses leaves no link behind.
 */
@Injectable()
export class OwnerPasswordService {
  constructor(
    private readonly repo: OwnerProfileRepository,
    /** auth's, the owner of password_reset (docs/architecture.md "Table owners") */
    private readonly resets: SessionQueriesRepository,
    private readonly scope: OwnerScopeService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  async sendResetMail(s: SessionUser, id: number, body: OwnerPasswordChangeRequest): Promise<{ sent: true; email: string }> {
    const o = await this.scope.owner(s, id);
    const owner = (await this.repo.owner(o.id))!;
    const wrong = [
      ...(owner.email.toLowerCase() !== body.email ? [fieldError('email', 'ownerEmailMismatch')] : []),
      ...(owner.white_label_vendor_id !== body.whiteLabelId ? [fieldError('whiteLabelId', 'ownerWhiteLabelMismatch')] : []),
    ];
    if (wrong.length > 0) throw new DomainError(ErrorCode.ValidationFailed, wrong);
    const uuid = randomUUID();
    const link = `${this.config.get('CONSOLE_PUBLIC_URL')}/${RESET_PREFIX}/forgotpassword/${uuid}`;
    await this.repo.transaction(async (c) => {
      await this.resets.createOwnerResetLink(o.id, uuid, OWNER_RESET_HOURS, c);
      await this.audit.recordCall(c, { entity: 'owner', entityId: o.id, result: { sent: true, email: owner.email } });
      const brand = owner.white_label_name ?? 'Tracker';
      await this.mail.send({
        to: owner.email,
        subject: `${brand}: reset your password`,
        text: [
          `Hello ${[owner.first_name, owner.last_name].filter(Boolean).join(' ') || owner.email},`,
          '',
          `a password change for your ${brand} account was requested by our support team.`,
          `Open this link within ${OWNER_RESET_HOURS} hours to choose a new password:`,
          '',
          link,
          '',
          'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
        ].join('\n'),
      });
    });
    return { sent: true, email: owner.email };
  }
}
