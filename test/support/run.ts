// Runs example payloads through the whole dispatcher, the way the hook does.

import guards from 'agent-guard:guards';
import { evaluatePayload, type Evaluation } from '../../core/guards/dispatch';
import type { GuardConfig } from '../../core/config';
import type { GuardExample } from '../../core/guards/types';
import { buildFixture } from './fixture';

export const HOME = '/home/user';
export const PROJECT = '/home/user/project';

const fixtureCache = new Map<string, string>();

/** The cwd an example runs in; fixtures are built once per distinct definition. */
export function exampleCwd(example: GuardExample): string {
  if (!example.fixture) return example.cwd ?? PROJECT;
  const key = JSON.stringify(example.fixture);
  let root = fixtureCache.get(key);
  if (!root) {
    root = buildFixture(example.fixture);
    fixtureCache.set(key, root);
  }
  return example.cwd ? `${root}/${example.cwd}` : root;
}

export interface ExampleRun {
  evaluation: Evaluation;
  cwd: string;
  projectDir: string;
}

export function evaluateExample(example: GuardExample, config?: GuardConfig): ExampleRun {
  const cwd = exampleCwd(example);
  // Like the hook without CLAUDE_PROJECT_DIR: the project is where the call starts (a fixture's root).
  const projectDir = example.fixture ? exampleCwd({ ...example, cwd: undefined }) : cwd;
  return evaluateAt(example.tool_name, example.tool_input, cwd, projectDir, config);
}

export function evaluateAt(tool: string, input: Record<string, unknown>, cwd: string, projectDir: string, config?: GuardConfig): ExampleRun {
  const payload = { hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, cwd };
  const evaluation = evaluatePayload(payload, { guards, home: HOME, projectDir, fallbackCwd: PROJECT, ...(config ? { config } : {}) });
  return { evaluation, cwd, projectDir };
}

export function describeExample(example: GuardExample): string {
  const input = example.tool_name === 'Bash' ? String(example.tool_input.command) : JSON.stringify(example.tool_input);
  const text = input.length > 90 ? `${input.slice(0, 87)}...` : input;
  return `${example.tool_name}: ${text}${example.fixture ? ' (in a fixture repo)' : ''}`;
}
