import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { EVENT_SCHEMAS_MODULE, eventSchemasModule } from './event-schemas';

/** `npm run contracts:schemas`: the contracts' generated JSON Schemas, from their TypeScript types. */
mkdirSync(dirname(EVENT_SCHEMAS_MODULE), { recursive: true });
writeFileSync(EVENT_SCHEMAS_MODULE, eventSchemasModule());
process.stdout.write(`wrote ${EVENT_SCHEMAS_MODULE}\n`);
