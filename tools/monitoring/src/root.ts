import { join } from 'node:path';

/** The repository's root, where the monitoring objects, the screenshot's folder and chart.js are found. */
export const ROOT = join(__dirname, '..', '..', '..');
