// Agent Guard __NAME__ (__VERSION__), https://github.com/agent-guard, build:__KEY__
// The code is the comment at the end of this file, compiled through vm.Script with V8's code cache
// kept in a private per-user folder: compiling the bundle costs ~10 ms (the hook) to ~60 ms (the
// CLI) of every run, the cached code a fraction of that. (A comment, read back from this file,
// because Node scans a comment several times faster than a string literal of the same size.) Node
// 22 does the same with module.enableCompileCache(); this works on 18+ and keeps the rules below.
// A code cache is compiled code, so it is read only from a folder that is a real folder (not a
// link), owned by this user, writable by nobody else, and outside the workspace (a repository must
// never be able to hand us code); only a file with one name, owned by this user and private, whose
// checksum matches (V8 checks versions and flags, not the bytes). It is written to a new file
// (O_EXCL: never through a link) and renamed into place. Any problem (missing, foreign, corrupt,
// stale, another version, unwritable) means compiling normally.
// And it is bound to the exact code it was compiled from (V8 checks only the source's length): the
// cache file's header holds the SHA-256 of that code, and a file's code is taken to have a hash
// only once it was hashed: the seal file (`<key>.seal`) lists, per file identity (device, inode,
// size, modification and change times: any write changes them), the SHA-256 of the file and of
// its code. A file not listed yet compiles normally and is hashed at exit (node:crypto costs more
// than a whole call, so never on the way to an answer); another file claiming the same key, or a
// copy of this one with other code, never gets the compiled code of this one.
'use strict';
const KEY = __KEY__;
const CODE_START = `\n/*${'AGENT-GUARD-CODE'}\n`;
/** One cache per subcommand (the CLI): each holds the code that command ran. */
const PER_COMMAND = __PER_COMMAND__;
/** A cache file: MAGIC (4 bytes), a checksum of V8's data (8), the SHA-256 of the code it was compiled from (32), V8's data. */
const MAGIC = 0x33434741; // "AGC3"
const HEADER = 44;
/** Seal lines kept per key (one per copy of the file: the user's hook, each project's, the CLI). */
const MAX_SEALS = 64;
/** The hook: may be started from a startup snapshot (see "The startup snapshot" below). */
const SNAPSHOT = __SNAPSHOT__;

/** This file's bytes and identity, through one descriptor (null identity: it changed while read). */
function readSelf(file) {
  const fs = require('node:fs');
  const fd = fs.openSync(file, 'r');
  try {
    const before = fs.fstatSync(fd, { bigint: true });
    const bytes = Buffer.allocUnsafe(Number(before.size));
    let n = 0;
    while (n < bytes.length) {
      const r = fs.readSync(fd, bytes, n, bytes.length - n, n);
      if (r === 0) break;
      n += r;
    }
    const id = identity(before);
    return { bytes: bytes.subarray(0, n), id: n === bytes.length && id === identity(fs.fstatSync(fd, { bigint: true })) ? id : null };
  } finally {
    fs.closeSync(fd);
  }
}

/** What any write to a file changes (the change time cannot be set back, even by its owner). */
function identity(st) {
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

/** The code in the comment: every `*` + backslashes + `/` has one backslash more there (so no `*\/`). */
function embeddedCode(text) {
  const start = text.indexOf(CODE_START) + CODE_START.length;
  const code = text.slice(start, text.lastIndexOf('\n*/'));
  // Line numbers in stack traces and profiles: those of this file.
  let lineOffset = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < start; i = text.indexOf('\n', i + 1)) lineOffset++;
  return { code: code.includes('*\\') ? code.replace(/\*\\(\\*)\//g, '*$1/') : code, lineOffset };
}

/**
 * Compiles and runs this file's code (see the rules at the top) and returns its exports.
 * `process.once('exit')` keeps the code cache, the seal, and (the hook) asks for a startup
 * snapshot and a resident analyser, after the answer.
 */
function load() {
  const vm = require('node:vm');
  const self = readSelf(__filename);
  const { code, lineOffset } = embeddedCode(self.bytes.toString('utf8'));
  const source = `(function (exports, require, module, __filename, __dirname) {${code}\n})`;
  const cache = process.env.AGENT_GUARD_NO_CACHE ? null : cacheLocation();
  // The hashes of this file and its code: from the seal if this very file was hashed before, else
  // now (once per copy of the file; see the rules at the top).
  let hash = cache && self.id ? sealOf(cache, self.id) : null;
  const fresh = !hash && !!cache && !!self.id;
  if (fresh) hash = hashes(self.bytes, code);
  // Only code whose hash is the key it claims is ever compiled from, or kept under, that key.
  const honest = !!hash && hash.code.startsWith(KEY);
  const cached = honest ? readCache(cache, hash.code) : undefined;
  const script = new vm.Script(source, { filename: __filename, lineOffset, cachedData: cached });
  const mod = { exports: {} };
  // This build's identity, for caches of results (the CLI's lint verdicts: cli/lint-memo.ts): only
  // for code that is this build's (a copy claiming the key never shares them).
  globalThis.__agentGuardBuild = { key: honest ? KEY : undefined };
  if (honest && (fresh || !cached || script.cachedDataRejected))
    process.once('exit', () => remember(cache, self, hash, fresh, !cached || script.cachedDataRejected, () => script.createCachedData(), mod.exports));
  script.runInThisContext()(mod.exports, require, mod, __filename, __dirname);
  return { exports: mod.exports, cache, honest };
}

/** A call in this process. `input`: stdin, when the loader read it already (the resident analyser failed). */
function run(input) {
  const { exports, cache, honest } = load();
  if (SNAPSHOT && honest && (wantsSnapshot() || process.env.AGENT_GUARD_AFTER_SNAPSHOT)) process.once('exit', () => requestSnapshot(cache, wantsSnapshot()));
  if (SNAPSHOT && honest && wantsResident()) process.once('exit', () => requestResident(cache, __filename));
  if (SNAPSHOT) exports.main(input);
}

/** SHA-256 of the file and of its code (node:crypto costs ~5 ms to load: once per copy of the file). */
function hashes(bytes, code) {
  const crypto = require('node:crypto');
  const sha = (x) => crypto.createHash('sha256').update(x).digest('hex');
  return { file: sha(bytes), code: sha(code) };
}

function cacheLocation() {
  try {
    const path = require('node:path');
    const home = process.env.HOME || require('node:os').homedir();
    const base = process.env.XDG_CACHE_HOME || (process.platform === 'win32' ? process.env.LOCALAPPDATA : path.join(home, '.cache'));
    if (!base || !path.isAbsolute(base)) return null;
    const dir = path.join(base, 'agent-guard');
    const command = process.argv[2] || '';
    const variant = PER_COMMAND ? `-${/^[a-z]{1,16}$/.test(command) ? command : 'other'}` : '';
    return { base, dir, file: path.join(dir, `${KEY}${variant}-${process.versions.v8}-${process.arch}.agc3`), seal: path.join(dir, `${KEY}.seal`) };
  } catch {
    return null;
  }
}

function ownedAndPrivate(st) {
  return process.platform === 'win32' || (st.uid === process.getuid() && (st.mode & 0o022) === 0);
}

/** The cache folder may hold code we run: see the rules at the top. */
function trustedDir(dir) {
  const fs = require('node:fs');
  const path = require('node:path');
  const st = fs.lstatSync(dir);
  if (!st.isDirectory() || !ownedAndPrivate(st)) return false;
  const real = fs.realpathSync(dir);
  for (const workspace of [process.cwd(), process.env.CLAUDE_PROJECT_DIR]) {
    if (!workspace) continue;
    let root;
    try {
      root = fs.realpathSync(workspace);
    } catch {
      continue;
    }
    const rel = path.relative(root, real);
    if (rel === '' || !(rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))) return false;
  }
  return true;
}

/** A private regular file of ours in the trusted folder, read whole (undefined: none, or not to be trusted). */
function readPrivate(dir, file) {
  const fs = require('node:fs');
  if (!trustedDir(dir)) return undefined;
  if (process.platform === 'win32' && fs.lstatSync(file).isSymbolicLink()) return undefined;
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW || 0) | (fs.constants.O_NONBLOCK || 0));
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.nlink !== 1 || !ownedAndPrivate(st)) return undefined;
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The hashes of this file's bytes and of its code, if a run hashed this very file before. */
function sealOf(cache, id) {
  return sealsOf(cache, [id])[0];
}

