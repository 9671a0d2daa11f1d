// A nested agent started without the hooks Agent Guard installed: one row per agent CLI Agent Guard
// installs into (core/install/targets/), naming what in its command line or environment starts it
// without them. Three kinds of effect, judged the same way for every host:
//   - hooks off altogether (a flag, an environment variable, a settings text or config override);
//   - a settings source left out (the project's or the user's files are not loaded);
//   - another config home (the user-level files, and where a host keeps its hook trust, move).
// A source is lost only when it holds Agent Guard's hook (read through the guard's context; a file
// that exists but cannot be read counts as holding it). What the documentation says keeps the hook
// is not here: Claude Code's PreToolUse hooks run in every permission mode, including
// --dangerously-skip-permissions (/work/shared/reference/claude-code.md §1.9, "Hooks and permission
// modes"); Gemini's --yolo, Codex's --dangerously-bypass-approvals-and-sandbox and Copilot's
// --allow-all-tools are how test/real-hosts/world.mjs runs each real CLI, with the hook denying.
// Sources per row: each CLI's --help (claude 2.x --bare/--safe-mode/--restricted/--setting-sources/
// --settings; codex exec -c/--config, --disable, --dangerously-bypass-hook-trust; copilot
// `help environment` COPILOT_HOME, COPILOT_ALLOW_ALL, --trust-folder; opencode --pure, which sets
// OPENCODE_PURE and loads no plugin origins) and claude-code.md §1.2 (disableAllHooks, --bare /
// CLAUDE_CODE_SIMPLE, --safe-mode, managed hooks), §2.1 (CLAUDE_CONFIG_DIR).

import type { Invocation, ShellAnalysis, Value } from '../shell/model';
import { basename, isSameOrAncestor, resolvePath } from '../paths';
import { HOOK_MARK, PLUGIN_ID } from './hook-settings';
import { lineEnv } from './line-env';
import { shellWrites, type ShellWrite } from '../later/written';
import type { Denial, GuardContext } from './types';
import { namesOnly } from '../programs/table';

type Scope = 'user' | 'project' | 'local' | 'managed';

/** Where a nested run reads its configuration: the folders the line gives it. */
interface Homes {
  /** $HOME as the nested agent sees it (null: set on the line to a value not known here). */
  home: string | null;
  env: ReadonlyMap<string, string | null>;
  project: string;
}

interface Launch {
  /** The agent's own arguments (after the package, for a package runner). */
  args: Value[];
  env: ReadonlyMap<string, string | null>;
  inv: Invocation;
}

/** What a row finds: the scopes left out, or the hooks switched off (all but `kept`). */
interface Finding {
  what: string;
  /** Argument indices (into Launch.args) to drop for the suggestion; env names to drop. */
  dropArgs: number[];
  dropEnv: string[];
  lost: Scope[] | 'all';
  /** Scopes a whole switch does not reach (managed hooks survive disableAllHooks). */
  kept?: Scope[];
  /** Words the suggestion adds (`--add-dir /tmp/x` for a run moved out of the project). */
  addArgs?: string[];
}

interface AgentRow {
  name: string;
  programs: string[];
  packages: string[];
  /** Options that start it in another folder (its project is that folder). */
  dirOptions?: string[];
  /** The option that gives a run in this project access to another folder, for the suggestion. */
  addDir?: string;
  /** The files per scope that hold Agent Guard's hook when it is installed there. */
  sources(h: Homes, ctx: GuardContext): Partial<Record<Scope, string[]>>;
  /** What this launch does to the hooks. */
  judge(l: Launch, h: Homes, ctx: GuardContext, analysis: ShellAnalysis): Finding[];
}

const TRUTHY = /^(?:1|true|yes|on)$/i;
/** An environment switch is on when the line sets it to a true value, or to one not known here. */
const envOn = (env: ReadonlyMap<string, string | null>, name: string) => env.has(name) && (env.get(name) === null || TRUTHY.test(env.get(name)!.trim()));

