// Programs that search file contents. A search prints the matching lines, values included; only
// counts, file names, quiet checks and names-only patterns (`grep -o '^[A-Z_]*='`) do not.
import type { ProgramSpec } from '../types';

const GREP_MODES = {
  '-c': 'count', '--count': 'count', '-l': 'names', '-L': 'names', '--files-with-matches': 'names', '--files-without-match': 'names',
  '-q': 'metadata', '--quiet': 'metadata', '--silent': 'metadata', '-o': 'names-if-pattern', '--only-matching': 'names-if-pattern',
} as const;

export const SEARCH: ProgramSpec[] = [
  {
    names: ['grep', 'egrep', 'fgrep', 'zgrep', 'ggrep'],
    rows: [
      {
        when: ['-r', '-R', '--recursive', '--dereference-recursive'],
        takes: ['-m', '-A', '-B', '-C', '--max-count', '--context', '--include', '--exclude', '--exclude-dir', '--color', '--label', '-d', '-D'],
        opts: { '-e': 'code', '--regexp': 'code', '-f': 'read', '--file': 'read' },
        codeFirst: true,
        lang: 'regex',
        mode: 'search',
        modes: GREP_MODES,
        rest: 'read',
        defaultPath: '.',
        examples: [
          { command: 'grep -r SECRET .', effects: ['read(., search)'] },
          { command: 'grep -rn TODO src/', effects: ['read(src, search)'] },
          { command: 'grep -rl password docs', effects: ['read(docs, names)'] },
        ],
      },
      {
        takes: ['-m', '-A', '-B', '-C', '--max-count', '--context', '--color', '--label', '-d', '-D'],
        opts: { '-e': 'code', '--regexp': 'code', '-f': 'read', '--file': 'read' },
        codeFirst: true,
        lang: 'regex',
        modes: GREP_MODES,
        rest: 'read',
        examples: [
          { command: 'grep SECRET_KEY .env', effects: ['read(.env, content)'] },
          { command: 'grep -o "^[A-Z_]*=" .env', effects: ['read(.env, names)'] },
          { command: 'grep -o "=.*" .env', effects: ['read(.env, content)'] },
          { command: 'grep -c API_KEY .env', effects: ['read(.env, count)'] },
        ],
      },
    ],
  },
  {
    names: ['rg', 'ripgrep'],
    rows: [
      {
        when: ['--files'],
        takes: ['-g', '--glob', '-t', '--type', '-T', '--type-not', '--max-depth', '-d'],
        rest: 'meta',
        examples: [{ command: 'rg --files src', effects: ['read(src, metadata)'] }],
      },
      {
        takes: ['-g', '--glob', '--iglob', '-t', '--type', '-T', '--type-not', '-m', '--max-count', '-A', '-B', '-C', '--context', '-M', '--max-columns', '--max-depth', '-d', '-j', '--threads', '-r', '--replace', '--color', '--colors', '--sort', '--sortr', '-E', '--encoding', '--pre', '--ignore-file'],
        opts: { '-e': 'code', '--regexp': 'code', '-f': 'read', '--file': 'read' },
        codeFirst: true,
        lang: 'regex',
        mode: 'search-visible',
        modes: { '--hidden': 'search', '-.': 'search', '-u': 'search', '--no-ignore-dot': 'search', ...GREP_MODES, '--files-with-matches': 'names' },
        rest: 'read',
        defaultPath: '.',
        examples: [
          { command: 'rg -n TODO', effects: ['read(., search-visible)'] },
          { command: 'rg --hidden --no-ignore KEY', effects: ['read(., search)'] },
          { command: 'rg KEY .env', effects: ['read(.env, search-visible)'] },
          { command: 'rg -l useState src', effects: ['read(src, names)'] },
        ],
      },
    ],
  },
  {
    names: ['ag', 'ack', 'ack-grep', 'pt', 'ugrep', 'ug'],
    rows: [
      {
        takes: ['-G', '--file-search-regex', '-m', '--max-count', '-A', '-B', '-C', '--context', '--ignore', '--ignore-dir', '--type', '-t'],
        codeFirst: true,
        lang: 'regex',
        mode: 'search-visible',
        modes: { '--hidden': 'search', '-u': 'search', '--unrestricted': 'search', '-a': 'search', '--all-types': 'search', ...GREP_MODES },
        rest: 'read',
        defaultPath: '.',
        examples: [{ command: 'ag --hidden TOKEN', effects: ['read(., search)'] }, { command: 'ag TODO src', effects: ['read(src, search-visible)'] }],
      },
    ],
  },
];
