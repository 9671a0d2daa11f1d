// What skips, focuses or hides a test, per framework and language (principle 7: names live in
// data tables, with examples). guards/test-skip.ts judges the constructs a change ADDS: each marker
// is counted in the old and the new text, so an edit that keeps or removes a skip is fine.
// test/test-frameworks.test.ts checks every row: each marker matches its example, and its
// `notExample` (an ordinary line that looks alike) does not.

import { work } from './work';

export interface Marker {
  re: RegExp;
  /** A line that adds this construct. */
  example: string;
  /** An ordinary line of test code that must not count. */
  notExample?: string;
  /** Decides a match with the text around it (the edit's new text and the file as it is). */
  accept?: (match: RegExpExecArray, context: string) => boolean;
}

export interface Framework {
  name: string;
  /** The language's comments, blanked before markers are counted (a skip in a comment skips nothing). */
  comments?: 'c' | 'hash';
  /**
   * Test definitions and definitions of any kind (functions, methods): an edit after which fewer
   * tests but no fewer definitions are left turned a test into something the runner does not collect
   * (`def test_works` → `def _test_works`, `func TestX` → `func testX`).
   */
  definitions?: { tests: RegExp; all: RegExp; example: { before: string; after: string } };
  /** Test files of this language and its runners (forward-slash paths). */
  file: (path: string) => boolean;
  /** The files the runner collects by default (a test file proper, not a helper beside it); default: `file`. */
  collected?: (path: string) => boolean;
  /** A path of a test file, and one that is not. */
  fileExamples: { test: string; notTest: string };
  markers: Marker[];
}

const rx = (re: RegExp) => (p: string) => re.test(p);

// Names that mean "never": a build tag, cfg or feature no build sets on purpose. Any other tag
// (`integration`, `e2e`, `linux`) is how suites are split, not a skip.
const NEVER = '(?:ignore|ignored|never|skip|skipped|disabled?|off|none|false|FALSE|exclude)';

// x/f-prefixed runner globals (`xit`, `fdescribe`) — unless the file defines a function of that name (`const fit = …`).
const notLocal = (m: RegExpExecArray, context: string) => !new RegExp(String.raw`\b(?:const|let|var|function)\s+${m[1]}\b`).test(context);

