import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { parseGit, productCommand, runs } from '../core/guards/helpers';
import { relativeTo } from '../core/paths';
import { nestedAgentWithoutGuard } from '../core/guards/nested-agents';
import { layout } from '../core/guards/tamper/layout';
import { pluginChange, productChange } from '../core/guards/tamper/settings';
import { judgeEdit } from '../core/guards/tamper/edits';
import { judgeGit } from '../core/guards/tamper/git';
import { judgeEffects } from '../core/guards/tamper/effects';

/** A settings file with Agent Guard's hook entry, for the examples. */
const HOOKED =
  '{\n  "permissions": { "allow": [] },\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n';

/** Codex's and Cursor's hooks files with Agent Guard's entry, for the examples. */
const CODEX_HOOKED =
  '{\n  "hooks": { "PreToolUse": [ { "hooks": [ { "type": "command", "command": "node .claude/hooks/agent-guard.cjs", "timeout": 10 } ] } ] }\n}\n';
const QWEN_HOOKED =
  '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node .claude/hooks/agent-guard.cjs", "timeout": 10 } ] } ] }\n}\n';
const DROID_HOOKED =
  '{\n  "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node .claude/hooks/agent-guard.cjs", "timeout": 10 } ] } ]\n}\n';
const CURSOR_HOOKED = '{\n  "version": 1,\n  "hooks": { "preToolUse": [ { "command": "node .claude/hooks/agent-guard.cjs", "timeout": 10 } ] }\n}\n';

