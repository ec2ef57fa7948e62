/* eslint-disable @nx/enforce-module-boundaries -- the harness starts each part exactly as `npm start` does, with the launcher's own modules rather than a copy of them; dev-stack is a tool like this one, never deployed */
/** What the chaos suite uses of the `npm start` launcher (apps/dev-stack), in one place. */
export { ensureDevAccount } from '../../../apps/dev-stack/src/dev-account';
export type { DevAccount } from '../../../apps/dev-stack/src/dev-account';
export { startEmbeddedDatabase } from '../../../apps/dev-stack/src/embedded-database';
export type { EmbeddedDatabase } from '../../../apps/dev-stack/src/embedded-database';
export { readLauncherConfig, SERVICES } from '../../../apps/dev-stack/src/launcher-config';
export type { ServiceName } from '../../../apps/dev-stack/src/launcher-config';
export { serviceEnvironment, servicePort } from '../../../apps/dev-stack/src/service-environment';
export type { PlatformAddresses } from '../../../apps/dev-stack/src/service-environment';
export {
  startServiceProcess,
  stopServiceProcesses,
  waitUntilReady,
} from '../../../apps/dev-stack/src/service-processes';
export type { ServiceProcess } from '../../../apps/dev-stack/src/service-processes';
