import { Module } from '@nestjs/common';
import { AuthModule, CoreModule, SearchModule, DeviceWorkspaceModule, ImportsModule, ListsModule, OwnerWorkspaceModule, TrafficModule, SmsModule, AdministrationModule, AdminDataModule, StatsModule, ReportsModule, FirmwareModule, ModemModule, SmsOutcomesModule, FirmwareOutcomesModule, ModemOutcomesModule, HttpDrain, JobsAdminModule } from '@tracker/server';

@Module({
  imports: [CoreModule, AuthModule, SearchModule, OwnerWorkspaceModule, ListsModule, DeviceWorkspaceModule, ImportsModule, TrafficModule, SmsModule, AdministrationModule, AdminDataModule, StatsModule, ReportsModule, FirmwareModule, ModemModule, SmsOutcomesModule, FirmwareOutcomesModule, ModemOutcomesModule, JobsAdminModule],
  providers: [HttpDrain],
})
export class AppModule {}