export default defineGuard({
  id: 'guard-tamper',
  title: 'The guard protects its own hook file, configuration and settings entry',
  prevents:
    'An agent that was blocked edits settings.json to remove the hook, narrow its matcher or set disableAllHooks (or deletes the hook file, stashes the settings away, runs agent-guard uninstall, or starts a nested agent with its hooks off: claude --bare, --settings with disableAllHooks; or plants code, a startup snapshot or a stand-in socket in its cache folder, which the hook runs or asks on every call) and then runs the command anyway; the user never learns the guard was switched off.',
  tools: ['Write', 'Edit', 'MultiEdit', 'NotebookEdit', ...SHELL_TOOLS],
  // After rm-catastrophic and interpreter-destruction (5): `rm -rf .*` or `find ~ -exec rm -rf {} +`
  // also takes .claude with it, but losing the project or home is the story to tell. Before the rest.
  priority: 4.5,
  check(call, ctx) {
    const l = layout(ctx);
    const show = (p: string) => relativeTo(ctx.projectDir, p) ?? (relativeTo(ctx.home, p) !== null ? `~/${relativeTo(ctx.home, p)}` : p);
    if (call.edits && call.path) return judgeEdit(call, call.edits, call.path, l, ctx, show);
    if (!call.command) return null;
    const analysis = ctx.shell();
    for (const inv of runs(analysis)) {
      const plugin = pluginChange(inv);
      if (plugin) return plugin;
      const nested = nestedAgentWithoutGuard(inv, analysis, ctx);
      if (nested) return nested;
      const product = productCommand(inv);
      if (product) {
        const d = productChange(product, inv, ctx, show);
        if (d) return d;
        continue;
      }
      const git = parseGit(inv, ctx.home, analysis);
      if (git) {
        const d = judgeGit(git, l, ctx, show);
        if (d) return d;
      }
    }
    return judgeEffects(analysis, l, ctx, show);
  },
  examples: {
    blocked: [
      { tool_name: 'Write', tool_input: { file_path: '.claude/hooks/agent-guard.cjs', content: '' } },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'bin/node', content: '#!/bin/sh\necho "{}"\n' },
        note: 'a fake node in a folder on PATH (direnv PATH_add bin): every hook run, the session check included, runs it instead',
      },
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
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.claude/settings.json', old_string: '"matcher": "*"', new_string: '"matcher": "Write"' },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
        },
        note: 'a narrowed matcher lets every other tool through unchecked',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git stash' },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
          untracked: { '.claude/settings.json': '{}\n' },
        },
        note: 'the stash puts back the committed settings; the instead leaves .claude out',
      },
      { tool_name: 'Bash', tool_input: { command: 'rm .claude/hooks/agent-guard.cjs' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .claude' } },
      { tool_name: 'Bash', tool_input: { command: 'mv .claude/hooks/agent-guard.cjs /tmp/' } },
      { tool_name: 'Bash', tool_input: { command: 'git rm .claude/hooks/agent-guard.cjs' } },
      { tool_name: 'Bash', tool_input: { command: "find .claude -name 'agent-guard*' -delete" } },
      { tool_name: 'Bash', tool_input: { command: ': > .claude/hooks/agent-guard.cjs' } },
      { tool_name: 'Bash', tool_input: { command: `echo '{}' > .claude/settings.json` } },
      { tool_name: 'Bash', tool_input: { command: 'jq "del(.hooks)" .claude/settings.json | sponge .claude/settings.json' } },
      { tool_name: 'Bash', tool_input: { command: 'tar xf /tmp/backup.tar -C .claude' } },
      { tool_name: 'Bash', tool_input: { command: 'python3 -c "import os; os.remove(\'.claude/hooks/agent-guard.cjs\')"' } },
      { tool_name: 'Bash', tool_input: { command: 'cp /tmp/evil.js .claude/guards/allow-all.js' } },
      { tool_name: 'Bash', tool_input: { command: "sed -i 's/agent-guard.cjs/x.cjs/' .claude/settings.local.json" } },
      {
        tool_name: 'Bash',
        tool_input: { command: "perl -0pi -e 's/PreToolUse/PostToolUse/' .claude/settings.local.json" },
        note: '-0 takes only digits: -0pi is -0 -p -i',
      },
      { tool_name: 'Bash', tool_input: { command: "perl -0777 -pi.bak -e 's/PreToolUse/PostToolUse/' .claude/settings.local.json" } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'ln -sf ~/.bashrc .claude/agent-guard/decisions.jsonl' },
        note: 'a link in the log folder would send the next log line into the shell profile',
      },
      { tool_name: 'Write', tool_input: { file_path: '.claude/agent-guard/decisions.jsonl', content: '' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .claude/agent-guard' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard uninstall' } },
      { tool_name: 'Bash', tool_input: { command: 'node node_modules/agent-guard/dist/cli.cjs uninstall' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'agent-guard trust .claude/guards/allow-all.js' },
        note: "consent to run a workspace guard is the user's to give",
      },
      { tool_name: 'Bash', tool_input: { command: 'node dist/cli.cjs trust .' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard trust' } },
      { tool_name: 'Write', tool_input: { file_path: '/home/user/.config/agent-guard/trusted.json', content: '{}' } },
      { tool_name: 'Bash', tool_input: { command: 'cp /tmp/forged.agc2 ~/.cache/agent-guard/' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'node --snapshot-blob ~/.cache/agent-guard/0fc895a1c4ef1c9c.snap --build-snapshot /tmp/evil.js' },
        note: 'the hook command starts node from that snapshot: every later call would run the evil code',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'socat UNIX-LISTEN:$HOME/.cache/agent-guard/0fc895a1c4ef1c9c.sock,fork EXEC:cat' },
        note: "a stand-in on the resident analyser's socket answers for the guard",
      },
      { tool_name: 'Bash', tool_input: { command: "socat UNIX-LISTEN:$HOME/.cache/agent-guard/x.sock,unlink-early,fork SYSTEM:'cat >> /tmp/cap'" } },
      { tool_name: 'Bash', tool_input: { command: 'socat -u UNIX-RECV:~/.cache/agent-guard/x.sock -' } },
      { tool_name: 'Bash', tool_input: { command: 'socat - UNIX-SENDTO:/run/app.sock,bind=$HOME/.cache/agent-guard/x.sock' } },
      { tool_name: 'Bash', tool_input: { command: 'nc -lU ~/.cache/agent-guard/0fc895a1c4ef1c9c.sock' } },
      { tool_name: 'Bash', tool_input: { command: 'ncat --listen --unixsock ~/.cache/agent-guard/0fc895a1c4ef1c9c.sock' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'python3 -c "import socket; s=socket.socket(socket.AF_UNIX); s.bind(\'/home/user/.cache/agent-guard/x.sock\')"' },
        note: 'binding a Unix socket creates its file',
      },
      { tool_name: 'Bash', tool_input: { command: `node -e "require('net').createServer(c => c.end('{}')).listen('/home/user/.cache/agent-guard/x.sock')"` } },
      { tool_name: 'Bash', tool_input: { command: `ruby -rsocket -e "UNIXServer.new('/home/user/.cache/agent-guard/x.sock')"` } },
      {
        tool_name: 'Bash',
        tool_input: {
          command: `python3 -c "import os, socket; s = socket.socket(socket.AF_UNIX); s.bind(os.path.expanduser('~/.cache/agent-guard/x.sock'))"`,
        },
        note: 'the path is computed when the code runs',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: `perl -MIO::Socket::UNIX -e "IO::Socket::UNIX->new(Local => '/home/user/.cache/agent-guard/x.sock', Listen => 1)"` },
      },
      { tool_name: 'Bash', tool_input: { command: 'agent-guard allow "git push --force origin main"' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard allow --guard secret-read "cat .env"' } },
      { tool_name: 'Bash', tool_input: { command: 'node node_modules/agent-guard/dist/cli.cjs allow "rm -rf ~"' } },
      // The person's own configuration (exceptions, consented as they are written): the agent writes none of it.
      {
        tool_name: 'Write',
        tool_input: { file_path: '.claude/agent-guard/local.json', content: '{ "exceptions": [ { "guard": "rm-catastrophic", "command": "rm -rf ~" } ] }' },
      },
      { tool_name: 'Bash', tool_input: { command: `printf '{"guards":{"secret-read":"off"}}' > .claude/agent-guard/local.json` } },
      { tool_name: 'Bash', tool_input: { command: 'cp /tmp/mine.json .claude/agent-guard/local.json' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'rm .claude/agent-guard/local.json' },
        note: 'its entries are the person’s; gone, they can only be given again by them',
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/agent-guard.json',
          old_string: '{',
          new_string: '{ "exceptions": [ { "guard": "rm-catastrophic", "command": "rm -rf ~" } ],',
        },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "python3 -c \"import json;p='.claude/settings.json';d=json.load(open(p));d['hooks']={};json.dump(d,open(p,'w'))\"" },
        note: 'the path is a variable: the write is not a literal',
      },
      {
        tool_name: 'Bash',
        tool_input: {
          command:
            "node -e \"const fs=require('fs'),p=require('os').homedir()+'/.cache/agent-guard/';for(const f of fs.readdirSync(p))fs.copyFileSync('/tmp/evil.bin',p+f)\"",
        },
        note: 'a planted code cache runs in the hook',
      },
      {
        tool_name: 'Bash',
        tool_input: {
          command:
            "python3 -c \"import glob,shutil,os; [shutil.copy('/tmp/evil.bin', f) for f in glob.glob(os.path.expanduser('~/.cache/agent-guard/*.bin'))]\"",
        },
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'node scripts/warm.js' },
        fixture: {
          committed: {
            'scripts/warm.js':
              "const fs = require('fs'), os = require('os'), path = require('path');\nconst dir = path.join(os.homedir(), '.cache', 'agent-guard');\nfor (const f of fs.readdirSync(dir)) fs.writeFileSync(path.join(dir, f), 'x');\n",
          },
        },
        note: 'a script file the line runs is read (never run)',
      },
      { tool_name: 'Bash', tool_input: { command: 'mkfifo .env.local' }, note: 'the hook opens the .env files to redact its messages' },
      { tool_name: 'Bash', tool_input: { command: 'mknod .env.local p' } },
      { tool_name: 'Bash', tool_input: { command: 'ln -s /dev/zero .env.local' } },
      { tool_name: 'Bash', tool_input: { command: 'python3 -c "import os; os.mkfifo(\'.env.local\')"' } },
      { tool_name: 'Bash', tool_input: { command: 'mkfifo .claude/agent-guard.json' } },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin disable agent-guard@agent-guard' } },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin uninstall agent-guard' } },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin marketplace remove agent-guard' } },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"permissions": { "allow": [] },',
          new_string: '"permissions": { "allow": [] }, "enabledPlugins": { "agent-guard@agent-guard": false },',
        },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'project settings can switch off a user-installed plugin',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.claude/settings.json', old_string: '"allow": []', new_string: '"allow": [], "additionalDirectories": ["/"]' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'every path would count as inside the workspace',
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"allow": [] },',
          new_string: '"allow": [] }, "env": { "OPENSSL_CONF": "/etc/hostname" },',
        },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'node cannot start with that OpenSSL configuration: the hook would answer nothing',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: '.claude/settings.local.json', content: '{ "env": { "LD_AUDIT": "/tmp/audit.so" } }\n' },
        note: "the local settings' env reaches the hook's process too",
      },
      { tool_name: 'Write', tool_input: { file_path: '.claude/settings.local.json', content: '{ "env": { "HOME": "/tmp/elsewhere" } }\n' } },
      {
        tool_name: 'Write',
        tool_input: { file_path: '.claude/settings.local.json', content: '{ "env": { "AGENT_GUARD_NO_WORKSPACE_GUARDS": "1" } }\n' },
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: '/home/user/.claude/settings.json', content: '{ "env": { "XDG_CONFIG_HOME": "/tmp/c", "MY_TOOL_FLAG": "1" } }\n' },
        note: 'an allowlist: the user settings too, and any name not known to be harmless',
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: ', "SessionStart": [ { "hooks": [ { "type": "command", "command": "sh check-agent-guard.cjs" } ] } ]',
          new_string: '',
        },
        fixture: {
          committed: {
            '.claude/settings.json': HOOKED.replace(
              '] } ] }',
              '] } ], "SessionStart": [ { "hooks": [ { "type": "command", "command": "sh check-agent-guard.cjs" } ] } ] }',
            ),
          },
        },
        note: 'the session-start check is how a broken hook gets noticed',
      },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/.claude/plugins' } },
      { tool_name: 'Bash', tool_input: { command: `ruby -e 'File.write(ARGV[0], "")' .claude/settings.json` }, note: 'the path comes in as an argument' },
      { tool_name: 'Bash', tool_input: { command: 'chmod -x /usr/bin/node' } },
      { tool_name: 'Bash', tool_input: { command: 'mv /usr/local/bin/node /tmp/node.bak' } },
      { tool_name: 'Bash', tool_input: { command: 'setfacl -m u:$USER:--- .claude/hooks/agent-guard.cjs' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod 000 .' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod u-x ~' } },
      { tool_name: 'Bash', tool_input: { command: 'export CLAUDE_ENV_FILE=/tmp/x; echo "export NODE_OPTIONS=--require=/tmp/e.js" >> "$CLAUDE_ENV_FILE"' } },
      { tool_name: 'Bash', tool_input: { command: 'echo "export PATH=/tmp/evil:$PATH" | tee -a "$CLAUDE_ENV_FILE"' } },
      // The other hosts' hook configuration: Codex, Cursor, OpenCode.
      {
        tool_name: 'Write',
        tool_input: { file_path: '.codex/hooks.json', content: '{ "hooks": {} }\n' },
        fixture: { committed: { '.codex/hooks.json': CODEX_HOOKED } },
        note: "Codex's hooks file loses Agent Guard's entry",
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.cursor/hooks.json', old_string: '"timeout": 10', new_string: '"timeout": 10, "matcher": "Read"' },
        fixture: { committed: { '.cursor/hooks.json': CURSOR_HOOKED } },
        note: "Cursor's entry narrowed to one tool",
      },
      { tool_name: 'Bash', tool_input: { command: 'rm .opencode/plugins/agent-guard.js' } },
      { tool_name: 'Bash', tool_input: { command: "printf '[features]\\nhooks = false\\n' >> ~/.codex/config.toml" }, note: 'switches every Codex hook off' },
      // A nested agent started without the hook (core/guards/nested-agents.ts).
      {
        tool_name: 'Bash',
        tool_input: { command: 'claude -p "clean up" --bare' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'bare mode loads no hook from settings',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'claude -p "clean up" --setting-sources user' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'the project settings, which hold the hook, left out',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'codex exec -c features.hooks=false "clean up"' },
        fixture: { committed: { '.codex/hooks.json': CODEX_HOOKED } },
      },
      // Qwen Code, droid, Kilo, Cline.
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.qwen/settings.json', old_string: '"hooks"', new_string: '"disableAllHooks": true, "hooks"' },
        fixture: { committed: { '.qwen/settings.json': QWEN_HOOKED } },
        note: 'switches every Qwen Code hook off',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: '.factory/hooks.json', content: '{ "PreToolUse": [] }\n' },
        fixture: { committed: { '.factory/hooks.json': DROID_HOOKED } },
        note: "droid's hooks file loses Agent Guard's entry",
      },
      { tool_name: 'Bash', tool_input: { command: 'rm -f .kilo/plugins/agent-guard.js' } },
      { tool_name: 'Bash', tool_input: { command: 'echo exit 0 > .clinerules/hooks/PreToolUse' } },
    ],
    allowed: [
      { tool_name: 'Write', tool_input: { file_path: 'src/bin/node.ts', content: 'export {};\n' } },
      { tool_name: 'Bash', tool_input: { command: "perl -0pi -e 's/foo/bar/' src/a.ts" }, note: 'an in-place edit of an ordinary file' },
      { tool_name: 'Bash', tool_input: { command: 'cat .codex/hooks.json ~/.codex/config.toml' } },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.cursor/hooks.json',
          old_string: '"hooks": {',
          new_string: '"hooks": { "afterFileEdit": [ { "command": "npx prettier --write ." } ],',
        },
        fixture: { committed: { '.cursor/hooks.json': CURSOR_HOOKED } },
        note: 'a formatter after edits keeps the guard',
      },
      { tool_name: 'Bash', tool_input: { command: 'ls -la ~/.cache/agent-guard' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/.cache/agent-guard' }, note: 'the next call compiles again' },
      { tool_name: 'Bash', tool_input: { command: 'du -sh ~/.cache/agent-guard' } },
      { tool_name: 'Bash', tool_input: { command: 'node --snapshot-blob /tmp/app.blob --build-snapshot app.js' }, note: "a snapshot of one's own, elsewhere" },
      { tool_name: 'Bash', tool_input: { command: 'socat UNIX-CONNECT:/run/docker.sock -' }, note: 'connecting to a socket creates nothing' },
      { tool_name: 'Bash', tool_input: { command: 'socat UNIX-LISTEN:/tmp/app.sock,fork TCP:localhost:3000' } },
      { tool_name: 'Bash', tool_input: { command: 'nc -lU /tmp/x.sock' } },
      { tool_name: 'Bash', tool_input: { command: 'nc -U ~/.cache/agent-guard/0fc895a1c4ef1c9c.sock' }, note: 'talks to the analyser; binds nothing' },
      { tool_name: 'Bash', tool_input: { command: `python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1', 8000))"` } },
      { tool_name: 'Bash', tool_input: { command: `node -e "require('http').createServer().listen('/tmp/app.sock')"` } },
      {
        tool_name: 'Bash',
        tool_input: { command: `node -e "require('http').createServer().listen(8080); console.log(require('os').homedir() + '/.cache/agent-guard')"` },
        note: 'a port is no path',
      },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf ~/.cache/pip' } },
      { tool_name: 'Read', tool_input: { file_path: '.claude/settings.json' } },
      { tool_name: 'Bash', tool_input: { command: 'cat .claude/settings.json' } },
      { tool_name: 'Bash', tool_input: { command: 'jq .hooks .claude/settings.json' } },
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
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"hooks": {',
          new_string: '"hooks": { "PostToolUse": [ { "matcher": "Write", "hooks": [ { "type": "command", "command": "npx prettier --write ." } ] } ],',
        },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
          },
        },
        note: 'a PostToolUse hook cannot override a deny',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git stash' },
        fixture: {
          committed: {
            '.claude/settings.json':
              '{\n  "hooks": { "PreToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agent-guard.cjs\\"" } ] } ] }\n}\n',
            'src/a.ts': 'a\n',
          },
          untracked: { 'src/a.ts': 'b\n' },
        },
        note: 'the settings are unchanged, so the stash leaves them as they are',
      },
      { tool_name: 'Write', tool_input: { file_path: '.claude/agents/reviewer.md', content: '---\nname: reviewer\ndescription: Reviews\n---\n' } },
      { tool_name: 'Bash', tool_input: { command: 'cp .claude/settings.json /tmp/settings-backup.json' } },
      { tool_name: 'Bash', tool_input: { command: 'rm -rf .claude/worktrees/old' } },
      { tool_name: 'Bash', tool_input: { command: "find . -name '*.pyc' -delete" } },
      { tool_name: 'Bash', tool_input: { command: 'node dist/cli.cjs status' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard lint .claude' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'node dist/cli.cjs install /tmp/scratch-workspace' },
        note: "another folder's install is not this session's guard",
      },
      { tool_name: 'Bash', tool_input: { command: 'tail -n 5 .claude/agent-guard/decisions.jsonl' } },
      { tool_name: 'Bash', tool_input: { command: 'agent-guard untrust .claude/guards/old.js' } },
      { tool_name: 'Bash', tool_input: { command: 'echo trust me' } },
      { tool_name: 'Bash', tool_input: { command: 'npx agent-guard explain "allow this"' } },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin list' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'claude -p "clean up" --dangerously-skip-permissions' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'PreToolUse hooks run in every permission mode',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'claude -p "clean up" --setting-sources project,local' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
      },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin disable other-plugin@market' } },
      { tool_name: 'Bash', tool_input: { command: 'claude plugin install agent-guard@agent-guard' } },
      { tool_name: 'Bash', tool_input: { command: 'mkfifo /tmp/pipe' } },
      { tool_name: 'Bash', tool_input: { command: 'ln -s /dev/null build/log.txt' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod +x script.sh' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod -R u+w .' } },
      { tool_name: 'Bash', tool_input: { command: 'chmod go-w .claude/settings.json' }, note: 'the hook runs as the owner' },
      { tool_name: 'Bash', tool_input: { command: 'chmod 755 ~' } },
      { tool_name: 'Bash', tool_input: { command: 'node --version' } },
      { tool_name: 'Bash', tool_input: { command: 'ls -l /usr/bin/node' } },
      { tool_name: 'Bash', tool_input: { command: 'cp /usr/bin/node /tmp/node-copy' } },
      { tool_name: 'Bash', tool_input: { command: 'setfacl -m u:ci:r-- build/report.txt' } },
      {
        tool_name: 'Bash',
        tool_input: { command: "python3 -c \"import json; print(json.load(open('.claude/settings.json'))['hooks'])\"" },
        note: 'reads only',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "node -e \"const fs=require('fs'); fs.writeFileSync('/tmp/hooks.json', fs.readFileSync('.claude/settings.json'))\"" },
        note: 'the only write has a literal path outside the guard',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: "python3 -c \"import os; p=os.path.join('build','out.txt'); open(p,'w').write('x')\"" },
        note: 'a computed write that names nothing of the guard',
      },
      { tool_name: 'Bash', tool_input: { command: 'echo "$CLAUDE_ENV_FILE"' } },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"allow": [] },',
          new_string: '"allow": [] }, "env": { "MAX_THINKING_TOKENS": "8000", "ANTHROPIC_MODEL": "claude-sonnet-4-5" },',
        },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
        note: 'names only Claude Code reads are on the allowlist',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: '.claude/settings.json', old_string: '"allow": []', new_string: '"allow": [], "additionalDirectories": ["../shared-lib"]' },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: '.claude/settings.json',
          old_string: '"allow": []',
          new_string: '"allow": [], "enabledPlugins": { "prettier@market": false }',
        },
        fixture: { committed: { '.claude/settings.json': HOOKED } },
      },
    ],
  },
});
