// A one-package npm registry on 127.0.0.1: the packument and the tarball of the package under test,
// as registry.npmjs.org would serve them once it is published. Lets Claude Code's npm-sourced
// plugin install (`npm view`, then `npm install`) run offline against the real tarball.

import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

export async function startRegistry(tarball) {
  const bytes = readFileSync(tarball);
  const manifest = JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' }));
  const requests = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const base = `http://127.0.0.1:${server.address().port}`;
    const file = `${manifest.name}-${manifest.version}.tgz`;
    if (req.url === `/${manifest.name}`) {
      const dist = {
        tarball: `${base}/${manifest.name}/-/${file}`,
        shasum: createHash('sha1').update(bytes).digest('hex'),
        integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
      };
      const packument = {
        name: manifest.name,
        'dist-tags': { latest: manifest.version },
        versions: { [manifest.version]: { ...manifest, _id: `${manifest.name}@${manifest.version}`, dist } },
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(packument));
    } else if (req.url === `/${manifest.name}/-/${file}`) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
      res.end(bytes);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"not found"}');
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, requests, stop: () => new Promise((r) => server.close(r)) };
}
