import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { basename } from '../core/paths';
import { fileWritesOf } from '../core/effects/derive';

interface Ecosystem {
  /** Test files by path (forward slashes). */
  file: { test(path: string): boolean };
  /** Markers that skip or focus tests. Counted in the old and new text: only additions count. */
  markers: RegExp[];
}

const JS: Ecosystem = {
  file: /(\.(test|spec|e2e|cy)\.[cm]?[jt]sx?$)|(\/__tests__\/.*\.[cm]?[jt]sx?$)|(\/(test|tests|spec|e2e)\/.*\.[cm]?[jt]sx?$)/,
  markers: [
    /\b(?:it|test|describe|context|suite|specify|bench)\s*\.\s*(?:skip|only|todo|skipIf|runIf)\s*\(/g,
    /(?<![\w.$])(?:xit|xtest|xdescribe|xcontext|xspecify|fit|fdescribe|fcontext)\s*\(/g,
    /\bthis\.skip\s*\(\s*\)/g,
    /\bt\.skip\s*\(/g,
    /\{\s*(?:skip|only)\s*:\s*(?:true|['"`])/g,
  ],
};
const PYTHON: Ecosystem = {
  file: /(^|\/)(test_[^/]*\.py|[^/]*_test\.py|conftest\.py)$|\/tests?\/.*\.py$/,
  markers: [
    /@pytest\.mark\.(?:skip|skipif|xfail)\b/g,
    /@unittest\.(?:skip|skipIf|skipUnless|expectedFailure)\b/g,
    /\bpytest\.(?:skip|xfail)\s*\(/g,
    /\bself\.skipTest\s*\(/g,
  ],
};
const GO: Ecosystem = { file: /_test\.go$/, markers: [/\b[tb]\.(?:Skip|Skipf|SkipNow)\s*\(/g] };
const RUST: Ecosystem = { file: /\.rs$/, markers: [/#\[ignore\b/g] };
const JVM: Ecosystem = {
  file: /(Tests?|IT|Spec)\.(java|kt|groovy|scala)$|\/src\/test\//,
  markers: [/@Disabled\b/g, /@Ignore\b/g, /\bassumeTrue\s*\(\s*false\s*\)/g],
};
const RUBY_TEST_NAME = /(_spec|_test)\.rb$|(^|\/)test_[^/]*\.rb$/;
const RUBY: Ecosystem = {
  // Any .rb under a spec/ folder too. Not as /\/spec\/.*\.rb$/: that regex is quadratic on paths
  // full of "/spec/", and the answer only depends on the path's (last) line holding "/spec/".
  file: { test: (path) => RUBY_TEST_NAME.test(path) || (path.endsWith('.rb') && path.slice(path.lastIndexOf('\n') + 1).includes('/spec/')) },
  markers: [/(?<![\w.])(?:xit|xdescribe|xcontext|xspecify|fit|fdescribe|fcontext)\b/g, /^[ \t]*(?:skip|pending)\b/gm, /\bskip:\s*true\b/g, /,\s*:skip\b/g],
};
const DOTNET: Ecosystem = { file: /Tests?\.cs$/, markers: [/\bSkip\s*=\s*"/g, /\[Ignore\b/g] };
const PHP: Ecosystem = { file: /Test\.php$/, markers: [/\bmarkTest(?:Skipped|Incomplete)\s*\(/g, /@group\s+skip\b/g] };

const ECOSYSTEMS = [JS, PYTHON, GO, RUST, JVM, RUBY, DOTNET, PHP];

function ecosystemFor(path: string): Ecosystem | null {
  return ECOSYSTEMS.find((e) => e.file.test(path)) ?? null;
}

function count(text: string, eco: Ecosystem): number {
  let n = 0;
  for (const re of eco.markers) {
    re.lastIndex = 0;
    n += text.match(re)?.length ?? 0;
  }
  return n;
}

export default defineGuard({
  id: 'test-skip',
  title: 'No skipping or focusing of tests to make a run green',
  prevents: 'A failing test quietly gets .skip (or .only hides the rest), CI turns green, and the bug ships.',
  tools: ['Edit', 'MultiEdit', 'Write', 'NotebookEdit', ...SHELL_TOOLS],
  check(call, ctx) {
    if (call.command !== null) {
      // In-place editors (sed -i, perl -pi): the substitution is an edit of old text into new.
      for (const w of fileWritesOf(ctx.shell(), ctx.home)) {
        const eco = w.edit ? ecosystemFor(w.path) : null;
        if (!eco || count(w.edit!.newText, eco) <= count(w.edit!.oldText, eco)) continue;
        return {
          reason: `${w.how} on ${basename(w.path)} adds a skip or focus marker, which hides failing tests instead of fixing them. Fix the code or the test; if the failure is real and out of scope, leave the test failing and report it to the user.`,
        };
      }
      return null;
    }
    if (!call.path || !call.edits) return null;
    const eco = ecosystemFor(call.path);
    if (!eco) return null;
    // Write replaces the whole file: compare with what is on disk now.
    const whole = call.tool === 'Write' || call.tool === 'NotebookEdit';
    const before = whole ? (ctx.readText(call.path) ?? '') : call.edits.map((e) => e.oldText).join('\n');
    const after = call.edits.map((e) => e.newText).join('\n');
    const added = count(after, eco) - count(before, eco);
    if (added <= 0) return null;
    return {
      reason: `This change to ${basename(call.path)} adds a skip or focus marker, which hides failing tests instead of fixing them. Fix the code or the test; if the failure is real and out of scope, leave the test failing and report it to the user.`,
    };
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
    ],
  },
});
