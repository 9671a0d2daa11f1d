// Agent Guard PreToolUse hook (__VERSION__). https://github.com/agent-guard
// The guard code is the string below, compiled through vm.Script with V8's code cache kept in a
// private per-user folder: compiling ~150 KB of JavaScript costs ~10 ms on every tool call, the
// cached code ~1 ms. Node 22 does the same with module.enableCompileCache(); this works on 18+.
// Any problem with the cache (missing, foreign, stale, unwritable) means compiling normally.
'use strict';
const CODE = __CODE__;
const KEY = __KEY__;
(function run() {
  const vm = require('node:vm');
  const source = `(function (exports, require, module, __filename, __dirname) {${CODE}\n})`;
  let file = null;
  let cached;
  if (!process.env.AGENT_GUARD_NO_CACHE) {
    try {
      const fs = require('node:fs');
      const path = require('node:path');
      const home = process.env.HOME || require('node:os').homedir();
      const base = process.env.XDG_CACHE_HOME || (process.platform === 'win32' ? process.env.LOCALAPPDATA : path.join(home, '.cache'));
      file = path.join(base, 'agent-guard', `${KEY}-${process.versions.v8}-${process.arch}.bin`);
      const st = fs.statSync(file);
      // Trust only a cache file that belongs to this user and nobody else can write.
      if (process.platform === 'win32' || (st.uid === process.getuid() && (st.mode & 0o022) === 0)) cached = fs.readFileSync(file);
    } catch {
      /* no cache yet */
    }
  }
  const script = new vm.Script(source, { filename: __filename, cachedData: cached });
  if (file && (!cached || script.cachedDataRejected)) {
    process.once('exit', () => {
      try {
        const fs = require('node:fs');
        const path = require('node:path');
        // Plain mkdir, one level at a time: recursive mkdir can spin forever on odd paths (/proc/…),
        // and a hook must never hang. A missing grandparent simply means no cache.
        const dir = path.dirname(file);
        for (const d of [path.dirname(dir), dir]) {
          try {
            fs.mkdirSync(d, { mode: 0o700 });
          } catch (e) {
            if (e.code !== 'EEXIST') throw e;
          }
        }
        // Compile every guard's code path before serialising, not only the one this call took.
        if (typeof exports.warmUp === 'function') exports.warmUp();
        const tmp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(tmp, file);
      } catch {
        /* a read-only home is fine: next time compiles again */
      }
    });
  }
  const exports = {};
  const mod = { exports };
  script.runInThisContext()(exports, require, mod, __filename, __dirname);
})();
