/* eslint-disable @nx/enforce-module-boundaries -- the fuzz suite runs the platform (and its short run under jest) exactly as the chaos suite does (`npm start`'s launcher, its own ports and data), with its modules rather than copies; both are tools, never deployed */
/** The platform the fuzz run talks to: the chaos suite's, started and stopped by this process. */
export { startChaosPlatform as startPlatform } from '../../chaos/src/platform';
export type { ChaosPlatform as Platform } from '../../chaos/src/platform';
export { runShortHarness } from '../../chaos/src/harness-run';
