// Build-time entry: prints the .claude/settings*.json schema (core/settings-schema.ts).
import { claudeSettingsSchema } from '../core/settings-schema';
process.stdout.write(`${JSON.stringify(claudeSettingsSchema(), null, 2)}\n`);
