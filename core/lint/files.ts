// Which files are agent-visible, and what kind each is: the `.claude/` layout of a project (and of
// ~/.claude), and the layout of a plugin (a folder with .claude-plugin/plugin.json, whose agents/,
// commands/, skills/, workflows/ and hooks/hooks.json Claude Code loads; reference §1.13).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FileKind } from './types';

/** Classifies a path relative to the workspace root (forward slashes). null: not an agent file. */
export function fileKind(rel: string): FileKind | null {
  const r = rel.replace(/\\/g, '/').replace(/^\.\//, '');
  const name = r.slice(r.lastIndexOf('/') + 1);
  if (/^CLAUDE(\.local)?\.md$/.test(name) || name === 'AGENTS.md') return 'claude-md';
  if (/(^|\/)\.claude\/rules\/.+\.md$/.test(r)) return 'rules-md';
  if (/(^|\/)\.claude\/agents\/.+\.md$/.test(r)) return 'agent';
  if (/(^|\/)\.claude\/skills\/[^/]+\/SKILL\.md$/.test(r)) return 'skill';
  if (/(^|\/)\.claude\/commands\/.+\.md$/.test(r)) return 'command';
  if (/(^|\/)\.claude\/settings(\.local)?\.json$/.test(r) || /(^|\/)managed-settings\.json$/.test(r)) return 'settings';
  if (/(^|\/)\.claude\/workflows\/[^/]+\.js$/.test(r)) return 'workflow';
  if (/(^|\/)\.claude\/(?:agent-guard\.json|agent-guard\/local\.json)$/.test(r)) return 'guard-config';
  return otherHostKind(r, name);
}

/**
 * Other hosts' agent files (sources in core/lint/hosts.ts): instruction files read like CLAUDE.md
 * (GEMINI.md; AGENTS.override.md, Codex's; Cursor's rules and legacy .cursorrules; Copilot's
 * repository and path instructions, prompt files and custom agents) and hook configuration
 * (.codex/hooks.json, .cursor/hooks.json, .gemini/settings.json, .github/hooks/*.json).
 */
function otherHostKind(r: string, name: string): FileKind | null {
  if (name === 'GEMINI.md' || name === 'AGENTS.override.md' || name === '.cursorrules') return 'instructions';
  if (/(^|\/)\.cursor\/rules\/.+\.mdc?$/.test(r)) return 'instructions';
  if (/(^|\/)\.github\/copilot-instructions\.md$/.test(r)) return 'instructions';
  if (/(^|\/)\.github\/(?:instructions\/.+\.instructions|prompts\/.+\.prompt|agents\/.+\.agent|chatmodes\/.+\.chatmode)\.md$/.test(r)) return 'instructions';
  if (/(^|\/)\.(?:codex|cursor)\/hooks\.json$/.test(r) || /(^|\/)\.gemini\/settings\.json$/.test(r)) return 'host-hooks';
  if (/(^|\/)\.github\/hooks\/[^/]+\.json$/.test(r)) return 'host-hooks';
  return null;
}

/** The component paths a plugin manifest names (they replace agents/, commands/, workflows/; skills adds). */
export interface PluginManifest {
  agents?: string[];
  commands?: string[];
  workflows?: string[];
  skills?: string[];
}

const asList = (v: unknown): string[] | undefined =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;

export function readManifest(text: string | null): PluginManifest {
  try {
    const m = JSON.parse(text ?? '{}') as Record<string, unknown>;
    const clean = (v: unknown) => asList(v)?.map((p) => p.replace(/^\.\//, '').replace(/\/$/, ''));
    return { agents: clean(m.agents), commands: clean(m.commands), workflows: clean(m.workflows), skills: clean(m.skills) };
  } catch {
    return {};
  }
}

const under = (inner: string, paths: string[]) => paths.some((p) => inner === p || inner.startsWith(`${p}/`));

/** Classifies a path relative to a plugin root (forward slashes). */
export function pluginFileKind(inner: string, manifest: PluginManifest = {}): FileKind | null {
  const r = inner.replace(/^\.\//, '');
  if (r === 'hooks/hooks.json') return 'settings';
  if (r.endsWith('/SKILL.md') && (/^skills\/[^/]+\/SKILL\.md$/.test(r) || under(r, manifest.skills ?? []))) return 'skill';
  if (!r.endsWith('.md') && !r.endsWith('.js')) return null;
  const inDir = (key: 'agents' | 'commands' | 'workflows') => (manifest[key] ? under(r, manifest[key]!) : r.startsWith(`${key}/`));
  if (r.endsWith('.md') && inDir('agents')) return 'agent';
  if (r.endsWith('.md') && inDir('commands')) return 'command';
  if (r.endsWith('.js') && inDir('workflows') && !r.slice('workflows/'.length).includes('/')) return 'workflow';
  return null;
}

const PLUGIN_MANIFEST = '.claude-plugin/plugin.json';

/**
 * The kind of a file, from its path and (for plugin files) the nearest plugin root above it.
 * `read` reads a file relative to the workspace root (null: absent).
 */
export function classifyFile(rel: string, read: (rel: string) => string | null): FileKind | null {
  const direct = fileKind(rel);
  if (direct) return direct;
  const parts = rel.replace(/\\/g, '/').split('/');
  for (let i = parts.length - 1; i >= 0; i--) {
    const dir = parts.slice(0, i).join('/');
    const manifest = read(dir ? `${dir}/${PLUGIN_MANIFEST}` : PLUGIN_MANIFEST);
    if (manifest !== null) return pluginFileKind(parts.slice(i).join('/'), readManifest(manifest));
  }
  return null;
}

export interface AgentFileRef {
  rel: string;
  kind: FileKind;
}

const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'build',
  'out',
  'coverage',
  '.next',
  'vendor',
  'target',
  '.venv',
  'venv',
  '__pycache__',
  'worktrees',
]);

/** Dot-folders that hold agent files (other dot-folders are skipped: .git, caches, editors' state). */
const AGENT_DOT_DIRS = new Set(['.claude', '.cursor', '.github', '.codex', '.gemini']);

function readSmall(abs: string): string | null {
  try {
    return statSync(abs).size > 256 * 1024 ? null : readFileSync(abs, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Every agent-visible file under root (paths relative to root, with their kind), bounded. `under`
 * (relative to root) walks only that folder, with each file's kind still decided by its whole path
 * (`.claude/agents/x.md` is an agent when `lint .claude` walks `agents/x.md`) and by a plugin
 * manifest above the folder.
 */
export function findAgentFiles(root: string, limit = 20000, under = ''): AgentFileRef[] {
  const out: AgentFileRef[] = [];
  const walk = (dir: string, rel: string, depth: number, plugin: { rel: string; manifest: PluginManifest } | null) => {
    if (out.length >= limit || depth > 12) return;
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    if (entries.includes('.claude-plugin')) {
      const text = readSmall(join(dir, PLUGIN_MANIFEST));
      if (text !== null) plugin = { rel, manifest: readManifest(text) };
    }
    for (const e of entries.sort()) {
      if (SKIP_DIRS.has(e)) continue;
      const abs = join(dir, e);
      const r = rel ? `${rel}/${e}` : e;
      let isDir = false;
      try {
        isDir = statSync(abs).isDirectory();
      } catch {
        continue;
      }
      if (isDir) {
        if (e.startsWith('.') && !AGENT_DOT_DIRS.has(e)) continue;
        walk(abs, r, depth + 1, plugin);
        continue;
      }
      const kind = fileKind(r) ?? (plugin ? pluginFileKind(plugin.rel ? r.slice(plugin.rel.length + 1) : r, plugin.manifest) : null);
      if (kind) out.push({ rel: r, kind });
    }
  };
  const start = under.replace(/^\.\/|\/$/g, '');
  if (start === '') walk(root, '', 0, null);
  else walk(join(root, start), start, start.split('/').length, pluginAbove(root, start));
  return out;
}

/** The nearest plugin root at or above a folder (relative to root), with its manifest. */
function pluginAbove(root: string, rel: string): { rel: string; manifest: PluginManifest } | null {
  const parts = rel.split('/');
  for (let i = parts.length; i >= 0; i--) {
    const dir = parts.slice(0, i).join('/');
    const text = readSmall(join(root, dir, PLUGIN_MANIFEST));
    if (text !== null) return { rel: dir, manifest: readManifest(text) };
  }
  return null;
}
