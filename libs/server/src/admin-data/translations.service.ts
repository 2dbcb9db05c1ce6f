import { Injectable } from '@nestjs/common';
import sanitizeHtml from 'sanitize-html';
import {
  ErrorCode,
  fieldError,
  type TranslationAddBody,
  type TranslationAllQuery,
  type TranslationEditBody,
  type TranslationItem,
} from '@tracker/contract';
import { AuditService } from '../core/audit.service.js';
import { DomainError, isUniqueViolation } from '../core/errors.js';
import { auditSave } from './admin-audit.js';
import { TranslationsRepository } from './translations.repository.js';

/**
 * What an HTML translation may keep: sanitize-html's default allow-list (text formatting, lists, links, tables; no
 * script, style, iframe, form or event attribute; links only http, https, mailto, tel).
 */
export const TRANSLATION_HTML: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags,
  allowedAttributes: { a: ['href', 'name', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
};

/** §2 /admin/translations: the texts for watches and apps per language and device type; HTML sanitised on save. */
@Injectable()
export class TranslationsService {
  constructor(
    private readonly repo: TranslationsRepository,
    private readonly audit: AuditService,
  ) {}

  async all(q: TranslationAllQuery): Promise<TranslationItem[]> {
    if (!(await this.repo.languageExists(q.language))) {
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError('language', 'unknownLanguage', { language: q.language })]);
    }
    return this.repo.all(q.language, q.device_type_id);
  }

  /** The stored form: an HTML value through the allow-list, any other value as typed (the console escapes it). */
  private async fields(b: TranslationAddBody) {
    const errors = [];
    if (!(await this.repo.languageExists(b.language_code))) errors.push(fieldError('language_code', 'unknownLanguage', { language: b.language_code }));
    if (!(await this.repo.deviceTypeExists(b.device_type_id))) errors.push(fieldError('device_type_id', 'unknownDeviceType'));
    if (errors.length) throw new DomainError(ErrorCode.ValidationFailed, errors);
    const value = b.is_html ? sanitizeHtml(b.value, TRANSLATION_HTML) : b.value;
    return { key: b.key, language_code: b.language_code, device_type_id: b.device_type_id, is_html: b.is_html, value };
  }

  private async unique<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(ErrorCode.Duplicate, [fieldError('key', 'duplicate')]);
      throw e;
    }
  }

  async add(b: TranslationAddBody): Promise<TranslationItem> {
    const f = await this.fields(b);
    return this.unique(() =>
      this.repo.transaction(async (tx) => {
        const saved = await this.repo.create(tx, f);
        await auditSave(this.audit, tx, 'translation', saved.id, null, saved);
        return saved;
      }),
    );
  }

  async edit(b: TranslationEditBody): Promise<TranslationItem> {
    const f = await this.fields(b);
    return this.unique(() =>
      this.repo.transaction(async (tx) => {
        const before = await this.repo.forUpdate(tx, b.id);
        if (!before) throw new DomainError(ErrorCode.NotFound, [fieldError('id', ErrorCode.NotFound)]);
        const saved = await this.repo.update(tx, b.id, f);
        await auditSave(this.audit, tx, 'translation', saved.id, before, saved);
        return saved;
      }),
    );
  }
}
