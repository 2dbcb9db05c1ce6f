import { Module } from '@nestjs/common';
import { AuthModule, CoreModule, DevicesModule, DeviceWorkspaceModule, ImportsModule, ListsModule, OwnersModule, SmsTrafficModule, SmsModule, AdministrationModule, AdminDataModule, ContactsModule, DeviceAddModule, StatsModule, FirmwareModule, ModemModule, SmsOutcomesModule, FirmwareOutcomesModule, ModemOutcomesModule, HttpDrain, JobsAdminModule } from '@tracker/server';

@Module({
  imports: [CoreModule, AuthModule, DevicesModule, OwnersModule, ListsModule, DeviceWorkspaceModule, ImportsModule, SmsTrafficModule, SmsModule, AdministrationModule, AdminDataModule, ContactsModule, DeviceAddModule, StatsModule, FirmwareModule, ModemModule, SmsOutcomesModule, FirmwareOutcomesModule, ModemOutcomesModule, JobsAdminModule],
  providers: [HttpDrain],
})
export class AppModule {}
