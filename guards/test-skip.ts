import { defineGuard, SHELL_TOOLS, type Denial, type GuardContext } from '../core/guards/types';
import { basename, dirname, relativeTo } from '../core/paths';
import { isTracked, shellFileChanges, textAfter, type FileChange } from '../core/guards/file-changes';
import {
  dropsTestDefinition,
  frameworkFor,
  isCollectedTest,
  JS_EXCLUDE_KEYS,
  JS_RUNNER_CONFIG,
  markerCount,
  RUNNER_CONFIGS,
  SEPARATE_SUITES,
  TEST_SCRIPT_FORCED,
  TEST_SCRIPT_NOOP,
  testedName,
} from '../core/test-frameworks';
import { literals } from '../core/effects/literals';
import { minimatch } from 'minimatch';

const FIX = 'Fix the code or the test; if the failure is real and out of scope, leave the test failing and report it to the user.';

/** Does the change add a skip or focus marker to a test file? old/new are the replaced texts; `file` is the whole file as it is. */
function addsMarker(path: string, oldText: string, newText: string, file: string | null): boolean {
  const fw = frameworkFor(path);
  if (!fw) return false;
  const context = `${newText}\n${file ?? ''}`;
  return markerCount(newText, fw, context) > markerCount(oldText, fw, context);
}

/** Does the change turn a test into a definition the runner does not collect (`def test_x` → `def _test_x`)? */
function renamesTest(path: string, oldText: string, newText: string): boolean {
  const fw = frameworkFor(path);
  return !!fw && dropsTestDefinition(oldText, newText, fw);
}

const RENAMED = 'renames a test to a name the runner does not collect, so it stops running';

/** How many of the runner config's deselecting options `text` holds. */
function configCount(text: string, name: string): number {
  let n = 0;
  for (const cfg of RUNNER_CONFIGS) {
    if (!cfg.files.test(name)) continue;
    for (const m of cfg.markers) {
      m.re.lastIndex = 0;
      for (const hit of text.matchAll(m.re)) if (!m.accept || m.accept(hit, text)) n++;
    }
  }
  return n;
}

const MAX_WALK = 4000;

/** Test files under `root` (relative to it), by a bounded walk that skips dependencies and .git. */
function testFilesUnder(root: string, ctx: GuardContext): string[] {
  const out: string[] = [];
  const stack: { dir: string; rel: string }[] = [{ dir: root, rel: '' }];
  let seen = 0;
  while (stack.length > 0 && seen < MAX_WALK) {
    const { dir, rel } = stack.pop()!;
    for (const name of ctx.listDir(dir)) {
      if (++seen > MAX_WALK) break;
      if (name === 'node_modules' || name === '.git') continue;
      const path = `${dir}/${name}`;
      const r = rel ? `${rel}/${name}` : name;
      if (isCollectedTest(`/${r}`)) out.push(r);
      else if (!name.includes('.') || ctx.listDir(path).length > 0) stack.push({ dir: path, rel: r });
    }
  }
  return out;
}

/** A JS runner config's excluded patterns (vitest/jest/playwright): the string literals of its exclude-like keys. */
function excludedPatterns(text: string): Set<string> {
  const out = new Set<string>();
  JS_EXCLUDE_KEYS.lastIndex = 0;
  for (const m of text.matchAll(JS_EXCLUDE_KEYS)) {
    // vitest's `exclude` is about tests only inside `test: { … }` (not coverage, optimizeDeps, build).
    if (m[1] === 'exclude' && enclosingKey(text, m.index!) !== 'test') continue;
    for (const l of literals(m[2] ?? m[4] ?? '')) out.add(l.text);
  }
  return out;
}

