import { Module } from '@nestjs/common';
import { DowntimeController } from './downtime.controller';

@Module({ controllers: [DowntimeController] })
export class DowntimeModule {}
