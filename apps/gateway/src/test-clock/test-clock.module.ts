import { Module } from '@nestjs/common';
import { TestClockRegistry } from './test-clock.registry';

@Module({ providers: [TestClockRegistry], exports: [TestClockRegistry] })
export class TestClockModule {}
