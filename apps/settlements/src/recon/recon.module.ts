import { Module } from '@nestjs/common';
import { ReconController } from './recon.controller';

@Module({ controllers: [ReconController] })
export class ReconModule {}