/** The same for several file identities, from one read of the seal (null for each not listed). */
function sealsOf(cache, ids) {
  let text;
  try {
    text = readPrivate(cache.dir, cache.seal)?.toString('latin1');
  } catch {
    /* no seal yet */
  }
  return ids.map((id) => {
    const m = text ? new RegExp(`^${id} ([0-9a-f]{64}) ([0-9a-f]{64})$`, 'm').exec(text) : null;
    return m ? { file: m[1], code: m[2] } : null;
  });
}

/**
 * A checksum of V8's data: a torn or damaged file must never reach V8, which in release builds does
 * not check the bytes. Integrity, not authenticity (who may write the file is the folder rules'
 * job). zlib's CRC-32 where Node has it (20.15+, 22.2+: native, ~1 ms for the hook's cache with the
 * module's load, where the plain JavaScript below costs ~4 ms), marked as such in the field's
 * second half; else two 32-bit FNV-1a lanes over the 32-bit words (node:crypto would cost more to
 * load than the whole check). A reader checks whichever kind the file says, so Nodes with and
 * without CRC-32 read each other's files.
 */
const CRC_MARK = 0x32435243; // "CRC2"
function checksum(data, kind = crc32() ? 'crc' : 'fnv') {
  const out = Buffer.alloc(8);
  if (kind === 'crc') {
    out.writeUInt32LE(crc32()(data) >>> 0, 0);
    out.writeUInt32LE(CRC_MARK, 4);
    return out;
  }
  const aligned = data.byteOffset % 4 === 0 ? data : Buffer.from(data);
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < words.length; i++) {
    a = Math.imul(a ^ words[i], 0x01000193);
    b = Math.imul(b ^ words[i], 0x5bd1e995) ^ (b >>> 15);
  }
  for (let i = words.length * 4; i < aligned.length; i++) a = Math.imul(a ^ aligned[i], 0x01000193);
  out.writeInt32LE(a | 0, 0);
  out.writeInt32LE(b | 0, 4);
  // An FNV value whose second half happens to read as the mark is still read as FNV: flip a bit.
  if (out.readUInt32LE(4) === CRC_MARK) out.writeUInt32LE(CRC_MARK ^ 1, 4);
  return out;
}

/** zlib's native CRC-32, or null on a Node without it. */
function crc32() {
  try {
    const { crc32: f } = require('node:zlib');
    return typeof f === 'function' ? f : null;
  } catch {
    return null;
  }
}

/** Whether V8's data matches the checksum in the file's header (bytes 4-12), of the kind it says. */
function intact(data, stored) {
  const crc = stored.readUInt32LE(4) === CRC_MARK;
  if (crc && !crc32()) return false; // a CRC-32 this Node cannot check: compiled again, and kept as FNV
  return checksum(data, crc ? 'crc' : 'fnv').equals(stored);
}

/** V8's data, if the cache file is intact and was compiled from the code whose SHA-256 is `codeHash`. */
function readCache(cache, codeHash) {
  try {
    const buf = readPrivate(cache.dir, cache.file);
    if (!buf || buf.length <= HEADER || buf.readUInt32LE(0) !== MAGIC || buf.toString('hex', 12, HEADER) !== codeHash) return undefined;
    const data = buf.subarray(HEADER);
    return intact(data, buf.subarray(4, 12)) ? data : undefined;
  } catch {
    return undefined; /* no cache yet */
  }
}

/** A new private file of ours, renamed into place (never written through a link). */
function writePrivate(file, bytes) {
  const fs = require('node:fs');
  const tmp = `${file}.${process.pid}.tmp`;
  let written = false;
  try {
    fs.writeFileSync(tmp, bytes, { mode: 0o600, flag: 'wx' });
    written = true;
    fs.renameSync(tmp, file);
    return true;
  } catch {
    if (written)
      try {
        fs.unlinkSync(tmp);
      } catch {
        /* gone already */
      }
    return false;
  }
}

/**
 * The cache folder, made private where missing, and whether it is one to trust (trustedDir). Plain
 * mkdir, one level at a time: recursive mkdir can spin forever on odd paths (/proc/...), and a hook
 * must never hang. A missing grandparent simply means no cache.
 */
function makeCacheDir(cache) {
  const fs = require('node:fs');
  for (const d of [cache.base, cache.dir]) {
    try {
      fs.mkdirSync(d, { mode: 0o700 });
    } catch (e) {
      if (e.code !== 'EEXIST') return false;
    }
  }
  return trustedDir(cache.dir);
}

/** At exit: seal this file if it was hashed in this run, and keep its compiled code if none was read (only ever under the hash of that code). */
function remember(cache, self, hash, newSeal, compiled, createCachedData, exports) {
  try {
    if (!makeCacheDir(cache)) return;
    if (newSeal) {
      let lines = [];
      try {
        lines = (readPrivate(cache.dir, cache.seal) || Buffer.alloc(0)).toString('latin1').split('\n').filter(Boolean);
      } catch {
        /* no seal file yet */
      }
      lines = lines.filter((l) => !l.startsWith(`${self.id} `)).slice(-(MAX_SEALS - 1));
      lines.push(`${self.id} ${hash.file} ${hash.code}`);
      writePrivate(cache.seal, `${lines.join('\n')}\n`);
    }
    if (!compiled) return;
    // The hook: compile every guard's code path before serialising, not only the one this call took.
    if (typeof exports.warmUp === 'function') exports.warmUp();
    const data = createCachedData();
    const out = Buffer.allocUnsafe(HEADER + data.length);
    out.writeUInt32LE(MAGIC, 0);
    checksum(data).copy(out, 4);
    out.write(hash.code, 12, 32, 'hex');
    data.copy(out, HEADER);
    if (writePrivate(cache.file, out)) pruneOld(cache.dir);
  } catch {
    /* a read-only or foreign cache folder is fine: next time compiles again */
  }
}

/** Our own kinds of file in the cache folder: code caches (this format and older ones), seals, snapshots, lint's kept verdicts, unfinished writes. */
const OURS =
  /^(?:[0-9a-f]{16}[-a-z0-9.]*\.(?:agc3|agc2|bin|seal|snap|try)|lint-[0-9a-f-]{1,64}\.json|[-a-z0-9.]{1,120}\.\d{1,10}\.tmp|[0-9a-f]{16}\.snap\.\d{1,10}\.entry\.js|[0-9a-f]{16}\.ask\.js)$/;
const MONTH_MS = 30 * 24 * 3600 * 1000;

/**
 * A new version leaves the old one's caches behind: when this build writes its cache (its first
 * run), files of ours from other builds that nothing has written for a month go. Another
 * version still in use elsewhere (a hook copied into another workspace) loses at most one compile.
 */
function pruneOld(dir) {
  const fs = require('node:fs');
  const path = require('node:path');
  const now = Date.now();
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names.slice(0, 5000)) {
    if (name.startsWith(KEY) || !OURS.test(name)) continue;
    try {
      const file = path.join(dir, name);
      const st = fs.lstatSync(file);
      if (st.isFile() && now - st.mtimeMs > MONTH_MS) fs.unlinkSync(file);
    } catch {
      /* gone already, or not ours to remove */
    }
  }
}