// Go: `.Skip(` on a *testing.T/B/F, whatever it is called (the receiver is found in the text).
// `if testing.Short() { t.Skip(…) }` is the -short mode's split of slow tests, not a skip.
const goReceiver = (m: RegExpExecArray, context: string) =>
  !/\bif[ \t]+testing\.Short\(\)[ \t]*\{\s*$/.test(m.input.slice(Math.max(0, m.index - 80), m.index)) &&
  (['t', 'b', 'f', 'tb'].includes(m[1]!) || new RegExp(String.raw`\b${m[1]}\s+\*?testing\.(?:T|B|F|TB)\b`).test(context));

// conftest.py's collect_ignore of a test file (not of setup.py, docs/conf.py or a fixtures folder).
const ignoresTests = (m: RegExpExecArray) => {
  const end = m.input.indexOf('\n', m.index);
  const line = m.input.slice(m.index + m[0].length, end < 0 ? undefined : end);
  return /test/i.test(line.replace(/fixtures?|testdata/gi, '')) && !SEPARATE_SUITES.test(line);
};

// node:test's `t`, Vitest's `ctx`: `.skip(` called on a parameter of a test's callback.
const testParameter = (m: RegExpExecArray, context: string) => {
  if (['it', 'test', 'describe', 'context', 'suite', 'this', 'Deno'].includes(m[1]!)) return false;
  work(context.length); // one search of the file per hit: counted, so the deadline sees it
  return new RegExp(String.raw`\b(?:it|test|bench|specify)\b[^\n]{0,200}?\(\s*(?:async\s+)?\(?\s*${m[1]}\s*[,):=]`).test(context);
};

// Vitest's context destructured in the callback's parameters: \`({ skip }) => { skip() }\`.
// One pass over the braces (the next '}' only moves forward); the answer is the same for every hit in one text.
let destructured: { context: string; found: boolean } | null = null;
const destructuredSkip = (_m: RegExpExecArray, context: string) => {
  if (destructured?.context === context) return destructured.found;
  let found = false;
  let close = -1;
  for (let at = context.indexOf('{'); at >= 0 && !found; at = context.indexOf('{', at + 1)) {
    work();
    if (close < at) close = context.indexOf('}', at);
    if (close < 0) break;
    // Destructured parameters are a short list of names.
    if (close - at > 200) continue;
    const inner = context.slice(at + 1, close);
    if (/^[\w\s,]*$/.test(inner) && /\bskip\b/.test(inner) && /\(\s*$/.test(context.slice(Math.max(0, at - 20), at))) found = true;
  }
  destructured = { context, found };
  return found;
};

/** The rest of the line after a match. */
const restOfLine = (m: RegExpExecArray) => {
  const from = m.index + m[0].length;
  const end = m.input.indexOf('\n', from);
  return m.input.slice(from, end < 0 ? undefined : end);
};

// unittest's or pytest's skip imported under another name (\`from unittest import skip as later\`).
const skipAlias = (m: RegExpExecArray, context: string) =>
  new RegExp(String.raw`\b(?:skip|skipIf|skipUnless|expectedFailure|xfail)\s+as\s+${m[1]}\b`).test(context);

// Deno also collects `x_test.ts`.
/** The return and the statement after it are at the same indentation: the next statement of the same block. */
const sameIndent = (m: RegExpExecArray) => m[1] === m[2];

const JS_TEST_FILE =
  /(\.(test|spec|e2e|cy)\.[cm]?[jt]sx?$)|(_test\.[cm]?[jt]sx?$)|(\/__tests__\/.*\.[cm]?[jt]sx?$)|(\/(test|tests|spec|e2e)\/.*\.[cm]?[jt]sx?$)/;
const RUBY_TEST_NAME = /(_spec|_test)\.rb$|(^|\/)test_[^/]*\.rb$/;

export const TEST_FRAMEWORKS: Framework[] = [
  {
    name: 'JavaScript/TypeScript (Jest, Vitest, Mocha, Jasmine, Playwright, node:test, Bun)',
    file: rx(JS_TEST_FILE),
    collected: rx(/\.(test|spec|e2e|cy)\.[cm]?[jt]sx?$|_test\.[cm]?[jt]sx?$|\/__tests__\/[^/]*\.[cm]?[jt]sx?$/),
    fileExamples: { test: 'src/app.test.ts', notTest: 'src/app.ts' },
    comments: 'c',
    markers: [
      // it.skip, describe.only, it.skip.each, it.concurrent.skip, test.fixme (Playwright), it.failing (Jest), test.fails, it.skipIf
      {
        re: /\b(?:it|test|describe|context|suite|specify|bench)(?:\s*\.\s*(?:concurrent|sequential|serial|parallel|each))*\s*\.\s*(?:skip|only|todo|fixme|failing|fails|fail|skipIf|runIf|ignore)\b/g,
        example: "it.concurrent.skip('works', () => {});",
        notExample: "it.each([1, 2])('works %i', (n) => {});",
      },
      // The member by name: it['skip'](…), describe["only"](…).
      {
        re: /\b(?:it|test|describe|context|suite|specify|bench)\s*\[\s*['"`](?:skip|only|todo|fixme|failing|fails|fail|skipIf|runIf|ignore)['"`]\s*\]/g,
        example: "it['skip']('works', () => {});",
        notExample: "it['each']([1])('works', () => {});",
      },
      // Playwright's test.fail() / test.fixme() / test.skip() inside a test: covered above. Vitest's context and node:test's t:
      {
        re: /(?<![\w$])([A-Za-z_$][\w$]*)\s*\.\s*skip\s*\(/g,
        example: "it('works', (ctx) => {\n  ctx.skip();",
        accept: testParameter,
        notExample: 'rows.skip(2)',
      },
      { re: /(?<![\w.$])skip\s*\(/g, example: "it('works', ({ skip }) => {\n  skip();", accept: destructuredSkip, notExample: 'skip(2)' },
      // Deno: Deno.test({ ignore: true, … }) and Deno.test.ignore / .only.
      { re: /\bDeno\.test\s*\.\s*(?:ignore|only)\b/g, example: "Deno.test.ignore('works', () => {});" },
      {
        re: /\b(?:ignore|only)\s*:\s*(?:true|[A-Za-z_$][\w$.]*\s*(?:===?|!==?)|!)/g,
        example: "Deno.test({ name: 'works', ignore: true, fn() {} });",
        accept: (_m, context) => /\bDeno\.test\b/.test(context),
        notExample: "glob('**/*.ts', { ignore: true })",
      },
      // An early return before the assertions: the test body stops before it checks anything.
      // (At the same indentation: the next statement of the same block.)
      {
        re: /^([ \t]*)return(?:[ \t]*;)?[ \t]*\n([ \t]*)(?:expect|assert|should)\b/gm,
        accept: sameIndent,
        example: '  return;\n  expect(1).toBe(1);',
        notExample: '  if (!r)\n    return;\n  expect(r).toBe(1);',
      },
      {
        re: /(?<![\w.$])(x(?:it|test|describe|context|specify)|f(?:it|describe|context))\s*\(/g,
        example: "xit('works', () => {});",
        accept: notLocal,
        notExample: 'const fit = (p) => p; fit(points)',
      },
      { re: /\bthis\.skip\s*\(\s*\)/g, example: 'this.skip();' },
      { re: /\bt\.(?:skip|todo)\s*\(/g, example: "t.skip('later');" },
      { re: /\{\s*(?:skip|only|todo)\s*:\s*(?:true|['"`])/g, example: "test('x', { skip: true }, () => {});", notExample: '{ skip: false }' },
    ],
  },
  {
    name: 'Python (pytest, unittest)',
    file: rx(/(^|\/)(test_[^/]*\.py|[^/]*_test\.py|conftest\.py)$|\/tests?\/.*\.py$/),
    collected: rx(/(^|\/)(test_[^/]*\.py|[^/]*_test\.py)$/),
    fileExamples: { test: 'tests/test_app.py', notTest: 'app/models.py' },
    comments: 'hash',
    definitions: {
      tests: /\bdef[ \t]+test\w*/g,
      all: /\bdef[ \t]+\w+/g,
      example: { before: 'def test_works():', after: 'def _test_works():' },
    },
    markers: [
      // @pytest.mark.skip, @mark.skipif (from pytest import mark), pytestmark = pytest.mark.xfail
      { re: /\bmark\.(?:skip|skipif|xfail)\b/g, example: 'pytestmark = pytest.mark.skip', notExample: '@pytest.mark.parametrize("n", [1, 2])' },
      { re: /@(?:unittest\.)?(?:skip|skipIf|skipUnless|expectedFailure)\b/g, example: '@unittest.skip("later")' },
      { re: /\bpytest\.(?:skip|xfail|importorskip)\s*\(/g, example: 'pytest.skip("broken")' },
      // importorskip under any name: the module's tests are skipped wherever the import fails.
      { re: /\bimportorskip\s*\(/g, example: 'yaml = importorskip("yaml")' },
      // A skip decorator imported under another name, and its use.
      { re: /\b(?:skip|skipIf|skipUnless|expectedFailure|xfail)\s+as\s+\w+/g, example: 'from unittest import skip as later' },
      { re: /@(\w+)\b/g, example: 'from unittest import skip as later\n\n@later("x")', accept: skipAlias, notExample: '@pytest.fixture' },
      // An early return before the assertions.
      {
        re: /^([ \t]+)return[ \t]*\n([ \t]+)(?:assert|self\.assert|pytest\.)/gm,
        accept: sameIndent,
        example: 'def test_x():\n    return\n    assert f() == 1',
        notExample: '    if not ready:\n        return\n    assert f() == 1',
      },
      { re: /\bself\.skipTest\s*\(/g, example: 'self.skipTest("later")' },
      { re: /\bSkipTest\b/g, example: 'raise unittest.SkipTest("x")' },
      // conftest.py: files left out of collection; a module that asks not to be collected.
      {
        re: /\bcollect_ignore(?:_glob)?\s*(?:\+?=|\.(?:append|extend)\b)/g,
        example: 'collect_ignore = ["test_app.py"]',
        accept: ignoresTests,
        notExample: 'collect_ignore = ["setup.py"]',
      },
      { re: /^__test__\s*=\s*False\b/gm, example: '__test__ = False' },
      // A collection hook that throws every collected test away (items.clear(), items[:] = [], del items[:]).
      {
        re: /\bitems\s*(?:\.clear\s*\(\s*\)|\[\s*:\s*\]\s*=\s*\[\s*\])|\bdel\s+items\s*\[\s*:\s*\]/g,
        example: 'def pytest_collection_modifyitems(items):\n    items.clear()',
        notExample: 'def pytest_collection_modifyitems(items):\n    items.sort(key=lambda i: i.name)',
      },
    ],
  },
  {
    name: 'Go (testing)',
    file: rx(/_test\.go$/),
    fileExamples: { test: 'pkg/api_test.go', notTest: 'pkg/api.go' },
    // No comment blanking: Go's build constraints are comments (//go:build ignore).
    definitions: {
      tests: /\bfunc[ \t]+Test(?![a-z])\w*/g,
      all: /\bfunc[ \t]+\w+/g,
      example: { before: 'func TestWorks(t *testing.T) {', after: 'func testWorks(t *testing.T) {' },
    },
    markers: [
      {
        re: /\b([A-Za-z_]\w*)\.(?:Skip|Skipf|SkipNow)\s*\(/g,
        example: 't.Skip("flaky")',
        accept: goReceiver,
        notExample: 'if testing.Short() {\n\t\tt.Skip("slow")',
      },
      // testify suites: s.T().Skip().
      { re: /\.T\(\)\s*\.\s*(?:Skip|Skipf|SkipNow)\s*\(/g, example: 's.T().Skip("later")' },
      // A build constraint that no build sets drops the whole file (`//go:build ignore`, `// +build never`).
      { re: new RegExp(String.raw`^//\s*(?:go:build|\+build)\s+!?${NEVER}\b`, 'gm'), example: '//go:build ignore', notExample: '//go:build integration' },
    ],
  },
  {
    name: 'Rust (cargo test)',
    file: rx(/\.rs$/),
    fileExamples: { test: 'src/lib.rs', notTest: 'Cargo.toml' },
    comments: 'c',
    definitions: {
      tests: /#\[(?:tokio::)?test\b/g,
      all: /\bfn[ \t]+\w+/g,
      example: { before: '#[test]\nfn works() {}', after: '#[allow(dead_code)]\nfn works() {}' },
    },
    markers: [
      { re: /#\[ignore\b/g, example: '#[ignore]' },
      {
        re: /#\[cfg_attr\(/g,
        accept: (m) => /\bignore\b/.test(restOfLine(m)),
        example: '#[cfg_attr(not(feature = "slow"), ignore)]',
        notExample: '#[cfg_attr(feature = "serde", derive(Serialize))]',
      },
      // cfg(any()) is always false; a cfg or feature named "never" is never set.
      { re: /#\[cfg\(\s*(?:all\(\s*)?any\(\s*\)/g, example: '#[cfg(any())]', notExample: '#[cfg(any(unix, windows))]' },
      {
        re: new RegExp(String.raw`#\[cfg\(\s*(?:feature\s*=\s*"${NEVER}"|${NEVER})\s*\)`, 'g'),
        example: '#[cfg(feature = "never")]',
        notExample: '#[cfg(feature = "serde")]',
      },
    ],
  },
  {
    name: 'Java/Kotlin/Groovy/Scala (JUnit, TestNG, Kotest, Spock)',
    file: rx(/(Tests?|IT|Spec)\.(java|kt|groovy|scala)$|\/src\/test\//),
    fileExamples: { test: 'src/test/java/ApiTest.java', notTest: 'src/main/java/Api.java' },
    comments: 'c',
    markers: [
      // @Disabled, @DisabledOnOs, @DisabledIf…, also fully qualified (@org.junit.jupiter.api.Disabled).
      { re: /@(?:[A-Za-z_]\w*\.)*Disabled\w*/g, example: '@org.junit.jupiter.api.Disabled', notExample: '@DisplayName("works")' },
      { re: /@(?:[A-Za-z_]\w*\.)*Ignore\b/g, example: '@org.junit.Ignore' },
      { re: /@Test\s*\(\s*enabled\s*=\s*false/g, example: '@Test(enabled = false)' },
      { re: /\bassume(?:True\s*\(\s*false|False\s*\(\s*true)\s*\)/g, example: 'assumeTrue(false)' },
    ],
  },
  {
    name: 'Ruby (RSpec, Minitest)',
    // Any .rb under a spec/ folder too. Not as /\/spec\/.*\.rb$/: that regex is quadratic on paths
    // full of "/spec/", and the answer only depends on the path's (last) line holding "/spec/".
    file: (path) => RUBY_TEST_NAME.test(path) || (path.endsWith('.rb') && path.slice(path.lastIndexOf('\n') + 1).includes('/spec/')),
    fileExamples: { test: 'spec/models/user_spec.rb', notTest: 'lib/tasks/cleanup.rb' },
    markers: [
      { re: /(?<![\w.])(?:xit|xdescribe|xcontext|xspecify|xexample|fit|fdescribe|fcontext)\b/g, example: "xit 'saves' do" },
      // `skip` / `pending` as a statement, not a variable of that name (`pending = orders.select(&:pending?)`).
      {
        re: /^[ \t]*(?:skip|pending)\b(?![ \t]*(?:[=!<>+\-*/%|&^.?:,)\]]|\+=|-=))/gm,
        example: '    skip "later"',
        notExample: '    pending = orders.select(&:pending?)',
      },
      { re: /\b(?:skip|pending):\s*(?:true|['"])/g, example: "it 'saves', pending: 'flaky' do" },
      { re: /,\s*:(?:skip|pending)\b/g, example: "it 'saves', :pending do", notExample: "it 'saves', :aggregate_failures do" },
    ],
  },
  {
    name: '.NET (xUnit, NUnit, MSTest)',
    file: rx(/Tests?\.cs$|\/Tests?\/.*\.cs$/),
    fileExamples: { test: 'Tests/AppTests.cs', notTest: 'src/App.cs' },
    comments: 'c',
    markers: [
      { re: /\bSkip\s*=\s*"/g, example: '[Fact(Skip = "flaky")]' },
      { re: /(?:\[|,[ \t]*)(?:Ignore|Explicit)\b(?=[ \t]*[\](,])/g, example: '[Fact, Explicit]', notExample: '[Fact]' },
      { re: /\bAssert\.(?:Ignore|Inconclusive)\s*\(/g, example: 'Assert.Ignore("later");' },
      { re: /\bSkip\.(?:If|IfNot|Unless)\s*\(/g, example: 'Skip.If(true);' },
    ],
  },
  {
    name: 'PHP (PHPUnit, Pest)',
    file: rx(/Test\.php$|\/tests?\/.*\.php$/),
    fileExamples: { test: 'tests/AppTest.php', notTest: 'src/App.php' },
    markers: [
      { re: /\bmarkTest(?:Skipped|Incomplete)\s*\(/g, example: '$this->markTestSkipped("later");' },
      { re: /@group\s+skip\b/g, example: '/** @group skip */' },
      { re: /->skip\s*\(/g, example: "test('works', fn () => true)->skip();" },
    ],
  },
  {
    name: 'Elixir (ExUnit)',
    file: rx(/_test\.exs$/),
    fileExamples: { test: 'test/app_test.exs', notTest: 'lib/app.ex' },
    markers: [{ re: /@(?:module|describe)?tag\s+(?::skip\b|skip:)/g, example: '  @tag :skip', notExample: '  @tag :integration' }],
  },
  {
    name: 'Swift (XCTest, Swift Testing)',
    file: rx(/Tests?\.swift$|(^|\/)Tests\/.*\.swift$/),
    fileExamples: { test: 'Tests/AppTests/AppTests.swift', notTest: 'Sources/App/App.swift' },
    comments: 'c',
    definitions: {
      tests: /\bfunc[ \t]+test\w*/g,
      all: /\bfunc[ \t]+\w+/g,
      example: { before: 'func testWorks() throws {', after: 'func disabled_testWorks() throws {' },
    },
    markers: [
      { re: /\bXCTSkip(?:If|Unless)?\b/g, example: '    throw XCTSkip("x")' },
      { re: /@(?:Test|Suite)[ \t]*\([^()\n]*\.disabled\b/g, example: '@Test(.disabled("later"))', notExample: '@Test("works")' },
    ],
  },
  {
    name: 'Dart/Flutter (package:test)',
    file: rx(/_test\.dart$/),
    fileExamples: { test: 'test/app_test.dart', notTest: 'lib/app.dart' },
    comments: 'c',
    markers: [{ re: /\bskip\s*:\s*(?:true|['"])/g, example: '  }, skip: true);', notExample: '  }, skip: false);' }],
  },
  {
    name: 'C/C++ (GoogleTest, Catch2, doctest)',
    file: rx(/(_test|_tests|_unittest|Test|Tests)\.(cc|cpp|cxx|c)$|(^|\/)tests?\/.*\.(cc|cpp|cxx|c|hpp|h)$/),
    fileExamples: { test: 'test/app_test.cpp', notTest: 'src/app.cpp' },
    comments: 'c',
    markers: [
      { re: /\bGTEST_SKIP\s*\(/g, example: '  GTEST_SKIP();' },
      { re: /\bTEST(?:_F|_P)?\s*\(\s*(?:\w+\s*,\s*)?DISABLED_/g, example: 'TEST(App, DISABLED_Works)', notExample: 'TEST(App, Works)' },
      {
        re: /\bTEST_CASE[ \t]*\([^()\n[]*(?:\[[\w-]*\][^()\n[]*)*\[(?:\.[\w-]*|!mayfail|!shouldfail)\]/g,
        example: 'TEST_CASE("works", "[.]")',
        notExample: 'TEST_CASE("works", "[app]")',
      },
      { re: /\bdoctest::skip\s*\(/g, example: 'TEST_CASE("works" * doctest::skip()) {' },
    ],
  },
];

/** Is `path` a test file its runner collects (deleting or renaming it away drops its tests)? */
export function isCollectedTest(path: string): Framework | null {
  const fw = frameworkFor(path);
  return fw && (fw.collected ?? fw.file)(path) ? fw : null;
}

/** `src/app.test.ts` → `app`, `tests/test_app.py` → `app`, `AppTest.java` → `App`: the name of the code a test is for. */
export function testedName(path: string): string {
  let b = path.slice(path.lastIndexOf('/') + 1);
  const dot = b.indexOf('.');
  if (dot > 0) b = b.slice(0, dot);
  return b.replace(/^test_/, '').replace(/(?:_test|_tests|_spec|_unittest|Tests?|Spec|IT)$/, '');
}

/** The framework whose test files include `path`, or null. */
export function frameworkFor(path: string): Framework | null {
  return TEST_FRAMEWORKS.find((f) => f.file(path)) ?? null;
}

/**
 * The text with its comments blanked (each comment character a space, line breaks kept), strings left
 * as they are. One pass; `c`: // and /* … *\/, `hash`: # to the end of the line.
 */
export function withoutComments(text: string, style: 'c' | 'hash'): string {
  let out = '';
  let at = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    work();
    const c = text[i]!;
    if (quote !== null) {
      if (c === '\\') i++;
      else if (c === quote || (c === '\n' && quote !== '`')) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || (c === '`' && style === 'c')) {
      quote = c;
      continue;
    }
    let end = -1;
    if (style === 'hash' ? c === '#' : c === '/' && text[i + 1] === '/') end = text.indexOf('\n', i);
    else if (style === 'c' && c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      end = close < 0 ? text.length : close + 2;
    } else continue;
    if (end < 0) end = text.length;
    out += text.slice(at, i) + text.slice(i, end).replace(/[^\n]/g, ' ');
    at = end;
    i = end - 1;
  }
  return out + text.slice(at);
}

/** How many of the framework's markers `text` holds (those whose `accept` agrees, given `context`), comments aside. */
export function markerCount(text: string, fw: Framework, context: string): number {
  const code = fw.comments ? withoutComments(text, fw.comments) : text;
  let n = 0;
  for (const m of fw.markers) {
    work(code.length);
    m.re.lastIndex = 0;
    for (const hit of code.matchAll(m.re)) if (!m.accept || m.accept(hit, context)) n++;
  }
  return n;
}

/** Does the change from `before` to `after` leave fewer tests but as many definitions (a test renamed out of collection)? */
export function dropsTestDefinition(before: string, after: string, fw: Framework): boolean {
  const d = fw.definitions;
  if (!d) return false;
  const count = (re: RegExp, text: string) => (fw.comments ? withoutComments(text, fw.comments) : text).match(re)?.length ?? 0;
  return count(d.tests, after) < count(d.tests, before) && count(d.all, after) >= count(d.all, before);
}

// ---- test runner configuration that deselects tests ----

export interface RunnerConfig {
  name: string;
  /** Basenames of the configuration files. */
  files: RegExp;
  /** Options that deselect tests when added. */
  markers: Marker[];
}

/**
 * Folders and suites that are excluded on purpose from a unit run: another runner's suite, build
 * output, dependencies, test data. An exclusion naming one of them is configuration, not a skip.
 */
export const SEPARATE_SUITES =
  /(?:^|[/*_.-])(?:e2e|integration|playwright|cypress|fixtures?|__fixtures__|testdata|node_modules|dist|build|out|coverage|vendor|\.venv|venv|\.tox|examples?|benchmarks?|bench|docs|tmp|\.git|__snapshots__|smoke|perf|load)(?:$|[/*_.-])/;

export const RUNNER_CONFIGS: RunnerConfig[] = [
  {
    name: 'pytest (pytest.ini, pyproject.toml, setup.cfg, tox.ini addopts)',
    files: /^(?:pytest\.ini|pyproject\.toml|setup\.cfg|tox\.ini|\.pytest\.ini)$/,
    markers: [
      // -k "not works", -k=…, "-k", "not works" in a TOML list
      { re: /(?:^|[\s"'[,=])(?:-k|--keyword)(?=[\s"'=,])/gm, example: 'addopts = -k "not works"', notExample: 'addopts = -ra --strict-markers' },
      { re: /--deselect\b/g, example: 'addopts = --deselect tests/test_app.py::test_works' },
      {
        re: /--ignore(?:-glob)?[= ]["']?([^\s"']+)/g,
        example: 'addopts = --ignore=tests/test_app.py',
        accept: (m) => !SEPARATE_SUITES.test(m[1]!),
        notExample: 'addopts = --ignore=tests/e2e',
      },
    ],
  },
];

/** The JS runners' keys whose values are test files left out (vitest/jest/playwright configs, package.json "jest"). */
export const JS_EXCLUDE_KEYS = /\b(exclude|testPathIgnorePatterns|testIgnore)[ \t]*:[ \t\n]*\[([^\]:]*)\]|\b(testIgnore)[ \t]*:[ \t]*(['"`][^'"`\n]*['"`])/g;
export const JS_RUNNER_CONFIG = /^(?:vitest|vite|jest|playwright|vitest\.workspace)\.config\.[cm]?[jt]s$|^jest\.config\.json$/;

/**
 * A package.json test script that no longer runs the tests: a no-op (`exit 0`, `true`, `echo …`),
 * a success forced over failures (`|| true`), or a runner told to pass with nothing.
 */
export const TEST_SCRIPT_NOOP = /^\s*(?:exit\s+0|true|:|echo\b[^&|;]*(?:(?:&&|;)\s*exit\s+0)?)\s*$/;
export const TEST_SCRIPT_FORCED =
  /\|\|\s*(?:true|:|exit\s+0)\b|;\s*exit\s+0\b|--passWithNoTests\b|--pass-with-no-tests\b|--testPathIgnorePatterns\b|--exclude\b/g;
