// Build-time entry: prints the config schema for the discovered guard set.
import guards from 'agent-guard:guards';
import { configSchema } from '../core/config-schema';
process.stdout.write(`${JSON.stringify(configSchema(guards), null, 2)}\n`);