/** The key of the object literal that holds offset `at` (`test` in `test: { exclude: … }`); '' at the top. Bounded look-back. */
function enclosingKey(text: string, at: number): string {
  let depth = 0;
  for (let i = at - 1; i >= 0 && i >= at - 4000; i--) {
    const c = text[i];
    if (c === '}' || c === ']' || c === ')') depth++;
    else if (c === '{' || c === '[' || c === '(') {
      if (depth > 0) depth--;
      else if (c === '{') {
        const m = /([A-Za-z_$][\w$]*)['"]?\s*:\s*$/.exec(text.slice(Math.max(0, i - 80), i));
        return m ? m[1]! : '';
      }
    }
  }
  return '';
}

/** An exclusion added to a JS runner config that leaves out test files the project has. */
function excludesTests(path: string, before: string, after: string, ctx: GuardContext): string | null {
  const old = excludedPatterns(before);
  const added = [...excludedPatterns(after)].filter((p) => !old.has(p) && !SEPARATE_SUITES.test(p));
  if (added.length === 0) return null;
  const files = testFilesUnder(dirname(path), ctx);
  for (const p of added) {
    // jest's testPathIgnorePatterns are regular expressions over the path: judged as the text they name.
    const plain = p.replace(/^<rootDir>\//, '').replace(/^\^|\$$/g, '');
    const glob = /[*?{]/.test(plain);
    const hit = files.find((f) => (glob ? matchGlob(f, plain) : f.includes(plain.replace(/^\.?\//, '')) && plain !== ''));
    if (hit) return `adds ${JSON.stringify(p)} to the runner's exclusions, which leaves out ${hit}`;
  }
  return null;
}

const matchGlob = (f: string, p: string) => minimatch(f, p.replace(/^\.\//, ''), { dot: true, matchBase: !p.includes('/') });

/** package.json test scripts ("test", "test:unit", …) by name. */
function testScripts(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/"(test(?::[\w:-]+)?)"\s*:\s*"((?:[^"\\\n]|\\.)*)"/g)) if (!out.has(m[1]!)) out.set(m[1]!, m[2]!);
  return out;
}

function disablesTestScript(before: string, after: string): string | null {
  const old = testScripts(before);
  for (const [name, script] of testScripts(after)) {
    const was = old.get(name);
    if (was === script) continue;
    if (TEST_SCRIPT_NOOP.test(script) && !(was !== undefined && TEST_SCRIPT_NOOP.test(was)))
      return `turns the "${name}" script into ${JSON.stringify(script)}, which runs no tests`;
    const forced = (t: string) => (t.match(TEST_SCRIPT_FORCED) ?? []).length;
    if (forced(script) > (was === undefined ? 0 : forced(was))) return `makes the "${name}" script (${JSON.stringify(script)}) pass whatever the tests do`;
  }
  return null;
}

/** A change to a test-runner configuration that deselects tests: the reason, or null. */
function deselects(path: string, before: string, after: string, ctx: GuardContext): string | null {
  const name = basename(path);
  if (configCount(after, name) > configCount(before, name)) return `adds an option to ${name} that deselects tests`;
  if (name === 'package.json') return disablesTestScript(before, after) ?? (/"jest"\s*:/.test(after) ? excludesTests(path, before, after, ctx) : null);
  if (JS_RUNNER_CONFIG.test(name)) return excludesTests(path, before, after, ctx);
  return null;
}

function isConfig(path: string): boolean {
  const name = basename(path);
  return name === 'package.json' || JS_RUNNER_CONFIG.test(name) || RUNNER_CONFIGS.some((c) => c.files.test(name));
}

/** Names of the code deleted on the line (not tests), for "a test deleted with the code it tests". */
function deletedCode(all: FileChange[]): Set<string> {
  return new Set(all.filter((o) => o.kind === 'delete' && !o.to && !frameworkFor(o.path)).map((o) => testedName(o.path)));
}

/** A folder deleted with committed tests in it whose code stays (`rm -rf tests`; not `rm -rf src/legacy` with its code). */
function dropsTestFolder(c: FileChange, all: FileChange[], ctx: GuardContext): string | null {
  if (c.to || ctx.listDir(c.path).length === 0) return null;
  const r = ctx.git(['ls-files', '-z', '--', c.path], c.path);
  if (!r?.ok) return null;
  const files = r.stdout.split('\0').filter(Boolean);
  const code = deletedCode(all);
  for (const f of files) if (!frameworkFor(`/${f}`)) code.add(testedName(f));
  const dropped = files.find((f) => isCollectedTest(`/${f}`) && !code.has(testedName(f)));
  return dropped ? `${c.how} deletes ${basename(c.path)}/, with committed tests in it (${dropped}) but not the code they test` : null;
}

/** A test file deleted or renamed to a name its runner does not collect, unless the code it tests goes with it. */
function dropsTest(c: FileChange, all: FileChange[], ctx: GuardContext): string | null {
  const fw = isCollectedTest(c.path);
  if (!fw) return dropsTestFolder(c, all, ctx);
  if (c.to && isCollectedTest(c.to) === fw) return null; // renamed, still collected
  if (isTracked(c.path, ctx) !== true) return null; // a test written in this session, or no repository to ask
  if (deletedCode(all).has(testedName(c.path))) return null;
  return c.to
    ? `${c.how} renames ${basename(c.path)} to ${basename(c.to)}, a name the test runner does not collect, so its tests stop running`
    : `${c.how} deletes ${basename(c.path)}, a committed test, so its failures disappear`;
}

function fileToolCheck(path: string, edits: { oldText: string; newText: string }[], whole: boolean, ctx: GuardContext, tool: string): Denial | null {
  const onDisk = ctx.readText(path);
  if (whole && edits.every((e) => e.newText.trim() === '') && onDisk?.trim() && isCollectedTest(path) && isTracked(path, ctx) === true)
    return { reason: `This ${tool} empties ${basename(path)}, a committed test, so its tests stop running. ${FIX}` };
  if (frameworkFor(path)) {
    const before = whole ? (onDisk ?? '') : edits.map((e) => e.oldText).join('\n');
    const after = edits.map((e) => e.newText).join('\n');
    if (addsMarker(path, before, after, onDisk))
      return { reason: `This change to ${basename(path)} adds a skip or focus marker, which hides failing tests instead of fixing them. ${FIX}` };
    if (renamesTest(path, before, after)) return { reason: `This change to ${basename(path)} ${RENAMED}. ${FIX}` };
  }
  if (isConfig(path)) {
    // The whole file before and after when the edits apply to it; else the fragments themselves.
    const wholeAfter = textAfter(onDisk, edits, whole);
    const before = wholeAfter !== null ? (onDisk ?? '') : edits.map((e) => e.oldText).join('\n');
    const after = wholeAfter ?? edits.map((e) => e.newText).join('\n');
    const why = deselects(path, before, after, ctx);
    if (why) return { reason: `This ${tool} of ${basename(path)} ${why}: the run turns green without the tests passing. ${FIX}` };
  }
  return null;
}

/** Writers whose new text is the output of a script or a command on the line (not a formatter's own rules). */
const COMPUTED_WRITERS = /^(?:sed|gsed|perl|ruby|awk|gawk|ed|ex)\b|inplace|^redirection|^tee\b|\bcode$/;

export default defineGuard({
  id: 'test-skip',
  title: 'No skipping, focusing or dropping of tests to make a run green',
  prevents:
    'A failing test quietly gets .skip (or .only hides the rest, or the file is deleted, renamed out of discovery, or excluded by the runner config), CI turns green, and the bug ships.',
  tools: ['Edit', 'MultiEdit', 'Write', 'NotebookEdit', ...SHELL_TOOLS],
  check(call, ctx) {
    if (call.command !== null) {
      // npm pkg set scripts.test="exit 0": package.json's test script rewritten by npm itself.
      for (const inv of ctx.shell().invocations) {
        if ((inv.program !== 'npm' && inv.program !== 'pnpm') || inv.args[0]?.known !== 'pkg' || inv.args[1]?.known !== 'set') continue;
        for (const a of inv.args.slice(2)) {
          const m = a.known === null ? null : /^scripts\.(test(?::[\w:-]+)?)=(.*)$/s.exec(a.known);
          const why = m ? disablesTestScript('', JSON.stringify({ [m[1]!]: m[2]! })) : null;
          if (why) return { reason: `${inv.program} pkg set ${why}: the run turns green without the tests passing. ${FIX}` };
        }
      }
      const changes = shellFileChanges(ctx);
      for (const c of changes) {
        if (c.kind === 'delete') {
          const why = dropsTest(c, changes, ctx);
          if (why) return { reason: `${why}. ${FIX}` };
          continue;
        }
        const relevant = frameworkFor(c.path) || isConfig(c.path);
        // cp/mv onto the file: it gets the source's content.
        const copied = relevant && c.from && !c.edit ? (c.from === '/dev/null' ? '' : ctx.readText(c.from)) : null;
        const edit = c.edit ?? (copied !== null ? { oldText: '', newText: copied } : null);
        // A script editor or a redirection rewriting a test with text computed when it runs (sed -i
        // "s/it(/$X(/", ruby -pi -e 'gsub(…)', PowerShell -replace | Set-Content): what it adds cannot be seen.
        if (relevant && !edit && frameworkFor(c.path) && COMPUTED_WRITERS.test(c.how) && ctx.readText(c.path) !== null)
          return {
            unanalysable: true,
            reason: `${c.how} rewrites ${basename(c.path)}, a test file, with text computed only when it runs, so whether it skips or focuses tests cannot be seen. Make the change with the Edit tool, or a literal sed -i 's/old/new/'.`,
          };
        if (!relevant || !edit) continue;
        const replaces = c.replaces || copied !== null;
        const onDisk = ctx.readText(c.path);
        if (replaces && edit.newText.trim() === '' && onDisk?.trim() && isCollectedTest(c.path) && isTracked(c.path, ctx) === true)
          return { reason: `${c.how} empties ${basename(c.path)}, a committed test, so its tests stop running. ${FIX}` };
        if (frameworkFor(c.path) && addsMarker(c.path, replaces ? (onDisk ?? '') : edit.oldText, edit.newText, onDisk))
          return {
            reason: `${c.how} on ${basename(c.path)} adds a skip or focus marker, which hides failing tests instead of fixing them. ${FIX}`,
          };
        // The whole file after the edit where it applies (a substitution's text found in the file), else the fragments.
        const wholeAfter = replaces ? edit.newText : textAfter(onDisk, [edit], false);
        if (
          frameworkFor(c.path) &&
          (wholeAfter !== null && onDisk !== null ? renamesTest(c.path, onDisk, wholeAfter) : renamesTest(c.path, edit.oldText, edit.newText))
        )
          return { reason: `${c.how} on ${basename(c.path)} ${RENAMED}. ${FIX}` };
        if (isConfig(c.path) && (onDisk !== null || replaces)) {
          const before = onDisk ?? '';
          const after = replaces ? edit.newText : edit.oldText === '' ? before + edit.newText : before.split(edit.oldText).join(edit.newText);
          const why = deselects(c.path, before, after, ctx);
          if (why)
            return {
              reason: `${c.how} on ${relativeTo(ctx.projectDir, c.path) ?? basename(c.path)} ${why}: the run turns green without the tests passing. ${FIX}`,
            };
        }
      }
      return null;
    }
    if (!call.path || !call.edits) return null;
    return fileToolCheck(call.path, call.edits, call.tool === 'Write' || call.tool === 'NotebookEdit', ctx, call.tool);
  },
  examples: {
    blocked: [
      { tool_name: 'Edit', tool_input: { file_path: 'src/app.test.ts', old_string: "it('works'", new_string: "it.skip('works'" } },
      { tool_name: 'Edit', tool_input: { file_path: 'src/app.test.ts', old_string: "it('works'", new_string: "xit('works'" } },
      { tool_name: 'Edit', tool_input: { file_path: 'src/app.spec.js', old_string: "describe('api'", new_string: "describe.only('api'" } },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'tests/test_api.py', old_string: 'def test_login():', new_string: '@pytest.mark.skip(reason="flaky")\ndef test_login():' },
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: 'tests/test_api.py',
          old_string: '    resp = client.get("/")',
          new_string: '    pytest.skip("broken")\n    resp = client.get("/")',
        },
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: 'pkg/api_test.go',
          old_string: 'func TestLogin(t *testing.T) {',
          new_string: 'func TestLogin(t *testing.T) {\n\tt.Skip("flaky")',
        },
      },
      { tool_name: 'Edit', tool_input: { file_path: 'src/lib.rs', old_string: '#[test]\nfn parses()', new_string: '#[test]\n#[ignore]\nfn parses()' } },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'src/test/java/ApiTest.java', old_string: '@Test\n  void login()', new_string: '@Disabled\n  @Test\n  void login()' },
      },
      { tool_name: 'Edit', tool_input: { file_path: 'spec/models/user_spec.rb', old_string: "it 'saves' do", new_string: "xit 'saves' do" } },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'spec/support/shared_login.rb', old_string: "it 'logs in' do", new_string: "xit 'logs in' do" },
        note: 'any .rb under spec/',
      },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'src/app.test.ts', content: "it.skip('works', () => {\n  expect(1).toBe(1);\n});\n" },
        fixture: { committed: { 'src/app.test.ts': "it('works', () => {\n  expect(1).toBe(1);\n});\n" } },
      },
      { tool_name: 'Bash', tool_input: { command: "sed -i \"s/it('works'/it.skip('works'/\" src/app.test.ts" } },
      { tool_name: 'Bash', tool_input: { command: 'perl -pi -e "s/it\\(/xit(/" src/app.test.ts' } },
      { tool_name: 'Bash', tool_input: { command: "sed -i -e 's/def test_login/@pytest.mark.skip\\ndef test_login/' tests/test_api.py" } },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'app_test.go', old_string: 'package app', new_string: '//go:build ignore\n\npackage app' },
        note: 'a build tag no build sets',
      },
      { tool_name: 'Edit', tool_input: { file_path: 'test/app_test.cpp', old_string: 'TEST(App, Works)', new_string: 'TEST(App, DISABLED_Works)' } },
      { tool_name: 'Write', tool_input: { file_path: 'pytest.ini', content: '[pytest]\naddopts = -k "not works"\n' }, note: 'deselected by config' },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'package.json', old_string: '"test": "vitest"', new_string: '"test": "exit 0"' },
        fixture: { committed: { 'package.json': '{ "scripts": { "test": "vitest" } }\n' } },
        note: 'the test script made a no-op',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'rm src/app.test.ts' },
        fixture: { committed: { 'src/app.test.ts': "it('works', () => {\n  expect(1).toBe(1);\n});\n" } },
        note: 'a committed test deleted',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git mv src/app.test.ts src/app.test.ts.bak' },
        fixture: { committed: { 'src/app.test.ts': "it('works', () => {\n  expect(1).toBe(1);\n});\n" } },
        note: 'renamed out of discovery',
      },
      { tool_name: 'Bash', tool_input: { command: 'echo "it.only(\'x\', () => {});" >> src/app.test.ts' }, note: 'appended by a redirection' },
      {
        tool_name: 'Bash',
        tool_input: { command: "find src -name '*.test.ts' -exec sed -i 's/it(/it.skip(/' {} +" },
        fixture: { committed: { 'src/app.test.ts': "it('works', () => {\n  expect(1).toBe(1);\n});\n" } },
        note: 'the files find hands to sed',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'patch -p1 < fix.patch' },
        fixture: {
          committed: { 'src/app.test.ts': "it('works', () => {\n  expect(1).toBe(1);\n});\n" },
          untracked: { 'fix.patch': "--- a/src/app.test.ts\n+++ b/src/app.test.ts\n@@ -1 +1 @@\n-it('works', () => {\n+it.skip('works', () => {\n" },
        },
        note: 'a patch file, hunk by hunk',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf tests' },
        fixture: { committed: { 'tests/test_api.py': 'def test_login():\n    pass\n', 'app/api.py': 'x = 1\n' } },
        note: 'the test folder, the code stays',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'src/app.test.ts', old_string: "it('works'", new_string: "it['skip']('works'" },
        note: 'the member by name',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'src/app.test.ts', old_string: "it('works', () => {", new_string: "it('works', (ctx) => {\n  ctx.skip();" },
        note: "Vitest's test context",
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'tests/test_api.py', old_string: 'def test_login():', new_string: 'def _test_login():' },
        note: 'renamed out of collection',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'tests/test_api.py', old_string: 'def test_login():', new_string: 'np = pytest.importorskip("numpy")\n\ndef test_login():' },
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: 'src/test/java/ApiTest.java',
          old_string: '@Test\n  void login()',
          new_string: '@DisabledOnOs(OS.LINUX)\n  @Test\n  void login()',
        },
      },
      { tool_name: 'Edit', tool_input: { file_path: 'spec/models/user_spec.rb', old_string: "it 'saves' do", new_string: "it 'saves', :pending do" } },
      { tool_name: 'Write', tool_input: { file_path: 'src/api_test.ts', content: "Deno.test({ name: 'login', ignore: true, fn() {} });\n" } },
      {
        tool_name: 'Bash',
        tool_input: { command: ': > tests/test_api.py' },
        fixture: { committed: { 'tests/test_api.py': 'def test_login():\n    pass\n' } },
        note: 'emptied',
      },
    ],
    allowed: [
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: 'src/app.test.ts',
          old_string: 'expect(1).toBe(1);',
          new_string: 'const rows = all.filter((r) => !r.skip);\n  expect(rows.length).toBe(1);',
        },
        note: 'the word skip as data',
      },
      { tool_name: 'Edit', tool_input: { file_path: 'src/app.test.ts', old_string: "it.skip('works'", new_string: "it('works'" }, note: 'removing a skip' },
      { tool_name: 'Edit', tool_input: { file_path: 'src/app.ts', old_string: 'a', new_string: 'items.skip(2)' }, note: 'not a test file' },
      { tool_name: 'Edit', tool_input: { file_path: 'tests/test_api.py', old_string: 'assert x == 1', new_string: 'assert x == 2' } },
      {
        tool_name: 'Write',
        tool_input: { file_path: 'src/app.test.ts', content: "it.skip('legacy', () => {});\nit('works', () => {\n  expect(2).toBe(2);\n});\n" },
        fixture: { committed: { 'src/app.test.ts': "it.skip('legacy', () => {});\nit('works', () => {\n  expect(1).toBe(1);\n});\n" } },
        note: 'the file already had that skip',
      },
      { tool_name: 'Edit', tool_input: { file_path: 'docs/testing.md', old_string: 'a', new_string: 'use it.skip( sparingly' } },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'lib/tasks/cleanup.rb', old_string: 'def run', new_string: 'def run\n  skip = ENV["SKIP"]' },
        note: 'Ruby outside spec/ and test_ files is not a test',
      },
      { tool_name: 'Write', tool_input: { file_path: 'src/new.test.ts', content: "it('adds', () => expect(add(1, 1)).toBe(2));\n" } },
      { tool_name: 'Bash', tool_input: { command: "sed -i 's/works/still works/' src/app.test.ts" } },
      { tool_name: 'Bash', tool_input: { command: "sed -i 's/it.skip(/it(/' src/app.test.ts" }, note: 'removing a skip' },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'spec/app_spec.rb', old_string: "  it 'works' do", new_string: "  it 'works' do\n    pending = orders.select(&:pending?)" },
        note: 'a variable named pending',
      },
      {
        tool_name: 'Edit',
        tool_input: {
          file_path: 'src/app.test.ts',
          old_string: '  expect(1).toBe(1);',
          new_string: '  const fit = (xs: number[]) => xs.length;\n  expect(fit([1])).toBe(1);',
        },
        note: 'a helper named fit',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'app_test.go', old_string: 'package app', new_string: '//go:build integration\n\npackage app' },
        note: 'a suite split by tag',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git mv src/app.test.ts src/app.spec.ts' },
        fixture: { committed: { 'src/app.test.ts': "it('works', () => {\n  expect(1).toBe(1);\n});\n" } },
        note: 'still collected',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'git rm -q src/app.test.ts src/app.ts' },
        fixture: { committed: { 'src/app.test.ts': "it('works', () => {\n  expect(1).toBe(1);\n});\n", 'src/app.ts': 'export {};\n' } },
        note: 'a test deleted with the code it tests',
      },
      {
        tool_name: 'Write',
        tool_input: {
          file_path: 'vitest.config.ts',
          content: "export default { test: { exclude: ['e2e/**'], coverage: { exclude: ['src/**/*.test.ts'] } } };\n",
        },
        fixture: { committed: { 'src/app.test.ts': "it('works', () => {\n  expect(1).toBe(1);\n});\n", 'e2e/home.spec.ts': "test('home', () => {});\n" } },
        note: 'a separate suite left to its runner; tests left out of coverage',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'src/app.test.ts', old_string: "it('works'", new_string: "// it.skip until #12 is fixed? No: it runs.\nit('works'" },
        note: 'a skip in a comment skips nothing',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'tests/test_api.py', old_string: 'def test_login():', new_string: 'def test_login_with_defaults():' },
        note: 'renamed, still a test',
      },
      {
        tool_name: 'Edit',
        tool_input: { file_path: 'tests/test_api.py', old_string: 'def test_login():', new_string: 'def client():\n    return App()\n\n\ndef test_login():' },
        note: 'a helper added',
      },
      {
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf src/legacy' },
        fixture: { committed: { 'src/legacy/a.ts': 'export {};\n', 'src/legacy/a.test.ts': "it('a', () => {});\n" } },
        note: 'code removed with its tests',
      },
    ],
  },
});