/** `--flag value` or `--flag=value`: each occurrence with the value and the indices it spans. */
function optionValues(args: Value[], names: string[]): { value: Value | null; text: string | null; at: number[] }[] {
  const out: { value: Value | null; text: string | null; at: number[] }[] = [];
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.known;
    if (t === '--') break;
    if (t === null) continue;
    if (names.includes(t)) {
      const v = args[i + 1] ?? null;
      out.push({ value: v, text: v?.known ?? null, at: v ? [i, i + 1] : [i] });
      i++;
      continue;
    }
    const eq = names.find((n) => n.startsWith('--') && t.startsWith(`${n}=`));
    if (eq) out.push({ value: args[i]!, text: t.slice(eq.length + 1), at: [i] });
  }
  return out;
}

function flagAt(args: Value[], names: string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i]!.known === '--') break;
    if (names.includes(args[i]!.known ?? '')) out.push(i);
  }
  return out;
}

/** A config home the line moves: the variable's value differs from what the session uses (or is unknown). */
function movedHome(h: Homes, ctx: GuardContext, variable: string | null, defaultUnder: string): string | null {
  if (variable && h.env.has(variable)) {
    const v = h.env.get(variable);
    if (v === null || v === undefined) return variable;
    return resolvePath(h.project, v, ctx.home) === resolvePath('/', `${ctx.home}/${defaultUnder}`, ctx.home) ? null : variable;
  }
  if (h.env.has('HOME') && (h.home === null || resolvePath('/', h.home, ctx.home) !== ctx.home)) return 'HOME';
  return null;
}

const userDir = (h: Homes, ctx: GuardContext, variable: string | null, under: string): string =>
  variable && h.env.get(variable) ? resolvePath(h.project, h.env.get(variable)!, ctx.home) : `${h.home ?? ctx.home}/${under}`;

const MANAGED_CLAUDE = ['/etc/claude-code', '/Library/Application Support/ClaudeCode', 'C:/Program Files/ClaudeCode'].map((d) => `${d}/managed-settings.json`);

/** A settings text Claude Code would load: does it switch every (non-managed) hook off? null when it cannot be read here. */
function claudeSettingsOff(text: string | null): boolean | null {
  if (text === null) return null;
  if (text.length > 2 * 1024 * 1024) return null;
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    return o.disableAllHooks === true || o.allowManagedHooksOnly === true;
  } catch {
    // Not JSON: Claude Code stops with a settings error rather than starting without the hook.
    return false;
  }
}

const writesCache = new WeakMap<ShellAnalysis, { byPath: Map<string, ShellWrite[]>; order: Map<Invocation, number> }>();

/** What the line writes, by path, and each invocation's place on it: computed once per analysis. */
function writesOf(analysis: ShellAnalysis, ctx: GuardContext): { byPath: Map<string, ShellWrite[]>; order: Map<Invocation, number> } {
  let found = writesCache.get(analysis);
  if (!found) {
    const byPath = new Map<string, ShellWrite[]>();
    for (const w of shellWrites(analysis, ctx.home, (p) => ctx.readText(p, 2 * 1024 * 1024))) {
      const list = byPath.get(w.path);
      if (list) list.push(w);
      else byPath.set(w.path, [w]);
    }
    found = { byPath, order: new Map(analysis.invocations.map((inv, i) => [inv, i])) };
    writesCache.set(analysis, found);
  }
  return found;
}

/** The text of a file named on the line: written earlier on it when it is, else on disk now (null: unknown). */
function fileText(inv: Invocation, v: Value, ctx: GuardContext, analysis: ShellAnalysis): { text: string | null; missing: boolean } {
  if (v.known === null || inv.cwd === null) return { text: null, missing: false };
  const path = resolvePath(inv.cwd, v.known, ctx.home);
  const line = writesOf(analysis, ctx);
  const before = line.order.get(inv) ?? 0;
  const written = (line.byPath.get(path) ?? []).filter((w) => (line.order.get(w.inv) ?? 0) < before);
  if (written.length > 0) return { text: written[written.length - 1]!.text, missing: false };
  const text = ctx.readText(path, 2 * 1024 * 1024);
  return { text, missing: text === null && !ctx.exists(path) };
}

