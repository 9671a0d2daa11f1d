import { defineRule } from '../types';
import { jsonNode } from '../helpers';
import type { Loosening } from '../../config';

/** The message for one waiting entry: what it does, that it does not apply, and what makes it apply. */
export function waitingMessage(item: Loosening, base?: string): string {
  return base
    ? `This change loosens the guard relative to ${base}: it ${item.what}. Configuration that loosens the guard applies once it is merged; until then ${base}'s configuration applies, here and in this check.`
    : `This entry loosens the guard (it ${item.what}) and does not apply until you consent: review it, then run agent-guard trust (the defaults hold until then; in CI, lint --base <branch> takes the base branch's configuration as agreed).`;
}

export default defineRule({
  code: 'AG-CFG-001',
  name: 'loosening-unconsented',
  severity: 'warning',
  title: 'Configuration that loosens the guard applies only with your consent',
  rationale:
    "The agent can write Agent Guard's configuration, and a cloned repository brings the team's .claude/agent-guard.json with it: a guard switched off, a write root of /, an exception for rm -rf ~ would silence the guard unseen. So an entry that loosens the guard (a mode below the default, a protected branch or human flag removed, a write root, a key host, an exemption from the secret files, failMode open, an exception) applies only once you consented to exactly that entry with agent-guard trust, and tightening applies at once. Until then the defaults hold for it, the hook's reason says so, and this finding marks the entry. In CI (lint --base <branch>), a pull request cannot loosen its own checks: what it loosens is reported here and the base branch's configuration applies.",
  appliesTo: ['guard-config'],
  inlineDisable: false,
  check(ctx) {
    const { items, base } = ctx.pendingConsent();
    if (items.length === 0) return;
    const tree = ctx.json().tree;
    for (const item of items) {
      // The entry itself; a removed default points at its list; the file's start when neither is found.
      const node = jsonNode(tree, item.path) ?? jsonNode(tree, item.path.slice(0, 1));
      const at = node?.parent?.type === 'property' && typeof item.path[item.path.length - 1] === 'string' ? node.parent : node;
      ctx.report({ start: at?.offset ?? 0, end: at ? at.offset + at.length : 0, message: waitingMessage(item, base) });
    }
  },
  examples: {
    problematic: [
      {
        path: '.claude/agent-guard.json',
        text: '{\n  "guards": { "destructive-git": "ask" }\n}\n',
        expect: [
          {
            line: 2,
            message:
              'This entry loosens the guard (it sets destructive-git to "ask" instead of "deny") and does not apply until you consent: review it, then run agent-guard trust (the defaults hold until then; in CI, lint --base <branch> takes the base branch\'s configuration as agreed).',
          },
        ],
      },
      {
        path: '.claude/agent-guard.json',
        text: '{\n  "allowedWriteRoots": ["~/scratch"],\n  "exceptions": [\n    { "guard": "force-push-protected", "command": "git push --force origin main" }\n  ]\n}\n',
        expect: [
          {
            line: 2,
            message:
              "This entry loosens the guard (it lets the agent write in ~/scratch) and does not apply until you consent: review it, then run agent-guard trust (the defaults hold until then; in CI, lint --base <branch> takes the base branch's configuration as agreed).",
          },
          {
            line: 4,
            message:
              'This entry loosens the guard (it lets force-push-protected pass "git push --force origin main") and does not apply until you consent: review it, then run agent-guard trust (the defaults hold until then; in CI, lint --base <branch> takes the base branch\'s configuration as agreed).',
          },
        ],
      },
      // Replacing the protected branches drops the defaults it does not repeat: each removal is a loosening.
      {
        path: '.claude/agent-guard.json',
        text: '{ "protectedBranches": ["main", "master", "trunk", "develop", "development", "production", "release/*", "releases/*"] }\n',
        expect: [
          {
            line: 1,
            message:
              'This entry loosens the guard (it removes "prod" from protectedBranches) and does not apply until you consent: review it, then run agent-guard trust (the defaults hold until then; in CI, lint --base <branch> takes the base branch\'s configuration as agreed).',
          },
        ],
      },
      { path: '.claude/agent-guard/local.json', text: '{ "exceptions": [{ "guard": "secret-read", "command": "cat .env" }] }\n' },
    ],
    correct: [
      // Tightening applies at once: nothing waits.
      {
        path: '.claude/agent-guard.json',
        text: '{\n  "guards": { "human-flags": "deny" },\n  "protectedBranches": ["main", "master", "trunk", "develop", "development", "production", "prod", "release/*", "releases/*", "staging"]\n}\n',
      },
      { path: '.claude/agent-guard.json', text: '{\n  // stricter on errors\n  "failMode": "closed",\n  "secretFiles": ["config/credentials.yml"]\n}\n' },
      { path: '.claude/agent-guard.json', text: '{}\n' },
    ],
  },
});
