import { Module } from '@nestjs/common';
import { AuthModule, CoreModule, DevicesModule, DeviceWorkspaceModule, ImportsModule, ListsModule, OwnersModule, SmsModule } from '@tracker/server';

@Module({
  imports: [CoreModule, AuthModule, DevicesModule, OwnersModule, ListsModule, DeviceWorkspaceModule, ImportsModule, SmsModule],
})
export class AppModule {}