// ---- The startup snapshot (the hook only) ----
// Compiling and initialising the bundle is most of what a call costs beyond Node's own start. A
// startup snapshot (node --build-snapshot) is the V8 heap after that work: started as
// `node --snapshot-blob <blob> <hook file>`, the call begins at once in startFromSnapshot. A blob
// is code, so it is kept under the code cache's rules: in the private cache folder, named by the
// build key (the SHA-256 of the code it holds), a private regular file of ours with one link,
// written to a new file and renamed into place. It is built only by `node <hook file>
// --agent-guard-make-snapshot`, never on a call's way: a plain run that the installed command
// marks as wanting one (core/install/installer.ts snapshotFirst; install's and sync's self-test is
// the first) starts that in the background after its answer (requestSnapshot). It is kept only
// when it answers two calls exactly as the plain hook does.
// At start it runs the call only for a hook file whose code hashes to the code it was built from
// (the seal, as for the code cache), under the Node binary that built it (its identity: device,
// inode, size, times), from a blob that is still a private file of ours; otherwise the file named
// on the command line runs as it is, in this process (stdin is still unread). A blob Node cannot
// load at all (truncated, foreign, another Node version) stops Node before any JavaScript runs and
// before stdin is read: the command that names it falls back to the plain hook then.
// Nothing read from the environment or the clock is frozen into it: the build fails if the
// bundle's start or its warm-up reads either.
const MAKE_SNAPSHOT = '--agent-guard-make-snapshot';

/** Where this build's blob lives (null: no trusted cache folder). */
function blobLocation(cache) {
  return cache ? require('node:path').join(cache.dir, `${KEY}.snap`) : null;
}

/**
 * The blob's mark, `<key>.mark`: a Unix socket file the builder leaves after it put the blob in
 * place. The installed command starts a blob only with its mark beside it, a socket (not a link)
 * of this user's and newer than the blob (core/install/installer.ts snapshotFirst). No checkout
 * makes a socket (git, tar and zip cannot), and a blob written over a marked one later (a `git
 * pull` into a folder a repository names through XDG_CACHE_HOME) is newer than its mark: either
 * way a blob a repository put there is never code Node runs.
 */
function markLocation(cache) {
  return require('node:path').join(cache.dir, `${KEY}.mark`);
}

/** Leaves the mark: a process that listens on it and exits (Node removes a socket it closes, not one it leaves). */
function markBlob(mark) {
  const fs = require('node:fs');
  try {
    fs.unlinkSync(mark);
  } catch {
    /* none yet */
  }
  const made = require('node:child_process').spawnSync(
    process.execPath,
    ['-e', "require('node:net').createServer().listen(process.argv[1], () => process.exit(0))", mark],
    { stdio: 'ignore', timeout: 10000 },
  );
  try {
    return made.status === 0 && fs.lstatSync(mark).isSocket();
  } catch {
    return false;
  }
}

function snapshotsHere() {
  const major = Number(process.versions.node.split('.')[0]);
  const v8 = require('node:v8');
  return SNAPSHOT && process.platform !== 'win32' && major >= 20 && !!v8.startupSnapshot && typeof v8.startupSnapshot.isBuildingSnapshot === 'function';
}

/**
 * Whether this plain run should ask for a blob: the installed command found none for this build
 * (AGENT_GUARD_SNAPSHOT=want), or Node could not start from the one there (AGENT_GUARD_AFTER_SNAPSHOT:
 * another Node, a truncated file), or the blob was refused in-process (another Node binary of the
 * same version). Never on Windows or before Node 20 (none can be built there), never when
 * AGENT_GUARD_NO_SNAPSHOT_BUILD is set (the test suites: a build per temporary home), and only
 * these variables and the platform are looked at: node:v8 is not loaded on a call's way.
 */
function wantsSnapshot() {
  const env = process.env;
  if (env.AGENT_GUARD_NO_SNAPSHOT_BUILD || process.platform === 'win32' || Number(process.versions.node.split('.')[0]) < 20) return false;
  return env.AGENT_GUARD_SNAPSHOT === 'want' || !!env.AGENT_GUARD_AFTER_SNAPSHOT || globalThis.__agentGuardSnapshotRefused === true;
}

/** At most one background build per build key and cache folder in this long. */
const SNAPSHOT_RETRY_MS = 3600 * 1000;

/**
 * At exit, after the answer: removes a blob Node could not start from, and (`build`) starts
 * `node <this file> --agent-guard-make-snapshot` detached, with
 * no stdio of ours (the host waits for nothing of it), under the Node that ran this call (the one
 * the command names). At most once per SNAPSHOT_RETRY_MS: the attempt is marked first by
 * `<key>.try` in the private cache folder (a new file renamed into place, never written through a
 * link), so a build that fails, or two Node binaries in turn, cost one build an hour at most.
 */
function requestSnapshot(cache, build) {
  try {
    const fs = require('node:fs');
    if (!makeCacheDir(cache)) return;
    // Node could not start from the blob there: it goes now (unlinking a name in our own folder
    // follows no link), so the calls until the next build take the plain run at once, without
    // a failed start (and a shell's "Segmentation fault" line) each.
    if (process.env.AGENT_GUARD_AFTER_SNAPSHOT)
      try {
        fs.unlinkSync(blobLocation(cache));
      } catch {
        /* gone already */
      }
    if (build) startInBackground(cache, `${KEY}.try`, SNAPSHOT_RETRY_MS, [__filename, MAKE_SNAPSHOT], ['AGENT_GUARD_SNAPSHOT', 'AGENT_GUARD_AFTER_SNAPSHOT']);
  } catch {
    /* no blob this time: the plain hook answered */
  }
}

/**
 * `node <args>` detached, with no stdio of ours (the host waits for nothing of it), under the Node
 * that ran this call, without the variables `drop`; at most once per `retryMs`: the attempt is
 * marked first by `mark` in the private cache folder (a new file renamed into place, never written
 * through a link), so a start that fails costs one attempt per `retryMs` at most.
 */
function startInBackground(cache, mark, retryMs, args, drop) {
  const fs = require('node:fs');
  const file = require('node:path').join(cache.dir, mark);
  try {
    if (Date.now() - fs.lstatSync(file).mtimeMs < retryMs) return;
  } catch {
    /* never tried */
  }
  if (!writePrivate(file, '')) return;
  const env = { ...process.env };
  for (const k of drop) delete env[k];
  require('node:child_process').spawn(process.execPath, args, { detached: true, stdio: 'ignore', env }).unref();
}

/**
 * The blob's name in the cache folder, or the name makeSnapshot builds it under before its trial
 * calls (`<blob>.<pid>.tmp`, in the same private folder, under the same rules): the trial must
 * start from the new blob, or it would compare the plain hook with itself.
 */
function ourBlobName(cache, resolved) {
  const blob = blobLocation(cache);
  return resolved === blob || (resolved.startsWith(`${blob}.`) && /^\.\d+\.tmp$/.test(resolved.slice(blob.length)));
}

/** A private regular file of ours with one link, in the trusted cache folder (the rules of readPrivate, without reading it). */
function trustedBlob(cache, file) {
  try {
    const fs = require('node:fs');
    if (!trustedDir(cache.dir)) return false;
    const st = fs.lstatSync(file);
    return st.isFile() && st.nlink === 1 && ownedAndPrivate(st);
  } catch {
    return false;
  }
}

/**
 * `node <hook file> --agent-guard-make-snapshot`: builds the blob for this file into a new file,
 * tries it on two calls against the plain hook (the same answers, byte for byte, or it is not
 * kept), then renames it into place. Prints the blob's path; exit 1 (with the reason) when none
 * was made.
 */
