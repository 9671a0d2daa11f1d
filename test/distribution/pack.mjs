// Packs the package once for the distribution tests, exactly as `npm publish` would (prepack builds
// it), into .test-output/dist/, and records the tarball and npm's list of its files.

import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT, ROOT } from './support.mjs';

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const r = spawnSync('npm', ['pack', '--json', '--pack-destination', OUT], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (r.status !== 0) {
  console.error(`npm pack failed (${r.status})`);
  process.exit(1);
}
const [info] = JSON.parse(r.stdout);
const tarball = join(OUT, info.filename);
writeFileSync(
  join(OUT, 'packed.json'),
  `${JSON.stringify({ tarball, size: info.size, unpackedSize: info.unpackedSize, files: info.files.map((f) => f.path).sort() }, null, 2)}\n`,
);
console.log(`packed ${info.filename}: ${(info.size / 1024).toFixed(0)} KB (${(info.unpackedSize / 1024).toFixed(0)} KB unpacked, ${info.files.length} files)`);
