import { defineGuard, SHELL_TOOLS, type Denial, type GuardContext, type ToolCall } from '../core/guards/types';
import { createContext } from '../core/guards/context';
import { describeLimit } from '../core/guards/dispatch';
import { argPath, runs } from '../core/guards/helpers';
import { translateCmd, translatePowerShell } from '../core/shell/powershell';
import { basename, relativeTo } from '../core/paths';
import rmCatastrophic from './rm-catastrophic';
import diskAndSystem from './disk-and-system';
import interpreterDestruction from './interpreter-destruction';

/** The guards whose damage is catastrophic wherever the command comes from. */
const CATASTROPHIC = [rmCatastrophic, diskAndSystem, interpreterDestruction];
const SCRIPT_EXT = /\.(sh|bash|zsh|ksh|ps1|psm1|cmd|bat)$/i;
const SHEBANG = /^#!\s*\S*\b(sh|bash|zsh|dash|ksh|env\s+(ba|z|k|da)?sh)\b/;

/** A script's text as a POSIX command line for the guards. */
function asCommand(path: string, text: string): string {
  if (/\.(ps1|psm1)$/i.test(path)) return translatePowerShell(text);
  if (/\.(cmd|bat)$/i.test(path))
    return text
      .split(/\r?\n/)
      .map((l) => translateCmd(l))
      .join('\n');
  return text;
}

const MAX_SCRIPT = 256 * 1024;

/** `run`: the script is about to be run (not just written), so what cannot be seen of it is not run. */
function judgeScript(path: string, text: string, cwd: string, ctx: GuardContext, run: boolean): Denial | null {
  const call: ToolCall = { tool: 'Bash', input: {}, cwd, command: asCommand(path, text.slice(0, MAX_SCRIPT)), path: null, edits: null };
  const inner = createContext(call, {
    home: ctx.home,
    projectDir: ctx.projectDir,
    config: ctx.config,
    git: { run: (args, dir) => ctx.git(args, dir), notes: [], spent: false },
  });
  const name = relativeTo(ctx.projectDir, path) || basename(path);
  for (const g of CATASTROPHIC) {
    if (ctx.config.guards[g.id] === 'off') continue;
    const d = g.check(call, inner);
    if (d)
      return { reason: `The script ${name} contains a command that ${g.id} blocks: ${d.reason} Writing it to a file and running that does not make it safe.` };
  }
  const limit = text.length >= MAX_SCRIPT ? 'size' : inner.shell().limit;
  if (run && limit) {
    return {
      reason: `Agent Guard cannot check the script ${name} completely: ${describeLimit(limit)}, so what it would do cannot be seen and it is not run. Split it into smaller scripts.`,
    };
  }
  return null;
}

/**
 * Files whose parts are commands without being scripts: Makefile recipes (tab-indented lines,
 * without make's @ - + prefixes, $$ as $) and package.json scripts. Their commands as a script, or null.
 */
function embeddedCommands(path: string, text: string): string | null {
  const name = basename(path);
  if (/^(GNUmakefile|[Mm]akefile)$|\.mk$/.test(name)) {
    const lines = text
      .split(/\r?\n/)
      .filter((l) => l.startsWith('\t'))
      .map((l) =>
        l
          .slice(1)
          .replace(/^[@+-]+/, '')
          .replace(/\$\$/g, '$'),
      );
    return lines.length > 0 ? lines.join('\n') : null;
  }
  if (name === 'package.json' || name === 'composer.json' || name === 'deno.json') {
    try {
      const json = JSON.parse(text) as { scripts?: Record<string, unknown>; tasks?: Record<string, unknown> };
      const scripts = { ...(json.scripts ?? {}), ...(json.tasks ?? {}) };
      const lines = Object.values(scripts).flatMap((v) =>
        typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [],
      );
      return lines.length > 0 ? lines.join('\n') : null;
    } catch {
      // Not JSON as a whole (an edit's fragment, a file being written): every "key": "value" pair.
      const lines: string[] = [];
      for (const m of text.matchAll(/"[^"\\\n]{1,200}"\s*:\s*"((?:[^"\\\n]|\\.){0,4000})"/g)) {
        try {
          lines.push(JSON.parse(`"${m[1]}"`) as string);
        } catch {
          /* not a JSON string */
        }
      }
      return lines.length > 0 ? lines.join('\n') : null;
    }
  }
  return null;
}

/** crontab entries: the command after the five time fields (or @reboot, @daily, …). */
export function crontabCommands(text: string): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(l))
    .map((l) => (l.startsWith('@') ? l.replace(/^@\S+\s+/, '') : l.split(/\s+/).slice(5).join(' ')))
    .join('\n');
}