function makeSnapshot() {
  const fail = (why) => {
    process.stderr.write(`agent-guard: no startup snapshot: ${why}\n`);
    process.exitCode = 1;
  };
  const fs = require('node:fs');
  const { spawnSync } = require('node:child_process');
  if (!snapshotsHere()) return fail(`this Node (${process.version}, ${process.platform}) cannot start from one`);
  const cache = process.env.AGENT_GUARD_NO_CACHE ? null : cacheLocation();
  if (!cache) return fail('no cache folder');
  const self = readSelf(__filename);
  if (!self.id) return fail('the hook file changed while it was read');
  const text = self.bytes.toString('utf8');
  const { code } = embeddedCode(text);
  const hash = hashes(self.bytes, code);
  if (!hash.code.startsWith(KEY)) return fail('the hook file is not the code its key names');
  // The seal first: the trial runs below start from the blob and look this file up in it.
  remember(cache, self, hash, true, false, null, null);
  if (!trustedDir(cache.dir)) return fail(`${cache.dir} is not a private folder of this user`);
  const blob = blobLocation(cache);
  const mark = markLocation(cache);
  if (Buffer.byteLength(mark) > MAX_SOCKET_PATH) return fail(`the cache folder's path is too long for the blob's mark (${mark})`);
  const tmp = `${blob}.${process.pid}.tmp`;
  // The builder runs this loader without the code comment (a file of its own in the private
  // folder) and reads the code from this file: a snapshot keeps the source of every script it
  // holds, and this file's text would put the bundle in the blob twice (0.8 MB more to read,
  // check and map on every call).
  const entry = `${blob}.${process.pid}.entry.js`;
  try {
    const at = text.indexOf(CODE_START);
    if (at < 0) return fail('the hook file has no code comment');
    try {
      fs.unlinkSync(entry);
    } catch {
      /* none left from an earlier build */
    }
    fs.writeFileSync(entry, text.slice(0, at), { mode: 0o600, flag: 'wx' });
    const built = spawnSync(process.execPath, ['--snapshot-blob', tmp, '--build-snapshot', entry, __filename, hash.code], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      timeout: 120000,
    });
    if (built.status !== 0) return fail(`node --build-snapshot failed (${built.status ?? built.signal}): ${String(built.stderr).trim().split('\n').at(-1)}`);
    fs.chmodSync(tmp, 0o600);
    const st = fs.lstatSync(tmp);
    if (!st.isFile() || st.nlink !== 1 || !ownedAndPrivate(st)) return fail('the new blob is not a private file');
    // The blob must answer as the plain hook does, and deny what it must.
    const env = { ...process.env, AGENT_GUARD_NO_LOG: '1', AGENT_GUARD_NO_SNAPSHOT_BUILD: '1' };
    delete env.CLAUDE_PROJECT_DIR;
    delete env.AGENT_GUARD_SNAPSHOT;
    delete env.AGENT_GUARD_AFTER_SNAPSHOT;
    delete env.AGENT_GUARD_AFTER_ASK;
    delete env.AGENT_GUARD_SNAPSHOT_TRACE;
    for (const command of ['rm -rf ~', 'npm test']) {
      const input = JSON.stringify({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command },
        cwd: '/nonexistent/agent-guard-snapshot-check',
      });
      const run = (args, more = {}) => spawnSync(process.execPath, args, { input, env: { ...env, ...more }, encoding: 'utf8', timeout: 30000 });
      // The trace line proves the call started from the new blob (not from the file as it is).
      const fromBlob = run(['--snapshot-blob', tmp, __filename], { AGENT_GUARD_SNAPSHOT_TRACE: '1' });
      const plain = run([__filename]);
      const used = 'agent-guard: snapshot used\n';
      if (typeof fromBlob.stderr !== 'string' || !fromBlob.stderr.startsWith(used)) return fail(`the new blob was not used by its trial call (\`${command}\`)`);
      if (process.env.AGENT_GUARD_SNAPSHOT_TRACE) process.stderr.write(`agent-guard: trial \`${command}\`: snapshot used\n`);
      if (fromBlob.status !== plain.status || fromBlob.stdout !== plain.stdout || fromBlob.stderr.slice(used.length) !== plain.stderr)
        return fail(`the blob answers \`${command}\` otherwise than the plain hook`);
      if (command === 'rm -rf ~' && !/deny/.test(plain.stdout)) return fail('the trial call was not denied');
    }
    // Dated back (`test -ot` may compare whole seconds), then renamed into place, then marked.
    const back = (Date.now() - 2000) / 1000;
    fs.utimesSync(tmp, back, back);
    fs.renameSync(tmp, blob);
    if (!markBlob(mark)) return fail(`could not mark the blob (${mark})`);
    process.stdout.write(`${blob}\n`);
  } catch (e) {
    fail(e?.message ? e.message : String(e));
  } finally {
    for (const f of [tmp, entry])
      try {
        fs.unlinkSync(f);
      } catch {
        /* renamed into place, or never written */
      }
  }
}

/**
 * In `node --snapshot-blob <tmp> --build-snapshot <this loader> <hook file>` (makeSnapshot): the
 * hook file's bundle loaded and warmed up, with the environment and the clock out of reach, then
 * startFromSnapshot as the snapshot's start.
 */
function buildSnapshot() {
  const fs = require('node:fs');
  const file = process.argv[2] || __filename;
  const self = readSelf(file);
  const { code } = embeddedCode(self.bytes.toString('utf8'));
  const hash = hashes(self.bytes, code);
  // The whole hash makeSnapshot checked (argv[3]): the file must not have changed since.
  if (!self.id || !hash.code.startsWith(KEY) || (process.argv[3] !== undefined && process.argv[3] !== hash.code))
    throw new Error('agent-guard: the hook file is not the code its key names');
  const node = identity(fs.statSync(process.execPath, { bigint: true }));
  const source = `(function (exports, require, module, __filename, __dirname) {${code}\n})`;
  const mod = { exports: {} };
  const reads = [];
  const restore = outOfReach(reads);
  try {
    // Evaluated as a global script by an indirect eval: node:vm is not among the modules a snapshot
    // builder supports (it warns that its state may be out of sync after deserialisation). The
    // text is this file's own code, hashed above against its key.
    // biome-ignore lint/security/noGlobalEval: see above; the code is this file's own.
    const globalEval = eval;
    globalEval(`${source}\n//# sourceURL=${file.replace(/[\r\n\u2028\u2029]/g, ' ')}`)(mod.exports, require, mod, file, require('node:path').dirname(file));
    if (typeof mod.exports.warmUp === 'function') mod.exports.warmUp();
  } finally {
    restore();
  }
  if (reads.length > 0) throw new Error(`agent-guard: the bundle reads ${reads[0]} at load or warm-up; a snapshot would freeze it`);
  const exports = mod.exports;
  require('node:v8').startupSnapshot.setDeserializeMainFunction(() => startFromSnapshot(hash.code, node, exports));
}

/** The environment and the clock, replaced while the bundle loads: every read is recorded. */
function outOfReach(reads) {
  const os = require('node:os');
  const env = process.env;
  const saved = [];
  const trap = (obj, key, label) => {
    const original = obj[key];
    saved.push(() => {
      obj[key] = original;
    });
    obj[key] = function (...args) {
      reads.push(label);
      return original.apply(this, args);
    };
  };
  process.env = new Proxy(env, {
    get(target, key) {
      reads.push(`process.env.${String(key)}`);
      return target[key];
    },
    has(target, key) {
      reads.push(`process.env.${String(key)}`);
      return key in target;
    },
    ownKeys(target) {
      reads.push('process.env');
      return Reflect.ownKeys(target);
    },
  });
  const RealDate = Date;
  globalThis.Date = new Proxy(RealDate, {
    construct(target, args) {
      if (args.length === 0) reads.push('new Date()');
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      reads.push('Date()');
      return Reflect.apply(target, self, args);
    },
  });
  trap(RealDate, 'now', 'Date.now()');
  trap(process, 'hrtime', 'process.hrtime()');
  trap(process.hrtime, 'bigint', 'process.hrtime.bigint()');
  trap(process, 'cwd', 'process.cwd()');
  // Math.random is not trapped: the bundle's only random values at load are minimatch's
  // brace-expansion placeholders for escaped pattern characters (patterns come from the guards and
  // the user's settings, never from a call), the same in every run of one blob. shell-quote's
  // token, which parses repository text (git aliases), is loaded on first use instead
  // (core/guards/helpers.ts); test/snapshot.test.ts holds the bundle to exactly these.
  trap(os, 'homedir', 'os.homedir()');
  trap(os, 'tmpdir', 'os.tmpdir()');
  trap(os, 'userInfo', 'os.userInfo()');
  trap(os, 'hostname', 'os.hostname()');
  if (globalThis.performance) trap(globalThis.performance, 'now', 'performance.now()');
  return () => {
    process.env = env;
    globalThis.Date = RealDate;
    for (const undo of saved.reverse()) undo();
  };
}