export const AGENTS: AgentRow[] = [
  {
    name: 'Claude Code',
    programs: ['claude'],
    packages: ['@anthropic-ai/claude-code'],
    addDir: '--add-dir',
    sources(h, ctx) {
      const user = userDir(h, ctx, 'CLAUDE_CONFIG_DIR', '.claude');
      return {
        user: [`${user}/settings.json`, `${user}/plugins/installed_plugins.json`],
        project: [`${h.project}/.claude/settings.json`],
        local: [`${h.project}/.claude/settings.local.json`],
        managed: MANAGED_CLAUDE,
      };
    },
    judge(l, h, ctx, analysis) {
      const out: Finding[] = [];
      // --bare sets CLAUDE_CODE_SIMPLE: no hook from settings or plugins is loaded.
      const bare = flagAt(l.args, ['--bare']);
      if (bare.length > 0) out.push({ what: '--bare starts it without the hooks of every settings file and plugin', dropArgs: bare, dropEnv: [], lost: 'all' });
      if (envOn(l.env, 'CLAUDE_CODE_SIMPLE'))
        out.push({
          what: 'CLAUDE_CODE_SIMPLE starts it in bare mode, without the hooks of every settings file and plugin',
          dropArgs: [],
          dropEnv: ['CLAUDE_CODE_SIMPLE'],
          lost: 'all',
        });
      const safe = flagAt(l.args, ['--safe-mode']);
      if (safe.length > 0)
        out.push({ what: '--safe-mode starts it without hooks (only managed ones run)', dropArgs: safe, dropEnv: [], lost: 'all', kept: ['managed'] });
      if (envOn(l.env, 'CLAUDE_CODE_SAFE_MODE'))
        out.push({
          what: 'CLAUDE_CODE_SAFE_MODE starts it in safe mode, without hooks (only managed ones run)',
          dropArgs: [],
          dropEnv: ['CLAUDE_CODE_SAFE_MODE'],
          lost: 'all',
          kept: ['managed'],
        });
      const restricted = flagAt(l.args, ['--restricted']);
      if (restricted.length > 0)
        out.push({
          what: '--restricted ignores the user, project and local settings files',
          dropArgs: restricted,
          dropEnv: [],
          lost: ['user', 'project', 'local'],
        });
      for (const o of optionValues(l.args, ['--setting-sources'])) {
        const chosen = o.text === null ? null : new Set(o.text.split(',').map((s) => s.trim()));
        const lost = (['user', 'project', 'local'] as const).filter((s) => chosen === null || !chosen.has(s));
        if (lost.length > 0)
          out.push({
            what: `--setting-sources ${o.text === null ? '(a value not known here)' : o.text === '' ? '""' : o.text} leaves out the ${lost.join(', ')} settings`,
            dropArgs: o.at,
            dropEnv: [],
            lost,
          });
      }
      for (const o of optionValues(l.args, ['--settings'])) {
        if (!o.value) continue;
        const inline = o.text?.trimStart().startsWith('{');
        const file = inline ? { text: o.text, missing: false } : fileText(l.inv, o.value, ctx, analysis);
        if (file.missing) continue;
        const off = claudeSettingsOff(file.text);
        if (off === false) continue;
        out.push({
          what:
            off === null
              ? `--settings ${inline ? 'is given' : `names ${o.text ?? 'a file'}`} whose text cannot be read here, so whether it sets disableAllHooks cannot be checked`
              : `--settings ${inline ? '' : `${o.text} `}sets disableAllHooks, which switches off every hook but managed ones`,
          dropArgs: o.at,
          dropEnv: [],
          lost: 'all',
          kept: ['managed'],
        });
      }
      const moved = movedHome(h, ctx, 'CLAUDE_CONFIG_DIR', '.claude');
      if (moved) out.push({ what: `${moved} moves the user settings folder (~/.claude) it reads`, dropArgs: [], dropEnv: [moved], lost: ['user'] });
      return out;
    },
  },
  {
    name: 'Codex',
    programs: ['codex'],
    packages: ['@openai/codex'],
    dirOptions: ['-C', '--cd'],
    addDir: '--add-dir',
    sources(h, ctx) {
      const user = userDir(h, ctx, 'CODEX_HOME', '.codex');
      return { user: [`${user}/hooks.json`], project: [`${h.project}/.codex/hooks.json`] };
    },
    judge(l, h, ctx) {
      const out: Finding[] = [];
      for (const o of optionValues(l.args, ['-c', '--config'])) {
        const t = o.text;
        const key = (t ?? o.value?.ifUnset ?? '').split('=')[0]!.trim();
        if (t === null) {
          // `-c "model=$M"`: the key is literal and not the hooks'; a key the line computes is not known.
          if (key === '' || key === 'features' || key.startsWith('features.hooks') || key === 'hooks' || key.startsWith('hooks.') || !/^[\w.-]+$/.test(key))
            out.push({ what: '-c overrides a configuration value not known here', dropArgs: o.at, dropEnv: [], lost: 'all' });
          continue;
        }
        const value = t.slice(t.indexOf('=') + 1);
        if (key === 'features.hooks' && /^\s*false\s*$/.test(value))
          out.push({ what: `-c ${t} switches every hook off`, dropArgs: o.at, dropEnv: [], lost: 'all' });
        else if (key === 'features' && /\bhooks\s*=\s*false\b/.test(value))
          out.push({ what: `-c ${t} switches every hook off`, dropArgs: o.at, dropEnv: [], lost: 'all' });
        // [hooks.state."…"] in config.toml holds the hash Codex trusts a hook by (core/install/codex-trust.ts).
        else if (key === 'hooks' || key.startsWith('hooks.'))
          out.push({ what: `-c ${t} replaces the hooks table, where Codex records which hooks it trusts and runs`, dropArgs: o.at, dropEnv: [], lost: 'all' });
      }
      for (const o of optionValues(l.args, ['--disable']))
        if (o.text === null || o.text === 'hooks')
          out.push({ what: `--disable ${o.text ?? '…'} switches every hook off`, dropArgs: o.at, dropEnv: [], lost: 'all' });
      const moved = movedHome(h, ctx, 'CODEX_HOME', '.codex');
      if (moved) {
        // The trust records of project hooks live in $CODEX_HOME/config.toml too.
        const bypass = flagAt(l.args, ['--dangerously-bypass-hook-trust']).length > 0;
        out.push({
          what: `${moved} moves Codex's home (~/.codex), which holds the user hooks${bypass ? '' : ' and the record that trusts the project hooks'}`,
          dropArgs: [],
          dropEnv: [moved],
          lost: bypass ? ['user'] : ['user', 'project'],
        });
      }
      return out;
    },
  },
  {
    name: 'Gemini CLI',
    programs: ['gemini'],
    packages: ['@google/gemini-cli'],
    addDir: '--include-directories',
    sources(h, ctx) {
      return { user: [`${h.home ?? ctx.home}/.gemini/settings.json`], project: [`${h.project}/.gemini/settings.json`] };
    },
    judge(l, h, ctx) {
      const out: Finding[] = [];
      // A system settings file overrides every other scope (hooksConfig, hooks).
      if (l.env.has('GEMINI_CLI_SYSTEM_SETTINGS_PATH')) {
        const v = l.env.get('GEMINI_CLI_SYSTEM_SETTINGS_PATH');
        const text = v ? ctx.readText(resolvePath(h.project, v, ctx.home), 2 * 1024 * 1024) : null;
        if (text === null || /"hooks(?:Config)?"\s*:/.test(text))
          out.push({
            what: 'GEMINI_CLI_SYSTEM_SETTINGS_PATH gives it system settings, which override the hook configuration of every other settings file',
            dropArgs: [],
            dropEnv: ['GEMINI_CLI_SYSTEM_SETTINGS_PATH'],
            lost: 'all',
          });
      }
      const moved = movedHome(h, ctx, null, '.gemini');
      if (moved) out.push({ what: `${moved} moves the user settings folder (~/.gemini) it reads`, dropArgs: [], dropEnv: [moved], lost: ['user'] });
      return out;
    },
  },
  {
    name: 'Copilot CLI',
    programs: ['copilot'],
    packages: ['@github/copilot'],
    addDir: '--add-dir',
    sources(h, ctx) {
      const user = userDir(h, ctx, 'COPILOT_HOME', '.copilot');
      return { user: [`${user}/hooks/agent-guard.json`], project: [`${h.project}/.github/hooks/agent-guard.json`] };
    },
    judge(l, h, ctx) {
      const moved = movedHome(h, ctx, 'COPILOT_HOME', '.copilot');
      if (!moved) return [];
      // Repository hooks load only for a trusted folder, recorded in $COPILOT_HOME/config.json
      // (test/real-hosts/world.mjs), unless this run trusts it itself.
      const trusts = flagAt(l.args, ['--trust-folder']).length > 0 || l.env.get('COPILOT_ALLOW_ALL')?.trim() === 'true';
      return [
        {
          what: `${moved} moves Copilot's home (~/.copilot), which holds the user hooks${trusts ? '' : ' and the list of trusted folders that loads the repository hooks'}`,
          dropArgs: [],
          dropEnv: [moved],
          lost: trusts ? ['user'] : ['user', 'project'],
        },
      ];
    },
  },
  {
    name: 'OpenCode',
    programs: ['opencode'],
    packages: ['opencode-ai'],
    dirOptions: ['--dir'],
    sources(h, ctx) {
      const config = h.env.get('XDG_CONFIG_HOME') ?? `${h.home ?? ctx.home}/.config`;
      return { user: [`${config}/opencode/plugins/agent-guard.js`], project: [`${h.project}/.opencode/plugins/agent-guard.js`] };
    },
    judge(l, h, ctx) {
      const out: Finding[] = [];
      const pure = flagAt(l.args, ['--pure']);
      if (pure.length > 0) out.push({ what: '--pure starts it without plugins, Agent Guard’s among them', dropArgs: pure, dropEnv: [], lost: 'all' });
      if (envOn(l.env, 'OPENCODE_PURE'))
        out.push({ what: 'OPENCODE_PURE starts it without plugins, Agent Guard’s among them', dropArgs: [], dropEnv: ['OPENCODE_PURE'], lost: 'all' });
      const moved = l.env.has('XDG_CONFIG_HOME') ? 'XDG_CONFIG_HOME' : movedHome(h, ctx, null, '.config');
      if (moved) out.push({ what: `${moved} moves the user config folder (~/.config/opencode) it reads`, dropArgs: [], dropEnv: [moved], lost: ['user'] });
      return out;
    },
  },
  {
    // Qwen Code's bundled docs (features/hooks.md, "Hooks disabled": disableAllHooks, --safe-mode or
    // QWEN_CODE_SAFE_MODE, --bare or QWEN_CODE_SIMPLE turn off all hooks, user hooks included;
    // features/sandbox.md: QWEN_HOME selects the user settings folder); `qwen --help` (--add-dir).
    name: 'Qwen Code',
    programs: ['qwen'],
    packages: ['@qwen-code/qwen-code'],
    addDir: '--add-dir',
    sources(h, ctx) {
      return { user: [`${userDir(h, ctx, 'QWEN_HOME', '.qwen')}/settings.json`], project: [`${h.project}/.qwen/settings.json`] };
    },
    judge(l, h, ctx) {
      const out: Finding[] = [];
      for (const [flag, env, mode] of [
        ['--safe-mode', 'QWEN_CODE_SAFE_MODE', 'safe mode'],
        ['--bare', 'QWEN_CODE_SIMPLE', 'bare mode'],
      ] as const) {
        const at = flagAt(l.args, [flag]);
        if (at.length > 0) out.push({ what: `${flag} starts it in ${mode}, without hooks`, dropArgs: at, dropEnv: [], lost: 'all' });
        if (envOn(l.env, env)) out.push({ what: `${env} starts it in ${mode}, without hooks`, dropArgs: [], dropEnv: [env], lost: 'all' });
      }
      const moved = movedHome(h, ctx, 'QWEN_HOME', '.qwen');
      if (moved) out.push({ what: `${moved} moves the user settings folder (~/.qwen) it reads`, dropArgs: [], dropEnv: [moved], lost: ['user'] });
      return out;
    },
  },
  {
    // Factory's droid: `droid --help` (--settings <path>: a runtime settings file merged for this
    // process; --cwd <path>); its settings switch hooksDisabled (../shared/reference/hosts-2026-12.md,
    // the droid row); hooks in ~/.factory/hooks.json and .factory/hooks.json (core/install/targets/droid.ts).
    name: 'Factory droid',
    programs: ['droid'],
    packages: [],
    dirOptions: ['--cwd'],
    sources(h, ctx) {
      return { user: [`${h.home ?? ctx.home}/.factory/hooks.json`], project: [`${h.project}/.factory/hooks.json`] };
    },
    judge(l, h, ctx, analysis) {
      const out: Finding[] = [];
      for (const o of optionValues(l.args, ['--settings'])) {
        if (!o.value) continue;
        const file = fileText(l.inv, o.value, ctx, analysis);
        if (file.missing) continue;
        const off = settingsTrue(file.text, 'hooksDisabled');
        if (off === false) continue;
        out.push({
          what:
            off === null
              ? `--settings names ${o.text ?? 'a file'} whose text cannot be read here, so whether it sets hooksDisabled cannot be checked`
              : `--settings ${o.text} sets hooksDisabled, which switches every hook off`,
          dropArgs: o.at,
          dropEnv: [],
          lost: 'all',
        });
      }
      const moved = movedHome(h, ctx, null, '.factory');
      if (moved) out.push({ what: `${moved} moves the user folder (~/.factory) whose hooks.json it reads`, dropArgs: [], dropEnv: [moved], lost: ['user'] });
      return out;
    },
  },
  {
    // Cursor's CLI reads ~/.cursor/hooks.json and the project's .cursor/hooks.json (core/install/targets/cursor.ts).
    name: 'Cursor CLI',
    programs: ['cursor-agent'],
    packages: [],
    sources(h, ctx) {
      return { user: [`${h.home ?? ctx.home}/.cursor/hooks.json`], project: [`${h.project}/.cursor/hooks.json`] };
    },
    judge(_l, h, ctx) {
      const moved = movedHome(h, ctx, null, '.cursor');
      return moved ? [{ what: `${moved} moves the user folder (~/.cursor) whose hooks.json it reads`, dropArgs: [], dropEnv: [moved], lost: ['user'] }] : [];
    },
  },
];

