// npm run docs: writes docs/rules/ from the rule metadata.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import rules from 'agent-guard:lint-rules';
import { rulePage, rulesIndex } from '../core/lint/docs';

const dir = join(process.argv[2] ?? '.', 'docs', 'rules');
mkdirSync(dir, { recursive: true });
for (const r of rules) writeFileSync(join(dir, `${r.code}.md`), rulePage(r));
writeFileSync(join(dir, 'README.md'), rulesIndex(rules));
process.stdout.write(`wrote ${rules.length} rule pages to ${dir}\n`);