/** The blob this process was started from, as named on its command line. */
function startedFrom() {
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--snapshot-blob') return args[i + 1];
    if (args[i].startsWith('--snapshot-blob=')) return args[i].slice('--snapshot-blob='.length);
  }
  return undefined;
}

/**
 * The first thing a process restored from the snapshot runs: the bundle is loaded already. It runs
 * the call only when every rule at the top of this section holds; otherwise the file named on the
 * command line runs as it is.
 */
function startFromSnapshot(codeHash, node, exports) {
  const file = process.argv[1];
  let ok = false;
  let named = false;
  try {
    const fs = require('node:fs');
    const path = require('node:path');
    const cache = process.env.AGENT_GUARD_NO_CACHE ? null : cacheLocation();
    const blob = startedFrom();
    named = !!cache && !!blob && ourBlobName(cache, path.resolve(blob));
    ok = named && !!file && trustedBlob(cache, blob) && identity(fs.statSync(process.execPath, { bigint: true })) === node;
    if (ok) {
      const id = identity(fs.statSync(file, { bigint: true }));
      const sealed = sealOf(cache, id);
      if (sealed) ok = sealed.code === codeHash;
      else {
        // Another copy of the same file (a second project): hashed once, then sealed.
        const self = readSelf(file);
        ok = false;
        if (self.id === id) {
          const { code } = embeddedCode(self.bytes.toString('utf8'));
          const now = hashes(self.bytes, code);
          ok = now.code === codeHash;
          if (now.code.startsWith(KEY)) remember(cache, self, now, true, false, null, null);
        }
      }
    }
  } catch {
    ok = false;
  }
  // For tests and `agent-guard status`: which way this call went (stderr only, when asked).
  if (process.env.AGENT_GUARD_SNAPSHOT_TRACE) process.stderr.write(`agent-guard: snapshot ${ok ? 'used' : 'not used'}\n`);
  if (!ok) {
    // The file as it is, in this process (stdin is still unread); its plain run asks for a blob of
    // this Node's when the blob was refused for another reason than the file (see wantsSnapshot).
    if (named) globalThis.__agentGuardSnapshotRefused = true;
    require('node:module').createRequire(file || __filename)(file);
    return;
  }
  globalThis.__agentGuardBuild = { key: KEY };
  if (wantsResident()) process.once('exit', () => requestResident(cacheLocation(), file));
  exports.main();
}

// ---- The resident analyser (the hook only) ----
// A call's own process, even started from the snapshot, spends twice what `node -e 0` does on
// loading the analysis it then uses for a millisecond. The resident analyser is that analysis
// kept loaded: `node <hook file> --agent-guard-serve`, started in the background after a call's
// answer (requestResident) when the installed command asks for it (AGENT_GUARD_RESIDENT=want: it
// found no socket), listening on `<key>.sock` in the private cache folder, and leaving after
// RESIDENT_IDLE_MS without a call (or RESIDENT_LIFE_MS in all, or within seconds when its socket
// is no longer its own or its hook file changed). A call whose command found the socket
// (AGENT_GUARD_RESIDENT=ask) reads its stdin, hands it to the analyser with its environment, folder and hook file, and writes the answer the
// analyser gives: the bytes the call's own process would have written (cli/hook.ts answer(), run
// in the call's folder). Anything wrong (no socket, not ours, no answer in RESIDENT_WAIT_MS, an
// answer that is not one) means the call runs in this process, with the stdin already read.
// Trust: whatever answers on the socket decides the call, and anything that runs as this user can
// listen under that name (`socat UNIX-LISTEN:<name>` is one line), so an answer is written only when it
// comes from the analyser itself (genuineAnalyser): on Linux, the one socket listening under that
// name belongs to the process the answer names, and that process is this Node binary running
// exactly `<file> --agent-guard-serve`, with none of the variables that change what Node runs
// (the installed command's list, core/hook-env.ts), not traced, and `<file>` sealed with the same
// bytes as this call's own hook file (the seal: see the rules at the top), and not stopped. The
// call sends nothing before that holds. The analyser runs only a hook file whose code hashes to
// its key, takes no socket from whoever started it, ignores SIGUSR1 (Node would open its inspector
// to anyone on the machine), leaves when it finds its socket held by another process (looked for
// every few seconds), and keeps nothing of a call (test/resident.test.ts holds it
// to the answers of a process of its own). What this cannot rule out: a program of the person's
// with ptrace-class access to the analyser (on Linux without Yama, any of their programs; with
// Yama, one that started it) can take a copy of its socket and answer calls until the analyser
// sees it (the copy is the analyser's own socket: SO_PEERCRED names the analyser too). Only a
// non-dumpable analyser would close that, and Node cannot call PR_SET_DUMPABLE. It is on all the
// same (residentHere): such a program can already silence any hook out of sight of the command
// line (rewrite the settings, the hook file, the blob; or ptrace the host itself), and the hosts'
// sandboxes that stop those writes also stop the ptrace (Claude Code's bubblewrap runs commands in
// their own user and PID namespaces; Codex's Landlock confines ptrace to its domain). Elsewhere (no
// /proc) there is no analyser.
const SERVE = '--agent-guard-serve';
/** The analyser answers in milliseconds: past this, the call answers itself, with time to spare before the host's limit. */
const RESIDENT_WAIT_MS = 1500;
const RESIDENT_IDLE_MS = 10 * 60 * 1000;
const RESIDENT_LIFE_MS = 4 * 3600 * 1000;
/** At most one start of the analyser per build key and cache folder in this long. */
const RESIDENT_RETRY_MS = 60 * 1000;
/** A request: stdin (up to the hook's 16 MiB) and the environment. */
const MAX_REQUEST = 20 * 1024 * 1024;
/** sun_path holds 108 bytes on Linux, 104 on macOS: a longer socket name cannot be bound. */
const MAX_SOCKET_PATH = 100;

function residentLocation(cache) {
  const sock = cache ? require('node:path').join(cache.dir, `${KEY}.sock`) : null;
  return sock && Buffer.byteLength(sock) <= MAX_SOCKET_PATH ? sock : null;
}

/**
 * The resident analyser is used and started on Linux (its answers are checked through /proc), with
 * a cache, unless the person turned it off (AGENT_GUARD_ANALYSER=process in the environment the
 * host runs hooks with: every call then answers in its own process). See "Trust" above for what it
 * cannot rule out, and why that is not a way in that was not there without it.
 */
function residentHere() {
  const env = process.env;
  return SNAPSHOT && env.AGENT_GUARD_ANALYSER !== 'process' && process.platform === 'linux' && !env.AGENT_GUARD_NO_CACHE;
}

/** The variables that change what Node runs or loads: the installed command unsets them (core/hook-env.ts UNSET_BEFORE_NODE, put here by the build). */
const STARTUP_VARS = __STARTUP_VARS__;

/**
 * Whether the answer naming `pid` comes from the resident analyser itself (see "Trust" above), read
 * from /proc: the socket listening under `sock`, that process's descriptors (among them the socket
 * file the call connected through, `socketFile`: see openSocketFile), binary, command line,
 * environment and tracer, and the seals of its hook file and of the call's (`hookFile`).
 */