/** A settings text's boolean key: true when set true, false when not, null when the text cannot be read here. */
function settingsTrue(text: string | null, key: string): boolean | null {
  if (text === null || text.length > 2 * 1024 * 1024) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) && (v as Record<string, unknown>)[key] === true;
  } catch {
    return false;
  }
}

const VERSION = /@[^/@]*$/;
const RUNNERS: Record<string, string[]> = { npm: ['exec', 'x'], pnpm: ['dlx', 'exec'], yarn: ['dlx', 'exec'], bun: ['x'] };
namesOnly(RUNNERS);
const RUNNER_VALUE_OPTS = new Set(['-p', '--package', '-w', '--workspace', '--prefix', '-C', '--dir', '--filter']);

/** Each program and package name to its row (the first row that names it, as a search in row order finds it). */
const AGENT_NAMES = new Map<string, AgentRow>();
for (const a of AGENTS) for (const n of [...a.programs, ...a.packages]) if (!AGENT_NAMES.has(n)) AGENT_NAMES.set(n, a);

/** A word with no folder, version or extension in it (no `/`, `\\`, `@` or `.`): its own bare name (`mkdir`, `claude`). */
function plainName(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c === 47 || c === 92 || c === 64 || c === 46) return false;
  }
  return true;
}

/** The agent a program word names: `claude`, `/usr/local/bin/claude`, `@anthropic-ai/claude-code@2.1`. */
function agentOf(word: string | null): AgentRow | null {
  if (!word) return null;
  // Asked for every command of a line (twice): the plain name of most programs needs no rewriting.
  const bare = plainName(word)
    ? word
    : word.startsWith('@')
      ? word.replace(VERSION, '')
      : basename(word)
          .replace(VERSION, '')
          .replace(/\.exe$/i, '');
  return AGENT_NAMES.get(bare) ?? null;
}

