// The built-in guard set in the environment the tests use: HOME=/home/user, project /home/user/project.

import guards from 'agent-guard:guards';
import * as examples from '../../core/guards/examples';
import type { GuardConfig } from '../../core/config';
import { createGitRunner } from '../../cli/git';
import type { GuardExample } from '../../core/guards/types';

export const HOME = examples.REFERENCE_HOME;
export const PROJECT = examples.REFERENCE_PROJECT;
// git gets all the time it needs here: with the hook's 1.5 s budget a loaded machine turns a
// fixture's `git status` into "unknown", and the example's verdict with it (the budget itself is
// tested in git-hardening.test.ts).
export const ENV: examples.ExampleEnvironment = {
  guards,
  home: HOME,
  defaultCwd: PROJECT,
  git: (projectDir) => createGitRunner({ projectDir, budgetMs: 120_000, callMs: 60_000 }),
};

export const describeExample = examples.describeExample;

export function evaluateExample(example: GuardExample, config?: GuardConfig): examples.ExampleRun {
  return examples.evaluateExample(config ? { ...ENV, config } : ENV, example);
}

export function evaluateAt(tool: string, input: Record<string, unknown>, cwd: string, projectDir: string, config?: GuardConfig): examples.ExampleRun {
  return examples.evaluateAt(config ? { ...ENV, config } : ENV, tool, input, cwd, projectDir);
}
