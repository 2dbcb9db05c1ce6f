import { Controller } from '@nestjs/common';
import { ROUTES, type ContactRemoveQuery, type ContactSaveBody, type ContactSaveV2Body, type OwnerQuery } from '@tracker/contract';
import { Endpoint, Input, Session } from '../access/endpoint.decorator.js';
import type { SessionUser } from '../access/session-user.js';
import { OwnerContactsService } from './owner-contacts.service.js';

/** §7 Contacts of the owner workspace (the device workspace's /contact/device is in device-activity). */
@Controller()
export class OwnerContactsController {
  constructor(private readonly contacts: OwnerContactsService) {}

  @Endpoint(ROUTES.contactList)
  async list(@Session() s: SessionUser, @Input('query') q: OwnerQuery) {
    return { model: await this.contacts.list(s, q.user_id) };
  }

  @Endpoint(ROUTES.contactSaveV2)
  async saveV2(@Session() s: SessionUser, @Input('body') b: ContactSaveV2Body) {
    return { model: await this.contacts.saveOne(s, b) };
  }

  @Endpoint(ROUTES.contactSave)
  async save(@Session() s: SessionUser, @Input('query') q: OwnerQuery, @Input('body') b: ContactSaveBody) {
    return { model: await this.contacts.saveMany(s, q.user_id, b) };
  }

  @Endpoint(ROUTES.contactRemove)
  async remove(@Session() s: SessionUser, @Input('query') q: ContactRemoveQuery) {
    await this.contacts.remove(s, q.user_id, q.contact_id);
    return { model: { ok: true as const } };
  }

  @Endpoint(ROUTES.contactPush)
  async push(@Session() s: SessionUser, @Input('query') q: OwnerQuery) {
    return { model: await this.contacts.push(s, q.user_id) };
  }
}