function genuineAnalyser(cache, sock, pid, hookFile, socketFile) {
  try {
    const fs = require('node:fs');
    if (!Number.isInteger(pid) || pid <= 1) return false;
    // The sockets listening (flag 0x10000) under exactly this name: one, or nothing is sure.
    const named = listeningSockets().filter((s) => s.path === sock);
    if (named.length !== 1) return false;
    const inode = named[0].inode;
    const proc = `/proc/${pid}`;
    // One look at its descriptors: the listening socket, and the socket file the call connected through.
    if (!holdsEach(pid, [linksTo(`socket:[${inode}]`), opensFile(socketFile)])) return false;
    if (fs.readlinkSync(`${proc}/exe`) !== fs.realpathSync(process.execPath)) return false;
    const argv = fs.readFileSync(`${proc}/cmdline`, 'utf8').split('\0');
    if (argv.length !== 4 || argv[2] !== SERVE || argv[3] !== '') return false;
    const names = fs
      .readFileSync(`${proc}/environ`, 'utf8')
      .split('\0')
      .map((kv) => kv.slice(0, kv.indexOf('=')));
    if (names.some((n) => STARTUP_VARS.includes(n))) return false;
    if (!runsFreely(pid)) return false;
    // Its hook file: sealed, with this build's code and the same bytes as this call's own file.
    const [theirs, ours] = sealsOf(
      cache,
      [argv[1], hookFile].map((f) => identity(fs.statSync(f, { bigint: true }))),
    );
    return !!theirs && !!ours && theirs.file === ours.file && theirs.code.startsWith(KEY);
  } catch {
    return false;
  }
}

function wantsResident() {
  return (
    residentHere() && !process.env.AGENT_GUARD_NO_SNAPSHOT_BUILD && (process.env.AGENT_GUARD_RESIDENT === 'want' || process.env.AGENT_GUARD_RESIDENT === 'ask')
  );
}

/**
 * The ask file: this loader alone, without the code (`<key>.ask.js` in the private cache folder,
 * written by the analyser from its own checked file). Node reads and scans the whole file it runs,
 * and the hook file's 0.8 MB of code cost a call that only asks ~4 ms; so where the socket and the
 * ask file are there and ours, the installed command runs `node <ask file> <hook file>`.
 */
function askLocation(cache) {
  return require('node:path').join(cache.dir, `${KEY}.ask.js`);
}

/** Whether this process runs the ask file (its name: a hook file is never named so). */
function isAskFile() {
  return require('node:path').basename(__filename) === `${KEY}.ask.js`;
}

/** The hook file itself, in this process, as the command started it (`input`: stdin, read already). */
function runHookFile(file, input) {
  process.argv.splice(1, 2, file);
  globalThis.__agentGuardInput = input;
  require('node:module').createRequire(file)(file);
}

/**
 * The Perl ask (scripts/resident-ask.pl, put here by the build; `<key>.ask.pl` beside the ask file):
 * the same rules as askResident and genuineAnalyser, with perl's ~2 ms start in place of Node's
 * ~20. The installed command runs it first where perl is there. Written only where the numbers it
 * needs are known: statx's system call (perl's stat has no nanoseconds) on Linux x64 and arm64.
 */
const ASK_PL = __ASK_PL__;
const SYS_STATX = { x64: 332, arm64: 291 };
/** O_PATH, the same on x64 and arm64 (Node does not name it). */
const O_PATH = 0o10000000;

function perlAsk() {
  const statx = SYS_STATX[process.arch];
  if (!ASK_PL || !statx || process.platform !== 'linux') return null;
  const c = require('node:fs').constants;
  const values = {
    KEY,
    STARTUP_VARS: STARTUP_VARS.map((name) => `'${name}'`).join(', '),
    SYS_STATX: String(statx),
    O_NOFOLLOW: String(c.O_NOFOLLOW),
    O_NONBLOCK: String(c.O_NONBLOCK),
    O_PATH: String(O_PATH),
  };
  return ASK_PL.replace(/@([A-Z_]+)@/g, (all, name) => values[name] ?? all);
}

/** The analyser writes the ask files: the loader part of its own file (checked against its key), and the Perl ask. */
function writeAskFile(cache, text) {
  const at = text.indexOf(CODE_START);
  if (at < 0) return;
  const path = require('node:path');
  const perl = perlAsk();
  for (const [file, bytes] of [
    [askLocation(cache), text.slice(0, at)],
    [path.join(cache.dir, `${KEY}.ask.pl`), perl],
  ]) {
    if (bytes === null) continue;
    try {
      if (require('node:fs').readFileSync(file, 'latin1') === bytes) continue;
    } catch {
      /* none yet */
    }
    writePrivate(file, bytes);
  }
}

/**
 * The socket file, opened (O_PATH, links not followed) and checked through that descriptor: a socket
 * of this user's, private, with one link, in the trusted cache folder. The call connects through
 * the descriptor (`/proc/self/fd/<n>`), so it reaches the socket bound to exactly the file it
 * checked, whatever is renamed over the name meanwhile; genuineAnalyser then asks that the
 * analyser holds that same file open (a listener bound under another name and renamed over the
 * socket's does not: /proc/net/unix lists sockets by the name they were bound to, so without this
 * it would pass for the analyser). null: none, or not to be trusted.
 */
function openSocketFile(cache, sock) {
  const fs = require('node:fs');
  let fd = -1;
  try {
    if (!trustedDir(cache.dir)) return null;
    fd = fs.openSync(sock, O_PATH | fs.constants.O_NOFOLLOW);
    const st = fs.fstatSync(fd, { bigint: true });
    if (st.isSocket() && st.nlink === 1n && Number(st.uid) === process.getuid() && (Number(st.mode) & 0o077) === 0) return { fd, dev: st.dev, ino: st.ino };
  } catch {
    /* none, or not ours */
  }
  closeQuietly(fd);
  return null;
}

function closeQuietly(fd) {
  try {
    if (fd >= 0) require('node:fs').closeSync(fd);
  } catch {
    /* closed already */
  }
}

/** All of stdin, as the hook reads it (bounded): synchronous reads, the stream where fd 0 is non-blocking. */
function readInput(done) {
  const limit = 16 * 1024 * 1024;
  const chunks = [];
  let size = 0;
  const text = () => Buffer.concat(chunks).toString('utf8');
  try {
    const buf = Buffer.allocUnsafe(64 * 1024);
    while (true) {
      const n = require('node:fs').readSync(0, buf, 0, buf.length, null);
      if (n === 0) break;
      size += n;
      if (size > limit) return done({ text: '', tooLarge: true });
      chunks.push(Buffer.from(buf.subarray(0, n)));
    }
    return done({ text: text(), tooLarge: false });
  } catch (err) {
    if (err.code === 'EOF') return done({ text: text(), tooLarge: false });
    if (err.code !== 'EAGAIN' && err.code !== 'EWOULDBLOCK') return done({ text: '', tooLarge: false });
  }
  if (process.stdin.isTTY) return done({ text: '', tooLarge: false });
  let tooLarge = false;
  process.stdin.on('data', (chunk) => {
    if (tooLarge) return;
    size += chunk.length;
    if (size > limit) {
      tooLarge = true;
      chunks.length = 0;
    } else chunks.push(chunk);
  });
  process.stdin.on('end', () => done({ text: text(), tooLarge }));
  process.stdin.on('error', () => done({ text: '', tooLarge }));
}

/**
 * The call, answered by the resident analyser (AGENT_GUARD_RESIDENT=ask), or in this process when
 * that fails in any way (see above).
 */