/** The agent this invocation starts, with its own arguments: directly, or through a package runner. */
function launched(inv: Invocation): { row: AgentRow; args: Value[]; prefix: string[] } | null {
  const direct = agentOf(inv.argv[0]?.known ?? null) ?? (inv.program ? agentOf(inv.program) : null);
  if (direct) return { row: direct, args: inv.args, prefix: [inv.argv[0]?.word.raw ?? inv.program] };
  const subs = RUNNERS[inv.program];
  if (!subs?.includes(inv.args[0]?.known ?? '')) return null;
  for (let i = 1; i < inv.args.length; i++) {
    const w = inv.args[i]!.known;
    if (w === null) return null;
    if (w === '--' || w.startsWith('-')) {
      if (RUNNER_VALUE_OPTS.has(w)) i++;
      continue;
    }
    const row = agentOf(w);
    return row ? { row, args: inv.args.slice(i + 1), prefix: inv.argv.slice(0, i + 2).map((a) => a.word.raw) } : null;
  }
  return null;
}

/**
 * A run started outside this project (`cd /tmp && claude -p …`, `codex exec -C ~/other`): it reads
 * that folder's project settings, not these. A subfolder of the project is left alone here.
 */
function movedOut(row: AgentRow, l: Launch, ctx: GuardContext): Finding[] {
  const opt = optionValues(l.args, row.dirOptions ?? [])[0];
  const dir = opt ? (opt.text !== null && l.inv.cwd ? resolvePath(l.inv.cwd, opt.text, ctx.home) : null) : l.inv.cwd;
  if (dir === null || isSameOrAncestor(ctx.projectDir, dir)) return [];
  // Without such an option (OpenCode) the suggestion is the run from here.
  const add = row.addDir ? [row.addDir, shellWord(dir)] : [];
  return [
    {
      what: `it starts in ${dir}, outside this project, so the project's settings that hold the hook are not read`,
      dropArgs: opt?.at ?? [],
      dropEnv: [],
      lost: ['project', 'local'],
      addArgs: add,
    },
  ];
}