function newText(call: ToolCall, ctx: GuardContext): string | null {
  if (call.tool === 'Write') return typeof call.input.content === 'string' ? call.input.content : null;
  if (!call.edits || !call.path) return null;
  let text = ctx.readText(call.path, 1024 * 1024);
  if (text === null) return call.edits.map((e) => e.newText).join('\n');
  // An edit whose old text is not there (yet) is judged by what it would add.
  for (const e of call.edits) text = text.includes(e.oldText) ? text.replace(e.oldText, () => e.newText) : `${text}\n${e.newText}`;
  return text;
}

export default defineGuard({
  id: 'script-contents',
  title: 'A dangerous command is dangerous in a script too',
  prevents:
    'An agent that was stopped from running rm -rf ~ writes it into cleanup.sh and runs bash cleanup.sh; command guards only see the harmless second step.',
  tools: ['Write', 'Edit', 'MultiEdit', ...SHELL_TOOLS],
  priority: 4,
  check(call, ctx) {
    if (call.edits && call.path) {
      const text = newText(call, ctx);
      if (text === null) return null;
      const embedded = embeddedCommands(call.path, text);
      if (embedded !== null) return judgeScript(call.path, embedded, call.cwd, ctx, false);
      if (!SCRIPT_EXT.test(call.path) && !SHEBANG.test(text)) return null;
      return judgeScript(call.path, text, call.cwd, ctx, false);
    }
    for (const inv of runs(ctx.shell())) {
      // crontab - (entries on stdin) or crontab FILE: each entry's command runs later, unattended.
      if (inv.program === 'crontab' && !inv.args.some((a) => ['-l', '-r', '-e'].includes(a.known ?? ''))) {
        const file = inv.args.find((a) => a.known !== null && a.known !== '-' && !a.known.startsWith('-'));
        const filePath = file ? argPath(inv, file, ctx.home) : null;
        const entries = file ? (filePath ? ctx.readText(filePath, 256 * 1024) : null) : inv.stdinText;
        if (entries) {
          const d = judgeScript('crontab', crontabCommands(entries), inv.cwd ?? call.cwd, ctx, true);
          if (d) return d;
        }
        continue;
      }
      // bash x.sh, sh x.sh, source x.sh, . x.sh, ./x.sh, pwsh -File x.ps1
      const p = inv.program;
      let script = null;
      if (['bash', 'sh', 'zsh', 'dash', 'ksh', 'source', '.'].includes(p)) script = inv.args.find((a) => !(a.known ?? '-').startsWith('-'));
      else if ((p === 'pwsh' || p === 'powershell') && inv.args.some((a) => /^-f(ile)?$/i.test(a.known ?? '')))
        script = inv.args[inv.args.findIndex((a) => /^-f(ile)?$/i.test(a.known ?? '')) + 1];
      else if (inv.argv[0]?.known?.includes('/')) script = inv.argv[0];
      const path = script ? argPath(inv, script, ctx.home) : null;
      if (!path) continue;
      const text = ctx.readText(path, MAX_SCRIPT);
      if (text === null || (!SCRIPT_EXT.test(path) && !SHEBANG.test(text) && script === inv.argv[0])) continue;
      const d = judgeScript(path, text, inv.cwd ?? call.cwd, ctx, true);
      if (d) return d;
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Write', tool_input: { file_path: 'cleanup.sh', content: '#!/bin/sh\nset -e\nrm -rf "$BUILD_DIR/"\n' } },
      { tool_name: 'Write', tool_input: { file_path: 'scripts/reset', content: '#!/usr/bin/env bash\ncd ~ && rm -rf *\n' } },
      { tool_name: 'Edit', tool_input: { file_path: 'scripts/clean.sh', old_string: 'rm -rf dist', new_string: 'rm -rf /' } },
      { tool_name: 'Write', tool_input: { file_path: 'clean.ps1', content: 'Remove-Item -Recurse -Force $HOME\n' } },
      { tool_name: 'Bash', tool_input: { command: 'bash run.sh' }, fixture: { committed: { 'run.sh': 'echo cleaning\nrm -rf ~\n' } } },
      {
        tool_name: 'PowerShell',
        tool_input: { command: 'bash run.sh' },
        fixture: { committed: { 'run.sh': 'rm -rf ~\n' } },
        note: 'the PowerShell tool runs scripts too',
      },
      { tool_name: 'Bash', tool_input: { command: './wipe.sh' }, fixture: { committed: { 'wipe.sh': '#!/bin/sh\ndd if=/dev/zero of=/dev/sda\n' } } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'bash nested.sh' },
        fixture: { committed: { 'nested.sh': `echo ${'$('.repeat(13)}rm -rf ~${')'.repeat(13)}\n` } },
        note: 'a script past the nesting limit is unanalysable when run',
      },
      { tool_name: 'Write', tool_input: { file_path: 'Makefile', content: 'clean:\n\t@rm -rf ~\n' }, note: 'a Makefile recipe' },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'package.json', old_string: '"test": "vitest"', new_string: '"test": "vitest", "clean": "rm -rf ~"' },
        note: 'a package.json script',
      },
      { tool_name: 'Bash', tool_input: { command: 'echo "* * * * * rm -rf ~" | crontab -' }, note: 'a crontab entry' },
      { tool_name: 'Bash', tool_input: { command: '(crontab -l; echo "@reboot dd if=/dev/zero of=/dev/sda") | crontab -' } },
    ],
    allowed: [
      { tool_name: 'Write', tool_input: { file_path: 'cleanup.sh', content: '#!/bin/sh\nset -eu\nrm -rf "${BUILD_DIR:?}/dist" node_modules\n' } },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'provision.sh', content: '#!/bin/sh\nsudo apt-get install -y jq\n' },
        note: 'a provisioning script may use sudo; only catastrophic commands are checked',
      },
      { tool_name: 'Write', tool_input: { file_path: 'docs/cleanup.md', content: 'Never run `rm -rf ~`.\n' } },
      { tool_name: 'Bash', tool_input: { command: 'bash run.sh' }, fixture: { committed: { 'run.sh': 'npm ci\nnpm test\n' } } },
      { tool_name: 'Bash', tool_input: { command: 'bash missing.sh' }, note: 'a script that cannot be read: no opinion' },
      { tool_name: 'Write', tool_input: { file_path: 'src/cleanup.ts', content: 'export const doc = "rm -rf /";\n' } },
      { tool_name: 'Write', tool_input: { file_path: 'Makefile', content: 'clean:\n\trm -rf dist\n\techo "$$HOME"\n' } },
      { tool_name: 'Edit', tool_input: { file_path: 'package.json', old_string: '"test": "vitest"', new_string: '"test": "vitest", "clean": "rm -rf dist"' } },
      { tool_name: 'Bash', tool_input: { command: 'echo "0 3 * * * cd /srv/app && npm run backup" | crontab -' } },
    ],
  },
});
