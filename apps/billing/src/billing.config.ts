import { ServiceConfig } from '@platform/service-kit';

export class BillingConfig extends ServiceConfig {}
