import { Injectable } from '@nestjs/common';
import type { FactoryDetail } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { DeviceRepository } from './device-workspace.repository.js';

/** Device detail: the factory record, removal from the account (the record's update: DeviceRepository.updateDevice). */
@Injectable()
export class DeviceDetailRepository extends DeviceRepository {
  async factory(id: number): Promise<FactoryDetail | null> {
    const r = await this.rows<FactoryDetail>(
      `SELECT f.id, f.imei, f.imsi, f.iccid, f.activation_code, f.serial_number, f.device_type_id, f.firmware, f.status,
         f.white_label_deployment_id, dep.name AS deployment_name, f.created
       FROM factory_device f
       LEFT JOIN white_label_deployment dep ON dep.id = f.white_label_deployment_id
       WHERE f.id = $1`,
      [id],
    );
    return r[0] ?? null;
  }

  /** The device type of a factory record: undefined when there is no such record, null when it names none. */
  async factoryType(id: number, q: Queryable): Promise<number | null | undefined> {
    const r = await q.query<{ device_type_id: number | null }>('SELECT device_type_id FROM factory_device WHERE id = $1', [id]);
    return r.rows[0]?.device_type_id;
  }
}
