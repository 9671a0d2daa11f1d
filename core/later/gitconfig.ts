// git's config file syntax (`[section "sub"]`, `key = value`, quotes, escapes, comments) read as data:
// the settings whose value git later runs as a command. Never runs git. One linear pass.

import { GIT_COMMAND_SETTINGS } from '../programs/command-strings';

export interface GitConfigEntry {
  /** section[.subsection].key, with section and key lower-cased as git compares them. */
  key: string;
  value: string;
}

const MAX_ENTRIES = 4096;

/** The entries of a git config file, in order. Lines git would reject are skipped. */
export function parseGitConfig(text: string): GitConfigEntry[] {
  const out: GitConfigEntry[] = [];
  let section = '';
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length && out.length < MAX_ENTRIES; n++) {
    let line = lines[n]!.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    if (line.startsWith('[')) {
      const close = line.indexOf(']');
      if (close < 0) continue;
      const head = line.slice(1, close).trim();
      const quoted = /^([\w.-]+)\s+"((?:[^"\\]|\\.)*)"$/.exec(head);
      section = quoted ? `${quoted[1]!.toLowerCase()}.${quoted[2]!.replace(/\\(.)/g, '$1')}` : head.toLowerCase();
      line = line.slice(close + 1).trim();
      if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    }
    const eq = line.indexOf('=');
    const name = (eq < 0 ? line : line.slice(0, eq)).trim().toLowerCase();
    if (!/^[a-z][a-z0-9-]*$/.test(name) || section === '') continue;
    let raw = eq < 0 ? 'true' : line.slice(eq + 1);
    // A backslash at the end of the line continues the value on the next one.
    while (/(^|[^\\])(\\\\)*\\$/.test(raw) && n + 1 < lines.length) raw = raw.slice(0, -1) + lines[++n]!;
    out.push({ key: `${section}.${name}`, value: configValue(raw) });
  }
  return out;
}

/** A value as git reads it: quotes removed, \n \t \\ \" escapes, a comment (# or ;) outside quotes ends it. */
function configValue(raw: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) {
      const n = raw[++i]!;
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n === 'b' ? '' : n;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '#' || c === ';')) break;
    else out += c;
  }
  return out.trim();
}

/** A command a setting holds: `shell` text git runs through sh, or `git` arguments (an alias without `!`). */
export interface GitConfigCommand {
  key: string;
  lang: 'shell' | 'git';
  text: string;
}

const BOOLEAN = /^(?:true|false|yes|no|on|off|1|0|)$/i;

/** What running the setting `key` = `value` will run later, if it is one git runs as a command. */
export function configCommand(key: string, value: string): GitConfigCommand | null {
  const k = key.toLowerCase();
  if (k.startsWith('alias.')) {
    if (value.startsWith('!')) return { key, lang: 'shell', text: value.slice(1) };
    return value.trim() === '' ? null : { key, lang: 'git', text: value };
  }
  // core.fsmonitor = true is git's own daemon; any other value is a command run on every status.
  if (k === 'core.fsmonitor' && BOOLEAN.test(value.trim())) return null;
  if (k === 'credential.helper' || /^credential\..+\.helper$/.test(k)) {
    if (value.startsWith('!')) return { key, lang: 'shell', text: value.slice(1) };
    // `store`, `cache --timeout=60`: git runs its own git-credential-<name>.
    return /^[/~]/.test(value) ? { key, lang: 'shell', text: value } : null;
  }
  if (k === 'core.fsmonitor' || /^credential\..+\.helper$/.test(k) || GIT_COMMAND_SETTINGS.test(k))
    return value.trim() === '' ? null : { key, lang: 'shell', text: value };
  return null;
}

/** Every command a git config file's text holds. */
export function gitConfigCommands(text: string): GitConfigCommand[] {
  return parseGitConfig(text)
    .map((e) => configCommand(e.key, e.value))
    .filter((c): c is GitConfigCommand => c !== null);
}

/** git's own subcommands: an alias with one of these names is ignored by git. */
export const GIT_BUILTINS = new Set(
  (
    'add am annotate apply archive bisect blame branch bundle cat-file check-attr check-ignore check-mailmap check-ref-format checkout ' +
    'checkout-index cherry cherry-pick citool clean clone column commit commit-graph commit-tree config count-objects credential describe ' +
    'diff diff-files diff-index diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref ' +
    'for-each-repo format-patch fsck gc get-tar-commit-id grep gui hash-object help hook index-pack init instaweb interpret-trailers log ' +
    'ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base merge-file merge-index merge-tree mergetool mktag mktree ' +
    'multi-pack-index mv name-rev notes pack-objects pack-redundant pack-refs patch-id prune prune-packed pull push range-diff read-tree ' +
    'rebase receive-pack reflog remote repack replace request-pull rerere reset restore rev-list rev-parse revert rm send-email send-pack ' +
    'shortlog show show-branch show-index show-ref sparse-checkout stage stash status stripspace submodule switch symbolic-ref tag ' +
    'unpack-file unpack-objects update-index update-ref update-server-info upload-archive upload-pack var verify-commit verify-pack ' +
    'verify-tag version whatchanged worktree write-tree'
  ).split(' '),
);
