import { Module } from '@nestjs/common';
import { AuthModule, CoreModule, DevicesModule, ListsModule, OwnersModule } from '@tracker/server';

@Module({
  imports: [CoreModule, AuthModule, DevicesModule, OwnersModule, ListsModule],
})
export class AppModule {}
