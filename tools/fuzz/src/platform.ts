/* eslint-disable @nx/enforce-module-boundaries -- the fuzz suite runs the platform exactly as the chaos suite does (`npm start`'s launcher, its own ports and data), with its module rather than a copy; both are tools, never deployed */
/** The platform the fuzz run talks to: the chaos suite's, started and stopped by this process. */
export { startChaosPlatform as startPlatform } from '../../chaos/src/platform';
export type { ChaosPlatform as Platform } from '../../chaos/src/platform';
