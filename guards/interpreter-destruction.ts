import { defineGuard, SHELL_TOOLS, type GuardContext } from '../core/guards/types';
import { runs } from '../core/guards/helpers';
import { catastrophe } from '../core/guards/targets';
import { interpreterCode } from '../core/shell/interpreter-args';
import { resolvePath } from '../core/paths';
import { namesOnly } from '../core/programs/table';

/** Recursive-delete calls per language (the match ends where the first argument starts). */
const DELETERS: Record<string, RegExp> = {
  python: /\b(?:shutil\.rmtree|os\.removedirs|rmtree)\s*\(\s*/g,
  js: /\b(?:fs\.)?(?:rmSync|rmdirSync|rm|rmdir|promises\.rm|rimraf(?:\.sync)?|removeSync|remove|emptyDirSync)\s*\(\s*/g,
  ruby: /\bFileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry_secure|rmtree)\s*\(?\s*/g,
  perl: /\b(?:rmtree|remove_tree)\s*\(?\s*/g,
};
namesOnly(DELETERS);

/** The first argument of a call, up to the top-level comma or closing parenthesis. Linear. */
function firstArgument(code: string, from: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < code.length && i < from + 2000; i++) {
    const c = code[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}' || c === ',' || c === '\n' || c === ';') {
      if (depth === 0) return code.slice(from, i);
      if (c !== ',' && c !== '\n' && c !== ';') depth--;
    }
  }
  return code.slice(from, Math.min(code.length, from + 2000));
}

/** What a code expression names: a string literal path, or the home directory. */
function target(expr: string, cwd: string, ctx: GuardContext): string | null {
  const e = expr.trim();
  if (
    /\bhomedir\(\)|os\.path\.expanduser\(\s*['"]~['"]\s*\)|Path\.home\(\)|process\.env\.(HOME|USERPROFILE)|os\.environ\[?\s*['"](HOME|USERPROFILE)|Dir\.home|ENV\[\s*['"]HOME|\$ENV\{HOME\}/.test(
      e,
    )
  )
    return ctx.home;
  const lit = /^(?:Path\()?\s*r?(['"`])(.*?)\1/.exec(e);
  if (!lit) return null;
  return resolvePath(cwd, lit[2]!, ctx.home);
}

export default defineGuard({
  id: 'interpreter-destruction',
  title: 'No recursive deletion of /, home or the project through a language library',
  prevents:
    'python -c "shutil.rmtree(\'/\')" or node -e "fs.rmSync(os.homedir(),{recursive:true})" deletes everything with no rm in sight, so command guards miss it.',
  tools: [...SHELL_TOOLS],
  catastrophic: true,
  priority: 5,
  check(call, ctx) {
    for (const inv of runs(ctx.shell())) {
      const code = interpreterCode(inv);
      if (!code) continue;
      const re = DELETERS[code.lang];
      if (!re) continue;
      re.lastIndex = 0;
      for (const m of code.code.matchAll(re)) {
        if (code.lang === 'js' && !/recursive\s*:\s*true|rimraf|removeSync|remove\(|emptyDir/.test(code.code)) continue;
        const path = target(firstArgument(code.code, m.index + m[0].length), inv.cwd ?? call.cwd, ctx);
        const what = path ? catastrophe(path, ctx) : null;
        if (what)
          return {
            reason: `This ${inv.program} one-liner deletes ${what} through the language's file API. Delete the specific build directory instead, by path inside the project.`,
          };
      }
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: `python3 -c "import shutil; shutil.rmtree('/')"` } },
      { tool_name: 'Bash', tool_input: { command: `node -e "require('fs').rmSync(require('os').homedir(),{recursive:true,force:true})"` } },
      { tool_name: 'Bash', tool_input: { command: `python -c "import shutil, os; shutil.rmtree(os.path.expanduser('~'))"` } },
      { tool_name: 'Bash', tool_input: { command: `ruby -e "require 'fileutils'; FileUtils.rm_rf('/usr')"` } },
      { tool_name: 'Bash', tool_input: { command: `perl -MFile::Path -e "rmtree('/home')"` } },
      { tool_name: 'Bash', tool_input: { command: "python3 - <<'EOF'\nimport shutil\nshutil.rmtree('.')\nEOF" } },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: `python3 -c "import shutil; shutil.rmtree('build')"` } },
      { tool_name: 'Bash', tool_input: { command: `node -e "require('fs').rmSync('dist',{recursive:true,force:true})"` } },
      {
        tool_name: 'Bash',
        tool_input: { command: `python3 -c "print('use shutil.rmtree on build dirs only')"` },
        note: 'mentioning the call is not calling it',
      },
      { tool_name: 'Bash', tool_input: { command: `node -e "console.log(require('os').homedir())"` } },
      { tool_name: 'Bash', tool_input: { command: 'python3 manage.py migrate' } },
    ],
  },
});
