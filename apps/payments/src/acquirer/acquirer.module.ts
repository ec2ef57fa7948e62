import { Global, Module } from '@nestjs/common';
import { AcquirerDirectory } from './acquirer-directory';

/** The acquirers (acquirer-directory.ts), for every slice and flow that authorizes, captures or refunds. */
@Global()
@Module({ providers: [AcquirerDirectory], exports: [AcquirerDirectory] })
export class AcquirerModule {}
