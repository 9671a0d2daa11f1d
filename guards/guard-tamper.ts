import { parse as parseLoose } from 'jsonc-parser';
import { defineGuard, SHELL_TOOLS, type GuardContext, type ToolCall } from '../core/guards/types';
import { argPath, fileWrites, flags, runs } from '../core/guards/helpers';
import { isSameOrAncestor, relativeTo } from '../core/paths';
import type { Invocation } from '../core/shell/analyze';

const HOOK_MARK = 'agent-guard.cjs';

/** Files that are part of the guard itself, in the project and in the user's ~/.claude. */
function guardFiles(ctx: GuardContext): string[] {
  const out: string[] = [];
  for (const base of [`${ctx.projectDir}/.claude`, `${ctx.home}/.claude`]) {
    // agent-guard/: the decision log and install backups (a link planted there could redirect the log's writes).
    out.push(`${base}/hooks/agent-guard.cjs`, `${base}/hooks/agent-guard.install.json`, `${base}/guards`, `${base}/agent-guard`);
  }
  out.push(`${ctx.projectDir}/.claude/agent-guard.json`);
  // The user's consent for workspace guards (core/trust.ts; the default place).
  out.push(`${ctx.home}/.config/agent-guard`);
  return out;
}

function settingsFiles(ctx: GuardContext): string[] {
  return [`${ctx.projectDir}/.claude/settings.json`, `${ctx.projectDir}/.claude/settings.local.json`, `${ctx.home}/.claude/settings.json`];
}

/** Does this settings text keep Agent Guard running (entry present and unchanged, hooks not disabled)? */
function keepsGuard(before: string, after: string): boolean {
  const b = parseLoose(before) as Record<string, unknown> | undefined;
  const a = parseLoose(after) as Record<string, unknown> | undefined;
  const ours = (v: Record<string, unknown> | undefined) => JSON.stringify(v?.hooks ?? null).split(HOOK_MARK).length - 1;
  const commands = (v: Record<string, unknown> | undefined) =>
    (JSON.stringify(v?.hooks ?? null).match(/"command":"[^"]*agent-guard\.cjs[^"]*"/g) ?? []).sort().join('\n');
  if (a?.disableAllHooks === true && b?.disableAllHooks !== true) return false;
  if (ours(a) < ours(b)) return false;
  return commands(a) === commands(b) || ours(b) === 0;
}

function newSettingsText(call: ToolCall, ctx: GuardContext): string | null {
  if (call.tool === 'Write') return typeof call.input.content === 'string' ? call.input.content : '';
  const current = ctx.readText(call.path!, 1024 * 1024);
  if (current === null || !call.edits) return null;
  let text = current;
  for (const e of call.edits) {
    if (!text.includes(e.oldText)) return null;
    text = call.input.replace_all === true ? text.split(e.oldText).join(e.newText) : text.replace(e.oldText, () => e.newText);
  }
  return text;
}

/** `agent-guard trust …`, `node …/cli.cjs trust …`, `npx agent-guard trust …`. */
function givesTrust(inv: Invocation): boolean {
  const words = [inv.program, ...inv.args.map((a) => a.known ?? '')];
  for (let i = 0; i + 1 < words.length; i++) if (/(^|\/)(agent-guard|cli\.cjs)$/.test(words[i]!) && words[i + 1] === 'trust') return true;
  return false;
}

const ASK = 'Agent Guard protects its own files and settings entry; if it should change, ask the user to do it.';

/**
 * `agent-guard allow …` (directly, through npx/pnpm/yarn/bunx, or node …/cli.cjs): a standing
 * permission is a person's decision, so the agent may not grant itself one.
 */
function grantsException(program: string, args: (string | null)[]): boolean {
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (base === 'agent-guard') return args[0] === 'allow';
  if (!['npx', 'bunx', 'pnpm', 'yarn', 'npm', 'node'].includes(base)) return false;
  return args.some((a, i) => a !== null && /(^|\/)(agent-guard(@[\w.-]+)?|cli\.cjs)$/.test(a) && args[i + 1] === 'allow');
}

