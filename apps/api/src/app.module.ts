import { Module } from '@nestjs/common';
import { AuthModule, CoreModule, DevicesModule, DeviceWorkspaceModule, ImportsModule, ListsModule, OwnerWorkspaceModule, SmsTrafficModule, SmsModule, AdministrationModule, AdminDataModule, StatsModule, FirmwareModule, ModemModule, SmsOutcomesModule, FirmwareOutcomesModule, ModemOutcomesModule, HttpDrain, JobsAdminModule } from '@tracker/server';

@Module({
  imports: [CoreModule, AuthModule, DevicesModule, OwnerWorkspaceModule, ListsModule, DeviceWorkspaceModule, ImportsModule, SmsTrafficModule, SmsModule, AdministrationModule, AdminDataModule, StatsModule, FirmwareModule, ModemModule, SmsOutcomesModule, FirmwareOutcomesModule, ModemOutcomesModule, JobsAdminModule],
  providers: [HttpDrain],
})
export class AppModule {}