/** Does some scope the finding loses hold Agent Guard's hook? (A file that exists unread counts.) */
function holds(files: string[], ctx: GuardContext): boolean {
  return files.some((f) => {
    const text = ctx.readText(f, 1024 * 1024);
    if (text === null) return ctx.exists(f);
    return text.includes(HOOK_MARK) || text.includes(PLUGIN_ID) || f.endsWith('/agent-guard.js') || f.endsWith('/agent-guard.json');
  });
}

/**
 * A nested agent this line starts without the hooks Agent Guard installed for it: the denial says
 * what drops them and suggests the same call without it. Null when nothing of the guard is lost.
 */
export function nestedAgentWithoutGuard(inv: Invocation, analysis: ShellAnalysis, ctx: GuardContext): Denial | null {
  const start = launched(inv);
  if (!start) return null;
  const env = lineEnv(analysis, inv);
  const home = env.has('HOME') ? (env.get('HOME') ?? null) : ctx.home;
  const homes: Homes = { home, env, project: ctx.projectDir };
  const launch: Launch = { args: start.args, env, inv };
  const findings = [...start.row.judge(launch, homes, ctx, analysis), ...movedOut(start.row, launch, ctx)];
  if (findings.length === 0) return null;
  // Where the hook is now (the session's own homes) and where the nested run looks (the homes the line gives it).
  const now = start.row.sources({ home: ctx.home, env: new Map(), project: ctx.projectDir }, ctx);
  const then = start.row.sources(homes, ctx);
  const heldNow = (s: Scope) => holds(now[s] ?? [], ctx);
  const hits = findings.filter((f) => {
    if (f.lost === 'all') {
      // A managed hook that survives keeps the guard on; otherwise some scope must hold it.
      if ((f.kept ?? []).some(heldNow)) return false;
      return (['user', 'project', 'local', 'managed'] as Scope[]).some(heldNow);
    }
    // A moved home that holds the hook too loses nothing (a scope whose files stay put loses what the home held for it: trust).
    const movedTo = (s: Scope) => f.dropEnv.length > 0 && (then[s] ?? []).join('\n') !== (now[s] ?? []).join('\n');
    return f.lost.some((s) => heldNow(s) && !(movedTo(s) && holds(then[s] ?? [], ctx)));
  });
  if (hits.length === 0) return null;
  const dropArgs = new Set(hits.flatMap((f) => f.dropArgs));
  const dropEnv = new Set(hits.flatMap((f) => f.dropEnv));
  const outer = launchersOf(inv, analysis, dropEnv);
  const kept = [...inv.assigns.keys()].filter((k) => !dropEnv.has(k) && !outer.names.has(k)).map((k) => `${k}=${shellWord(inv.assigns.get(k)!.known ?? '')}`);
  const added = hits.flatMap((f) => f.addArgs ?? []);
  const words = [...kept, ...outer.words, ...start.prefix, ...start.args.filter((_, i) => !dropArgs.has(i)).map((a) => a.word.raw), ...added];
  return {
    reason: `This starts ${start.row.name} without Agent Guard's hook: ${hits.map((f) => f.what).join('; ')}. The nested agent's tool calls would then run unchecked. Run the same call without it; if it should run without the guard, ask the user to run it.`,
    instead: words.join(' '),
  };
}

