import { Module } from '@nestjs/common';

/** Bulk imports, api side (§7 Import): uploads, import rows, errors, help file. The worker side is ImportsWorkerModule. */
@Module({})
export class ImportsModule {}