export default defineGuard({
  id: 'guard-tamper',
  title: 'The guard protects its own hook file, configuration and settings entry',
  prevents:
    'An agent that was blocked edits settings.json to remove the hook (or sets disableAllHooks) and then runs the command anyway; the user never learns the guard was switched off.',
  tools: ['Write', 'Edit', 'MultiEdit', 'NotebookEdit', ...SHELL_TOOLS],
  priority: 10,
  check(call, ctx) {
    const protectedFiles = guardFiles(ctx);
    const settings = settingsFiles(ctx);
    const show = (p: string) => relativeTo(ctx.projectDir, p) ?? (relativeTo(ctx.home, p) !== null ? `~/${relativeTo(ctx.home, p)}` : p);
    if (call.edits && call.path) {
      const p = call.path;
      if (protectedFiles.some((f) => isSameOrAncestor(f, p))) return { reason: `${call.tool} of ${show(p)} changes Agent Guard itself. ${ASK}` };
      if (settings.includes(p)) {
        const before = ctx.readText(p, 1024 * 1024) ?? '';
        const after = newSettingsText(call, ctx);
        if (after === null) {
          const touchesUs = call.edits.some((e) => e.oldText.includes(HOOK_MARK) || /disableAllHooks/.test(e.newText));
          return touchesUs ? { reason: `This edit of ${show(p)} changes Agent Guard's hook entry. ${ASK}` } : null;
        }
        if (!keepsGuard(before, after)) return { reason: `This change to ${show(p)} removes or disables Agent Guard's hook (or sets disableAllHooks). ${ASK}` };
      }
      return null;
    }
    if (!call.command) return null;
    for (const inv of runs(ctx.shell())) {
      if (givesTrust(inv)) {
        return {
          reason: `agent-guard trust records the user's consent to run a workspace guard on every tool call; only the user can give it. Ask the user to review the guard file and run agent-guard trust themselves.`,
        };
      }
      if (
        grantsException(
          inv.program,
          inv.args.map((a) => a.known),
        )
      ) {
        return {
          reason:
            'agent-guard allow adds a standing permission to .claude/agent-guard.json; only the user may grant one. Ask the user to run it (or to choose "Allow this here" in VS Code), or use the alternative the guard suggested.',
        };
      }
      const touched: string[] = fileWrites(inv, ctx.home).map((w) => w.path);
      if (['rm', 'mv', 'cp', 'ln', 'chmod', 'chown', 'truncate', 'unlink', 'shred', 'install', 'rsync'].includes(inv.program)) {
        const insideClaude = (inv.cwd ?? '').includes('/.claude');
        for (const a of flags(inv.args, ['-t', '--target-directory', '-m', '--mode']).positional) {
          // Only an argument naming .claude (or any, from inside .claude) can reach a guard file.
          if (!insideClaude && !(a.known ?? '').includes('.claude')) continue;
          const path = argPath(inv, a, ctx.home);
          // cp only writes its destination; reading a guard file is fine.
          if (path && (inv.program !== 'cp' || a === inv.args[inv.args.length - 1])) touched.push(path);
        }
      }
      const claudeDirs = [`${ctx.projectDir}/.claude`, `${ctx.home}/.claude`];
      for (const path of touched) {
        if (!path.includes('/.claude')) continue; // every guard file lives in a .claude folder
        // Inside a guard file or folder, or deleting the .claude folder around it. Deleting / or
        // the project is rm-catastrophic's to explain.
        const hit = [...protectedFiles, ...settings].find(
          (f) => isSameOrAncestor(f, path) || (isSameOrAncestor(path, f) && claudeDirs.some((d) => isSameOrAncestor(d, path))),
        );
        if (hit) {
          return {
            reason: `${inv.program} ${settings.includes(hit) ? 'rewrites' : 'changes'} ${show(hit)}, which ${settings.includes(hit) ? "holds Agent Guard's hook entry; use the Edit tool for settings changes so they can be checked" : 'is part of Agent Guard'}. ${ASK}`,
          };
        }
      }
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Write', tool_input: { file_path: '.claude/hooks/agent-guard.cjs', content: '' } },
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.claude/agent-guard.json', old_string: '"guards": {}', new_string: '"guards": { "rm-catastrophic": "off" }' },
      },
      { tool_name: 'Write', tool_input: { file_path: '.claude/settings.json', content: '{ "disableAllHooks": true }' } },
      {
        tool_name: 'Write',
        tool_input: { file_path: '.claude/settings.json', content: '{}\n' },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
        },
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\""',
          new_string: '"command": "true"',
        },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
        },
      },
      { tool_name: 'Bash', tool_input: { command: 'rm .claude/hooks/agent-guard.cjs' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .claude' } },
      { tool_name: 'Bash', tool_input: { command: 'mv .claude/hooks/agent-guard.cjs /tmp/' } },
      { tool_name: 'Bash', tool_input: { command: `echo '{}' > .claude/settings.json` } },
      { tool_name: 'Bash', tool_input: { command: 'cp /tmp/evil.js .claude/guards/allow-all.js' } },
      { tool_name: 'Bash', tool_input: { command: "sed -i 's/agent-guard.cjs/x.cjs/' .claude/settings.local.json" } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'ln -sf ~/.bashrc .claude/agent-guard/decisions.jsonl' },
        note: 'a link in the log folder would send the next log line into the shell profile',
      },
      { tool_name: 'Write', tool_input: { file_path: '.claude/agent-guard/decisions.jsonl', content: '' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .claude/agent-guard' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'agent-guard trust .claude/guards/allow-all.js' },
        note: "consent to run a workspace guard is the user's to give",
      },
      { tool_name: 'Bash', tool_input: { command: 'node dist/cli.cjs trust .' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard trust' } },
      { tool_name: 'Write', tool_input: { file_path: '/home/user/.config/agent-guard/trusted.json', content: '{}' } },
      { tool_name: 'Bash', tool_input: { command: 'agent-guard allow "git push --force origin main"' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard allow --guard secret-read "cat .env"' } },
      { tool_name: 'Bash', tool_input: { command: 'node node_modules/agent-guard/dist/cli.cjs allow "rm -rf ~"' } },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/agent-guard.json',
          old_string: '{',
          new_string: '{ "exceptions": [ { "guard": "rm-catastrophic", "command": "rm -rf ~" } ],',
        },
      },
    ],
    allowed: [
      { tool_name: 'Read', tool_input: { file_path: '.claude/settings.json' } },
      { tool_name: 'Bash', tool_input: { command: 'cat .claude/settings.json' } },
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.claude/settings.json', old_string: '"allow": []', new_string: '"allow": ["Bash(npm test)"]' },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "permissions": { "allow": [] },\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
        },
        note: 'other settings changes keep the guard',
      },
      { tool_name: 'Write', tool_input: { file_path: '.claude/agents/reviewer.md', content: '---\nname: reviewer\ndescription: Reviews\n---\n' } },
      { tool_name: 'Bash', tool_input: { command: 'cp .claude/settings.json /tmp/settings-backup.json' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .claude/worktrees/old' } },
      { tool_name: 'Bash', tool_input: { command: 'node dist/cli.cjs status' } },
      { tool_name: 'Bash', tool_input: { command: 'tail -n 5 .claude/agent-guard/decisions.jsonl' } },
      { tool_name: 'Bash', tool_input: { command: 'agent-guard untrust .claude/guards/old.js' } },
      { tool_name: 'Bash', tool_input: { command: 'echo trust me' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard explain "allow this"' } },
    ],
  },
});
