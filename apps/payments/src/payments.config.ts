import { ServiceConfig } from '@platform/service-kit';

export class PaymentsConfig extends ServiceConfig {}