function askResident() {
  const cache = cacheLocation();
  const sock = residentLocation(cache);
  // Started as the ask file (`node <cache>/<key>.ask.js <hook file>`, see writeAskFile), the call's
  // hook file is the next argument, and it is that file that answers when the analyser does not.
  const asking = isAskFile();
  const hookFile = asking ? require('node:path').resolve(process.argv[2] || '') : process.argv[1];
  const itself = (input) => (asking ? runHookFile(hookFile, input) : run(input));
  const socketFile = sock ? openSocketFile(cache, sock) : null;
  if (!socketFile) return itself();
  readInput((input) => {
    let cwd;
    try {
      cwd = process.cwd();
    } catch {
      return itself(input);
    }
    if (input.tooLarge) return itself(input);
    // The socket file's descriptor is needed only to connect.
    const release = () => {
      closeQuietly(socketFile.fd);
      socketFile.fd = -1;
    };
    let settled = false;
    const fallBack = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      conn.destroy();
      release();
      if (process.env.AGENT_GUARD_RESIDENT_TRACE) process.stderr.write('agent-guard: resident not used\n');
      itself(input);
    };
    const conn = require('node:net').connect(`/proc/self/fd/${socketFile.fd}`);
    conn.once('connect', release);
    const timer = setTimeout(fallBack, RESIDENT_WAIT_MS);
    const reply = [];
    let size = 0;
    // The analyser's first line is its pid. Nothing of the call (its input, its environment) goes
    // out before that process is known to be the analyser itself (genuineAnalyser).
    let pid = 0;
    let head = '';
    conn.on('data', (d) => {
      size += d.length;
      if (size > MAX_REQUEST) return fallBack();
      if (pid) return void reply.push(d);
      head += d.toString('latin1');
      const nl = head.indexOf('\n');
      if (nl < 0) return void (head.length > 16 && fallBack());
      const line = head.slice(0, nl);
      if (!/^\d{1,10}$/.test(line) || head.length > nl + 1 || !genuineAnalyser(cache, sock, Number(line), hookFile, socketFile)) return fallBack();
      pid = Number(line);
      conn.end(JSON.stringify({ v: 2, key: KEY, stdin: input.text, env: process.env, cwd, file: hookFile }));
    });
    conn.on('error', fallBack);
    conn.on('close', () => {
      if (settled) return;
      if (!pid) return fallBack();
      const r = unframe(Buffer.concat(reply));
      if (!r) return fallBack();
      settled = true;
      clearTimeout(timer);
      if (process.env.AGENT_GUARD_RESIDENT_TRACE) process.stderr.write(`agent-guard: resident used (pid ${pid}${asking ? ', ask file' : ''})\n`);
      if (r.stderr) process.stderr.write(r.stderr);
      if (r.stdout) process.stdout.write(r.stdout);
      process.exitCode = r.exitCode;
      // As main() does: exit once the answer is written (a natural exit takes the heap apart).
      process.once('beforeExit', () => process.exit());
    });
  });
}

/**
 * At exit, after the answer: starts `node <file> --agent-guard-serve` detached, with no stdio of
 * ours, under the Node that ran this call, unless an analyser answers on the socket already; at most
 * once per RESIDENT_RETRY_MS (the mark `<key>.serve.try`, as requestSnapshot's).
 */
function requestResident(cache, file) {
  try {
    const sock = residentLocation(cache);
    if (!sock || !file) return;
    if (!makeCacheDir(cache)) return;
    startInBackground(
      cache,
      `${KEY}.serve.try`,
      RESIDENT_RETRY_MS,
      [file, SERVE],
      [
        'AGENT_GUARD_SNAPSHOT',
        'AGENT_GUARD_AFTER_SNAPSHOT',
        'AGENT_GUARD_AFTER_ASK',
        'AGENT_GUARD_RESIDENT',
        'AGENT_GUARD_SNAPSHOT_TRACE',
        'AGENT_GUARD_RESIDENT_TRACE',
        ...STARTUP_VARS,
      ],
    );
  } catch {
    /* no analyser this time: this process answered */
  }
}

/** `node <hook file> --agent-guard-serve`: the resident analyser (see above). */
function serve() {
  const fs = require('node:fs');
  const net = require('node:net');
  const cache = residentHere() ? cacheLocation() : null;
  const sock = residentLocation(cache);
  if (!sock) return;
  if (!makeCacheDir(cache)) return;
  // Only this build's own code, hashed now against its key (as the snapshot's builder does).
  const self = readSelf(__filename);
  const { code } = embeddedCode(self.bytes.toString('utf8'));
  const hash = self.id ? hashes(self.bytes, code) : null;
  if (!hash?.code.startsWith(KEY)) return;
  // Sealed: a call checks that the analyser's file is its own (genuineAnalyser).
  if (sealOf(cache, self.id)?.file !== hash.file) remember(cache, self, hash, true, false, null, null);
  // A listener keeps Node from opening its inspector on SIGUSR1 (to anyone who can connect to it).
  process.on('SIGUSR1', () => {});
  // A listening socket handed down by whoever started it (one under the socket's name, say) would
  // let that process answer calls in this one's name: none is accepted. (Other sockets are fine:
  // Node's own stdio pipes are socket pairs.)
  if (inheritsListener()) return;
  // An analyser already listening under the name and running keeps it: a call that fell back (it
  // was busy, or is another node's, which this call's asks do not believe) asks for one, and two
  // would take turns replacing each other. One stopped or traced is ended (while it holds a
  // socket listed under the name, no call believes either), and one gone is replaced.
  const holder = listenerHolder(sock);
  if (holder && runsFreely(holder)) return;
  if (holder)
    try {
      process.kill(holder, 'SIGKILL');
    } catch {
      /* gone already */
    }
  const { exports, honest } = load();
  if (!honest || typeof exports.answer !== 'function') return;
  if (typeof exports.warmUp === 'function') exports.warmUp();
  process.chdir('/');
  // The socket is made private; what the calls write (a decision log) keeps the user's umask.
  const umask = process.umask(0o077);
  // A call without HOME finds its home as its own process would (os.homedir() reads HOME first,
  // then the password database): this process's HOME, the first call's, must not answer for it.
  delete process.env.HOME;
  const started = Date.now();
  let idle;
  let own = null;
  // (Kept: see the listen callback.)
  let ownFile = -1;
  const leave = () => {
    try {
      const st = fs.lstatSync(sock);
      if (own && st.ino === own) fs.unlinkSync(sock);
    } catch {
      /* gone already */
    }
    process.exit(0);
  };
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(leave, RESIDENT_IDLE_MS);
  };
  const server = net.createServer((conn) => {
    const chunks = [];
    let size = 0;
    // Who answers: the call checks this process before it sends anything (genuineAnalyser).
    conn.write(`${process.pid}\n`);
    conn.setTimeout(RESIDENT_WAIT_MS, () => conn.destroy());
    conn.on('data', (d) => {
      size += d.length;
      if (size > MAX_REQUEST) conn.destroy();
      else chunks.push(d);
    });
    conn.on('end', () => {
      touch();
      conn.end(frame(answerRequest(exports, Buffer.concat(chunks).toString('utf8'))));
    });
    conn.on('error', () => {});
  });
  server.maxConnections = 64;
  // Bound under the socket's own name (a call checks the name the socket was bound to): one left by
  // an analyser that is gone, or that a newer one replaces, is removed first (the older one leaves).
  server.on('error', () => process.exit(0));
  try {
    if (!fs.lstatSync(sock).isDirectory()) fs.unlinkSync(sock);
  } catch {
    /* none there */
  }
  server.listen(sock, () => {
    process.umask(umask);
    try {
      own = fs.lstatSync(sock).ino;
      // Its socket file held open for as long as it runs: a call believes only the process that
      // holds the very file it connected through (openSocketFile, opensFile).
      ownFile = fs.openSync(sock, O_PATH | fs.constants.O_NOFOLLOW);
      if (fs.fstatSync(ownFile).ino !== own) return leave();
    } catch {
      return leave();
    }
    writeAskFile(cache, self.bytes.toString('latin1'));
    touch();
    // Leaves when its socket is no longer its own (a newer analyser, the folder removed), its hook
    // file changed, or it has run long enough.
    setInterval(() => {
      let ours = false;
      try {
        // (Not trustedDir: from '/', every folder is inside the workspace it checks against.)
        const dir = fs.lstatSync(cache.dir);
        ours = fs.lstatSync(sock).ino === own && dir.isDirectory() && ownedAndPrivate(dir);
        // Its hook file removed or changed (uninstalled, updated): calls no longer believe it.
        ours = ours && identity(fs.statSync(__filename, { bigint: true })) === self.id;
      } catch {
        ours = false;
      }
      if (!ours || Date.now() - started > RESIDENT_LIFE_MS) leave();
      // Another process holding this socket (taken from this one through ptrace-class access) could
      // answer calls in its name: then this one leaves, and its name with it. Looked for at every
      // tick, calls or not: the calls such a process takes never reach this one.
      if (listenerHolder(sock)) leave();
    }, 5000).unref();
  });
}