const ASSIGN = /^([A-Za-z_][A-Za-z0-9_]*)=/;

/**
 * The launchers the agent runs under on this line, as written (`timeout 600`, `npx -y`, `env X=1`):
 * each is the invocation whose arguments hold the agent's program word. Assignments named in
 * `dropEnv` are left out; `names` are the assignments kept in those words.
 */
function launchersOf(inv: Invocation, analysis: ShellAnalysis, dropEnv: ReadonlySet<string>): { words: string[]; names: Set<string> } {
  const words: string[] = [];
  const names = new Set<string>();
  let first = inv.argv[0];
  for (let depth = 0; first && depth < 16; depth++) {
    const word = first;
    const parent = analysis.invocations.find((p) => p !== inv && p.args.includes(word));
    if (!parent) break;
    const own = parent.argv.slice(0, parent.argv.indexOf(word));
    const kept = own.filter((a) => {
      const name = ASSIGN.exec(a.known ?? '')?.[1];
      if (name) names.add(name);
      return !(name && dropEnv.has(name));
    });
    words.unshift(...kept.map((a) => a.word.raw));
    first = parent.argv[0];
  }
  return { words, names };
}

function shellWord(t: string): string {
  return /^[\w@%+=:,./-]+$/.test(t) ? t : `'${t.replace(/'/g, `'\\''`)}'`;
}
