// Turns a host's PreToolUse payload into the one ToolCall shape guards see.

import { isAbsolutePath, normalizePath, resolvePath } from '../paths';
import type { ToolCall } from './types';

export type Normalized = { ok: true; call: ToolCall } | { ok: false; problem: string };

const COMMAND_TOOLS = new Set(['Bash', 'PowerShell', 'Monitor']);

export function normalizeCall(payload: unknown, fallbackCwd: string, home: string): Normalized {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return { ok: false, problem: 'payload is not a JSON object' };
  const p = payload as Record<string, unknown>;
  const tool = p.tool_name;
  if (typeof tool !== 'string' || tool === '') return { ok: false, problem: 'payload has no tool_name' };
  const rawInput = p.tool_input;
  const input = typeof rawInput === 'object' && rawInput !== null && !Array.isArray(rawInput) ? (rawInput as Record<string, unknown>) : {};
  const cwdRaw = typeof p.cwd === 'string' && p.cwd !== '' ? p.cwd : fallbackCwd;
  const cwd = isAbsolutePath(cwdRaw) ? normalizePath(cwdRaw) : resolvePath(fallbackCwd, cwdRaw, home);

  const call: ToolCall = { tool, input, cwd, command: null, path: null, edits: null };
  if (COMMAND_TOOLS.has(tool)) {
    call.command = typeof input.command === 'string' ? input.command : null;
  }
  const pathField = input.file_path ?? input.notebook_path ?? (tool === 'Grep' || tool === 'Glob' ? input.path : undefined);
  if (typeof pathField === 'string' && pathField !== '') call.path = resolvePath(cwd, pathField, home);

  if (tool === 'Edit') {
    call.edits = [{ oldText: str(input.old_string), newText: str(input.new_string) }];
  } else if (tool === 'MultiEdit' && Array.isArray(input.edits)) {
    call.edits = input.edits
      .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
      .map((e) => ({ oldText: str(e.old_string), newText: str(e.new_string) }));
  } else if (tool === 'Write') {
    call.edits = [{ oldText: '', newText: str(input.content) }];
  } else if (tool === 'NotebookEdit') {
    call.edits = [{ oldText: '', newText: str(input.new_source) }];
  }
  return { ok: true, call };
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
