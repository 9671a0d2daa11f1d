// The chunked Markdown scan gives the code spans and @-text positions of one whole parse (what the
// rules read), on the shapes that could fool a chunker. (Checked on 7,936 real files too, while
// calibrating: no difference.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chunkStarts, parseMarkdownWhole, quickFence, quickInline, scanMarkdown } from '../core/lint/markdown';
import { picker, prng } from './support/prng';

const ats = (v: { prose: { value: string; start: number }[] }) => {
  const out = new Set<number>();
  for (const p of v.prose) for (let i = p.value.indexOf('@'); i >= 0; i = p.value.indexOf('@', i + 1)) out.add(p.start + i);
  return [...out].sort((a, b) => a - b);
};

const CASES: Record<string, string> = {
  'fence with blank lines and an unindented line inside': '# A\n\n```bash\nnpm ci\n\nnpm test\n```\n\nSee @a.md\n',
  'four-backtick fence holding a three-backtick one': 'x\n\n````md\n```bash\n\nrm -rf /\n```\n\n@not.md\n````\n\n@b.md `cat .env`\n',
  'a closer indented four spaces does not close': '```md\ntext\n\n    ```\n@inside.md\n\nstill inside\n```\n\n@out.md\n',
  'HTML comment across blank lines': '<!--\n\n```bash\nrm -rf /\n\n```\n-->\n\n@c.md `ls`\n',
  'type-6 HTML block holding a fence line': '<div>\n```bash\nrm -rf /\n</div>\n\n@d.md\n\n```\nx\n```\n',
  'HTML after a paragraph, without a blank line': 'text\n<html>\n<body>\n```\n</body>\n\n@e.md `git status`\n',
  'list with an indented fence and blank lines': '- step one:\n\n  ```bash\n  npm ci\n\n  npm test\n  ```\n\n- step two `cat .env`\n\n@f.md\n',
  'unclosed fence to the end': 'a\n\n```bash\nnpm ci\n\nrm -rf /\n\n@g.md\n',
  'tilde fences and inline code after them': '~~~\n`not inline`\n\n~~~\n\nRun `npm test` and !`git status`.\n',
  'link reference used in another chunk': '[docs]: @h.md\n\nSee [the docs][docs] and `npm run build`.\n',
  'indented code after a blank line': 'para\n\n    @i.md\n    rm -rf /\n\n@j.md\n',
  'blockquote and lazy lines': '> quote `ls -la`\nlazy @k.md\n\n> new quote\n\n@l.md\n',
};

for (const [name, text] of Object.entries(CASES)) {
  test(`chunked scan equals one parse: ${name}`, () => {
    const whole = parseMarkdownWhole(text);
    const chunked = scanMarkdown(text);
    assert.deepEqual(chunked.code, whole.code);
    assert.deepEqual(ats(chunked), ats(whole));
  });
}

test('chunks start where CommonMark starts over, and nowhere inside a fence', () => {
  const text = '# A\n\npara\n\n```bash\nx\n\ny\n```\nafter\n';
  const lines = chunkStarts(text).map((o) => text.slice(0, o).split('\n').length);
  assert.deepEqual(lines, [1, 3, 5, 10]);
});

/** `@` positions at a word start (what AG-MD-001's pattern anchors on: `(^|\s)@`). */
const importAts = (v: { prose: { value: string; start: number }[] }) => {
  const out = new Set<number>();
  for (const p of v.prose) for (const m of p.value.matchAll(/(^|\s)@/g)) out.add(p.start + m.index! + m[1]!.length);
  return [...out].sort((a, b) => a - b);
};

// The parser-free readings (quickInline, quickFence) against micromark, on generated chunks made of
// the pieces that could fool them. Each one they accept must read exactly as the parser reads it.
const PIECES = [
  '`',
  '``',
  '```',
  '~~~',
  ' ',
  '  ',
  '    ',
  '\t',
  'a',
  'ls -la',
  '` a `',
  '`` `x` ``',
  '` `',
  '@a.md',
  '@./b',
  '\n',
  '\n\n',
  '- ',
  '# ',
  '> ',
  '1. ',
  '*',
  '_',
  '!',
  '&amp;',
  '\\',
  '<b>',
  '[x]',
  '#',
  '=',
  '---',
  'bash',
  '\r\n',
];
const INFO = ['', '', ' ', 'bash', '!', ' x y', '`', '&amp;', '\\', '\t'];
const CLOSERS = ['', '```', '````\n', ' ```  \n\n', '~~~~\n', '~~~\n', '    ```\n', '```\nafter\n'];
for (const [name, quick, fenced] of [
  ['quickInline', quickInline, false],
  ['quickFence', quickFence, true],
] as const) {
  test(`${name} reads generated chunks exactly as the parser does, or leaves them to it`, () => {
    const rand = prng(name.length * 7919);
    const pick = picker(rand);
    let accepted = 0;
    for (let n = 0; n < 2500; n++) {
      let text = fenced ? `${pick(['```', '````', '~~~', '~~~~', ' ```'])}${pick(INFO)}${pick(INFO)}\n` : '';
      for (let k = Math.floor(rand() * (fenced ? 8 : 14)); k >= 0; k--) text += pick(PIECES);
      if (fenced) text += `\n${pick(CLOSERS)}`;
      const view = quick(text);
      if (!view) continue;
      accepted++;
      const whole = parseMarkdownWhole(text);
      assert.deepEqual(view.code, whole.code, JSON.stringify(text));
      assert.deepEqual(importAts(view), importAts(whole), JSON.stringify(text));
      assert.deepEqual(ats(view), ats(whole), JSON.stringify(text));
    }
    assert.ok(accepted > 150, `only ${accepted} generated chunks took the quick path`);
  });
}

test('quickInline leaves a code span that runs onto the next line to the parser', () => {
  assert.equal(quickInline('run `npm\ntest` now\n'), null);
  assert.deepEqual(quickInline('- run `npm test` and !`git status` @a.md\n')?.code, parseMarkdownWhole('- run `npm test` and !`git status` @a.md\n').code);
});
