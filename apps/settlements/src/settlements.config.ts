import { ServiceConfig } from '@platform/service-kit';

export class SettlementsConfig extends ServiceConfig {}
