// Facts known from many workspace files, computed once per workspace view (one lint run, or one
// re-lint in the server) and shared by every file linted with it. A rule that needs every agent
// name of a folder asks `ctx.workspace.fact(agentsNamed, …)`; before, each agent file read the whole
// folder again, and a lint of 1,000 agent files read a million files.
//
// A kept lint result (the CLI's memo, core/lint/verdict-memo.ts) records the value of each fact it
// used (a digest), not every file behind it; the next run asks the fact again (once) and compares.
// So a fact is a pure function of what it reads through the view, and each fact a rule asks should
// be as narrow as what the rule uses (the agents named "x", not the whole index): a change elsewhere
// in the folder then leaves the file's kept result valid.

import { acorn } from './libraries';
import { isIdent, propertyNamed, walk, type AnyNode } from './js';
import type { WorkspaceFact, WorkspaceView } from './types';
import { readManifest } from './files';

/** Folders walked under one agents folder (its subfolders count: Claude Code loads them). */
const MAX_DIRS = 2000;

/** The `name:` value of a frontmatter text: the first `name:` line, without a comment or quotes. */
export function frontmatterName(frontmatter: string): string | undefined {
  const line = /^name:[^\n]*/m.exec(frontmatter)?.[0];
  if (!line) return undefined;
  const hash = line.indexOf(' #');
  const value = (hash < 0 ? line.slice(5) : line.slice(5, hash)).trim();
  const unquoted = value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]) ? value.slice(1, -1) : value;
  return unquoted.trim() || undefined;
}

export interface AgentEntry {
  path: string;
  /** Its frontmatter `name` (null: no frontmatter or no name). */
  name: string | null;
}

/** Every `.md` file under an agents folder (subfolders included), with its frontmatter name. */
export const agentIndex: WorkspaceFact<AgentEntry[]> = {
  id: 'agent-index',
  compute(view, dir) {
    const out: AgentEntry[] = [];
    const stack = [dir];
    for (let n = 0; stack.length > 0 && n < MAX_DIRS; n++) {
      const d = stack.pop()!;
      for (const e of view.list(d).sort()) {
        const p = `${d}/${e}`;
        if (e.endsWith('.md')) {
          const text = view.read(p) ?? '';
          let name: string | null = null;
          if (text.startsWith('---')) {
            const end = text.indexOf('\n---', 3);
            name = frontmatterName(text.slice(0, end < 0 ? 4096 : end)) ?? null;
          }
          out.push({ path: p, name });
        } else if (!e.includes('.')) stack.push(p);
      }
    }
    return out;
  },
};

/** The agent files of a folder named `name`: arg is `<folder>\0<name>`. */
export const agentsNamed: WorkspaceFact<string[]> = {
  id: 'agents-named',
  compute(view, arg) {
    const [dir, name] = arg.split('\0') as [string, string];
    return view
      .fact(agentIndex, dir)
      .filter((a) => a.name === name)
      .map((a) => a.path);
  },
};

/**
 * Whether a folder holds an agent a workflow can call as `type` (its frontmatter name, or its file
 * name): arg is `<folder>\0<type>`.
 */
export const agentTypeDefined: WorkspaceFact<boolean> = {
  id: 'agent-type-defined',
  compute(view, arg) {
    const [dir, type] = arg.split('\0') as [string, string];
    return view.fact(agentIndex, dir).some((a) => a.name === type || a.path.slice(a.path.lastIndexOf('/') + 1) === `${type}.md`);
  },
};

/** Names of the subagents the workflows of a folder call with a `schema` (structured output). */
export const schemaCallers: WorkspaceFact<string[]> = {
  id: 'schema-callers',
  compute(view, dir) {
    const out = new Set<string>();
    for (const e of view.list(dir).sort()) {
      if (!e.endsWith('.js')) continue;
      const text = view.read(`${dir}/${e}`);
      if (!text?.includes('agentType')) continue;
      let program: ReturnType<ReturnType<typeof acorn>['parse']>;
      try {
        program = acorn().parse(text, {
          ecmaVersion: 'latest',
          sourceType: 'module',
          allowReturnOutsideFunction: true,
          allowAwaitOutsideFunction: true,
          allowHashBang: true,
        });
      } catch {
        continue;
      }
      walk(program, (n: AnyNode) => {
        if (n.type !== 'CallExpression' || !isIdent(n.callee, 'agent')) return;
        const opts = n.arguments[1];
        if (opts?.type !== 'ObjectExpression' || !propertyNamed(opts, 'schema')) return;
        const type = propertyNamed(opts, 'agentType')?.value;
        if (type?.type === 'Literal' && typeof type.value === 'string') out.add(type.value);
      });
    }
    return [...out].sort();
  },
};

/** Whether a workflow of the folder calls subagent `name` with a schema: arg is `<folder>\0<name>`. */
export const calledWithSchema: WorkspaceFact<boolean> = {
  id: 'called-with-schema',
  compute(view, arg) {
    const [dir, name] = arg.split('\0') as [string, string];
    return view.fact(schemaCallers, dir).includes(name);
  },
};

/**
 * A plugin's name and agent folders (its .claude-plugin/plugin.json), for the plugin root given;
 * null: no manifest there.
 */
export const pluginManifest: WorkspaceFact<{ name: string | null; agents?: string[] } | null> = {
  id: 'plugin-manifest',
  compute(view, root) {
    const text = view.read(`${root}/.claude-plugin/plugin.json`);
    if (text === null) return null;
    let name: string | null = null;
    try {
      const m = JSON.parse(text) as { name?: unknown } | null;
      if (typeof m?.name === 'string') name = m.name;
    } catch {
      // A manifest that does not parse: a plugin without a known name.
    }
    const { agents } = readManifest(text);
    return agents ? { name, agents } : { name };
  },
};

/** Every fact by id: how a kept result's recorded facts are asked again. */
export const FACTS: ReadonlyMap<string, WorkspaceFact<unknown>> = new Map(
  [agentIndex, agentsNamed, agentTypeDefined, schemaCallers, calledWithSchema, pluginManifest].map((f) => [f.id, f as WorkspaceFact<unknown>]),
);

/** A view's fact cache: each fact and argument computed once, through the view itself. */
export function factCache(view: () => WorkspaceView): WorkspaceView['fact'] {
  const known = new Map<string, unknown>();
  return <T>(fact: WorkspaceFact<T>, arg: string): T => {
    const key = `${fact.id}\0${arg}`;
    if (known.has(key)) return known.get(key) as T;
    const value = fact.compute(view(), arg);
    known.set(key, value);
    return value;
  };
}
