import { Module } from '@nestjs/common';
import { AuthModule, ContactsModule, CoreModule, DeviceAddModule, DevicesModule, DeviceWorkspaceModule, ImportsModule, ListsModule, OwnersModule, SmsTrafficModule, SmsModule } from '@tracker/server';

@Module({
  imports: [CoreModule, AuthModule, DevicesModule, OwnersModule, ListsModule, DeviceWorkspaceModule, ImportsModule, SmsTrafficModule, SmsModule, ContactsModule, DeviceAddModule],
})
export class AppModule {}
