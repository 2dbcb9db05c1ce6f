import { Injectable } from '@nestjs/common';
import { OwnerWorkspaceRepository } from './owner-workspace.repository.js';

/** The add-owner call's read (raw SQL); the owner itself is written by the OwnerStore. */
@Injectable()
export class OwnerAddRepository extends OwnerWorkspaceRepository {
  async whiteLabelExists(id: number): Promise<boolean> {
    return (await this.rows('SELECT 1 FROM white_label WHERE id = $1', [id])).length === 1;
  }
}