/** The Unix sockets listening (flag 0x10000), from /proc/net/unix: each one's inode and name. */
function listeningSockets() {
  const out = [];
  for (const line of require('node:fs').readFileSync('/proc/net/unix', 'latin1').split('\n')) {
    const m = /^\s*[0-9a-fA-F]+: [0-9a-fA-F]+ [0-9a-fA-F]+ ([0-9a-fA-F]+) [0-9a-fA-F]+ [0-9a-fA-F]+ +(\d+)(?: (.*))?$/.exec(line);
    if (m && (Number.parseInt(m[1], 16) & 0x10000) !== 0) out.push({ inode: m[2], path: m[3] ?? '' });
  }
  return out;
}

/** Whether this process holds a listening Unix socket (or cannot tell). */
function inheritsListener() {
  const fs = require('node:fs');
  try {
    const held = new Set();
    for (const fd of fs.readdirSync('/proc/self/fd')) {
      try {
        const link = fs.readlinkSync(`/proc/self/fd/${fd}`);
        if (link.startsWith('socket:[')) held.add(link.slice('socket:['.length, -1));
      } catch {
        /* the listing's own descriptor, closed already */
      }
    }
    return held.size > 0 && listeningSockets().some((s) => held.has(s.inode));
  } catch {
    return true;
  }
}

/**
 * The process other than this one that holds the socket listening under `sock`, or 0: none found
 * (bounded: a machine with more descriptors than that is not searched to the end).
 */
function listenerHolder(sock) {
  const fs = require('node:fs');
  try {
    const inode = listeningSockets().find((s) => s.path === sock)?.inode;
    if (!inode) return 0;
    const target = `socket:[${inode}]`;
    const budget = { left: 50000 };
    for (const p of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(p) || Number(p) === process.pid) continue;
      if (holds(p, target, budget)) return Number(p);
      if (budget.left < 0) return 0;
    }
  } catch {
    /* no /proc to read */
  }
  return 0;
}

/**
 * Whether process `pid` runs freely: not traced, and not stopped (a process stopped is one whose
 * descriptors another may be taking). False where its status cannot be read.
 */
function runsFreely(pid) {
  try {
    const status = require('node:fs').readFileSync(`/proc/${pid}/status`, 'latin1');
    return /^TracerPid:\s+0$/m.test(status) && !/^State:\s+[tT]/m.test(status);
  } catch {
    return false;
  }
}

/**
 * Whether process `pid` has `target` (`socket:[<inode>]`) among its descriptors (false where they
 * cannot be read: another user's, or gone). `budget.left` counts down the descriptors read.
 */
function holds(pid, target, budget = { left: Number.POSITIVE_INFINITY }) {
  return holdsEach(pid, [linksTo(target)], budget);
}

/**
 * Whether process `pid` has, for each of `tests`, a descriptor that passes it (each is given the
 * descriptor's path in /proc), from one look at its descriptors (false where they cannot be read:
 * another user's, or gone). `budget.left` counts down the descriptors read.
 */
function holdsEach(pid, tests, budget = { left: Number.POSITIVE_INFINITY }) {
  const fs = require('node:fs');
  let fds;
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  const left = new Set(tests);
  for (const fd of fds) {
    if (--budget.left < 0) return false;
    for (const test of left) {
      try {
        if (test(`/proc/${pid}/fd/${fd}`)) left.delete(test);
      } catch {
        /* closed meanwhile */
      }
    }
    if (left.size === 0) return true;
  }
  return false;
}

/** A test for holdsEach: a descriptor whose link is `target` (`socket:[<inode>]`). */
function linksTo(target) {
  return (fd) => require('node:fs').readlinkSync(fd) === target;
}

/** A test for holdsEach: a descriptor open on `file` (its device and inode), the socket file a call checked (openSocketFile). */
function opensFile(file) {
  return (fd) => {
    const st = require('node:fs').statSync(fd, { bigint: true });
    return st.dev === file.dev && st.ino === file.ino;
  };
}

/**
 * An answer as the analyser sends it, simple to read in any language (scripts/resident-ask.pl):
 * `<exit> <stdout bytes> <stderr bytes>\n<stdout><stderr>`; `fallback\n` where this process
 * cannot stand in for the call's own.
 */
function frame(r) {
  if (r.fallback || (r.exitCode !== 0 && r.exitCode !== 2) || typeof r.stdout !== 'string' || typeof r.stderr !== 'string') return 'fallback\n';
  const out = Buffer.from(r.stdout, 'utf8');
  const err = Buffer.from(r.stderr, 'utf8');
  return Buffer.concat([Buffer.from(`${r.exitCode} ${out.length} ${err.length}\n`), out, err]);
}

/** The answer of a framed reply (`frame`), or null when it is not one. */
function unframe(reply) {
  const nl = reply.indexOf(10);
  const m = nl > 0 && nl < 24 ? /^([02]) (\d{1,9}) (\d{1,9})$/.exec(reply.subarray(0, nl).toString('latin1')) : null;
  if (!m || reply.length !== nl + 1 + Number(m[2]) + Number(m[3])) return null;
  const out = nl + 1 + Number(m[2]);
  return { exitCode: Number(m[1]), stdout: reply.subarray(nl + 1, out).toString('utf8'), stderr: reply.subarray(out).toString('utf8') };
}

/** One request: the answer cli/hook.ts gives, in the call's folder; `fallback` where this process cannot stand in for the call's own. */
function answerRequest(exports, text) {
  let q;
  try {
    q = JSON.parse(text);
  } catch {
    return { fallback: true };
  }
  if (
    q?.v !== 2 ||
    q.key !== KEY ||
    typeof q.stdin !== 'string' ||
    typeof q.cwd !== 'string' ||
    typeof q.file !== 'string' ||
    !q.env ||
    typeof q.env !== 'object'
  )
    return { fallback: true };
  try {
    process.chdir(q.cwd);
  } catch {
    return { fallback: true };
  }
  try {
    return exports.answer(q.stdin, q.env, q.file);
  } catch {
    return { fallback: true };
  } finally {
    try {
      process.chdir('/');
    } catch {
      /* stays where it is */
    }
  }
}

function start() {
  // node:v8 only when Node was asked to build one (a call never loads it).
  if (SNAPSHOT && process.execArgv.includes('--build-snapshot') && snapshotsHere() && require('node:v8').startupSnapshot.isBuildingSnapshot())
    return buildSnapshot();
  if (SNAPSHOT && process.argv[2] === MAKE_SNAPSHOT) return makeSnapshot();
  if (SNAPSHOT && process.argv[2] === SERVE) return serve();
  // Required by the ask file (runHookFile), with the call's stdin read already.
  const input = globalThis.__agentGuardInput;
  if (input !== undefined) {
    globalThis.__agentGuardInput = undefined;
    return run(input);
  }
  if (SNAPSHOT && isAskFile()) return residentHere() ? askResident() : runHookFile(require('node:path').resolve(process.argv[2] || ''));
  if (process.env.AGENT_GUARD_RESIDENT === 'ask' && residentHere()) return askResident();
  run();
}

start();
