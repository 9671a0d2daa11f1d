// Programs that read, copy, move, write or delete files.
import type { ProgramSpec, Row } from './types';

/** A program that prints the content of the files it is given, with the options that take a value (per its man page). */
function reader(names: string[], takes: string[], examples: { command: string; effects: string[] }[], more: Partial<Row> = {}): ProgramSpec {
  return { names, rows: [{ takes, rest: 'read', examples, ...more }] };
}

const COMPRESSED_CAT = [
  'zcat',
  'gzcat',
  'zless',
  'zmore',
  'bzcat',
  'bzless',
  'bzmore',
  'xzcat',
  'xzless',
  'lzcat',
  'zstdcat',
  'zstdless',
  'lz4cat',
  'brotlicat',
];

/**
 * Compressors: -c (and the *cat names) print; -l and -t only list or test; otherwise the file is
 * replaced by its compressed copy beside it (`gzip -k .env` writes .env.gz, still a secret's name),
 * or, decompressing, by the copy without the suffix.
 */
function compressor(names: string[], unnames: string[], suffix: string, takes: string[], more: Partial<Row> = {}): ProgramSpec[] {
  const p = names[0]!;
  const un = unnames[0]!;
  const list = (q: string): Row => ({
    when: ['-l', '--list', '-t', '--test'],
    takes,
    rest: 'meta',
    examples: [{ command: `${q} -l archive${suffix}`, effects: [`read(archive${suffix}, metadata)`] }],
  });
  const stdout = (cmd: string): Row => ({
    when: ['-c', '--stdout', '--to-stdout'],
    takes,
    rest: 'read',
    examples: [{ command: cmd, effects: ['read(.env, content)'] }],
    ...more,
  });
  const unpack = (cmd: string, sub?: string[]): Row => ({
    ...(sub ? { when: sub } : {}),
    takes,
    rest: 'read',
    mode: 'copy',
    copySuffix: `-${suffix}`,
    examples: [{ command: cmd, effects: [`read(logs/app.log${suffix}, copy → logs/app.log)`] }],
    ...more,
  });
  return [
    {
      names,
      rows: [
        list(p),
        stdout(`${p} -c .env`),
        unpack(`${p} -d logs/app.log${suffix}`, ['-d', '--decompress', '--uncompress']),
        {
          takes,
          rest: 'read',
          mode: 'copy',
          copySuffix: suffix,
          examples: [{ command: `${p} -k .env`, effects: [`read(.env, copy → .env${suffix})`] }],
          ...more,
        },
      ],
    },
    { names: unnames, rows: [list(un), stdout(`${un} -c .env`), unpack(`${un} logs/app.log${suffix}`)] },
  ];
}

const DIFF_TAKES = [
  '-C',
  '-U',
  '--unified',
  '--context',
  '-x',
  '--exclude',
  '-X',
  '--exclude-from',
  '-I',
  '--ignore-matching-lines',
  '-F',
  '--show-function-line',
  '-W',
  '--width',
  '--label',
  '-L',
  '-D',
  '--ifdef',
  '--line-format',
  '--old-line-format',
  '--new-line-format',
  '--unchanged-line-format',
  '--old-group-format',
  '--new-group-format',
  '--changed-group-format',
  '--unchanged-group-format',
  '--horizon-lines',
  '-S',
  '--starting-file',
  '--tabsize',
  '--color',
  '--palette',
];

/** rsync's options that take a value, in every mode (a dry run reads them the same way). */
export const RSYNC_TAKES = [
  '-e',
  '--rsh',
  '--exclude',
  '--include',
  '--filter',
  '-f',
  '--exclude-from',
  '--include-from',
  '--files-from',
  '--rsync-path',
  '--chmod',
  '--port',
  '--timeout',
  '--bwlimit',
  '--log-file',
  '--password-file',
];

const READERS: ProgramSpec[] = [
  // cat's options are all flags (-s squeezes blank lines); tac -s takes the separator.
  reader(
    ['cat', 'rev', 'vis', 'ccat', 'mdcat', 'jless', 'type'],
    [],
    [
      { command: 'cat .env', effects: ['read(.env, content)'] },
      { command: 'cat -s .env', effects: ['read(.env, content)'] },
    ],
  ),
  reader(['tac'], ['-s', '--separator'], [{ command: 'tac -s = .env', effects: ['read(.env, content)'] }]),
  reader(
    ['less', 'most'],
    [
      '-b',
      '-h',
      '-j',
      '-k',
      '-o',
      '-O',
      '-p',
      '-P',
      '-t',
      '-T',
      '-x',
      '-y',
      '-z',
      '-#',
      '--pattern',
      '--prompt',
      '--tag',
      '--tabs',
      '--shift',
      '--log-file',
      '--LOG-FILE',
    ],
    [
      { command: 'less -p SECRET .env', effects: ['read(.env, content)'] },
      { command: 'less -nN .env', effects: ['read(.env, content)'] },
    ],
  ),
  reader(['more', 'pg'], ['-n', '--lines', '-p'], [{ command: 'more -n 20 .env', effects: ['read(.env, content)'] }]),
  reader(
    ['head'],
    ['-n', '-c', '--lines', '--bytes'],
    [
      { command: 'head -n 3 config/.env.production', effects: ['read(config/.env.production, content)'] },
      { command: 'head -c 100 .env', effects: ['read(.env, content)'] },
    ],
  ),
  reader(
    ['tail'],
    ['-n', '-c', '--lines', '--bytes', '--pid', '-s', '--sleep-interval', '--max-unchanged-stats'],
    [
      { command: 'tail -F .env', effects: ['read(.env, content)'] },
      { command: 'tail -n +1 -f .env', effects: ['read(.env, content)'] },
      { command: 'tail -f logs/app.log', effects: ['read(logs/app.log, content)'] },
    ],
  ),
  reader(
    ['nl'],
    [
      '-b',
      '-d',
      '-f',
      '-h',
      '-i',
      '-l',
      '-n',
      '-s',
      '-v',
      '-w',
      '--body-numbering',
      '--section-delimiter',
      '--footer-numbering',
      '--header-numbering',
      '--line-increment',
      '--join-blank-lines',
      '--number-format',
      '--number-separator',
      '--starting-line-number',
      '--number-width',
    ],
    [{ command: 'nl -ba .env', effects: ['read(.env, content)'] }],
  ),
  reader(
    ['od'],
    ['-A', '-j', '-N', '-S', '-t', '--address-radix', '--skip-bytes', '--read-bytes', '--strings', '--format', '--endian'],
    [{ command: 'od -c .env', effects: ['read(.env, content)'] }],
  ),
  {
    names: ['xxd'],
    rows: [
      {
        takes: ['-c', '-g', '-l', '-o', '-s', '-n', '-cols', '-groupsize', '-len', '-seek', '-name'],
        pos: ['read', 'write'],
        examples: [
          { command: 'xxd .env', effects: ['read(.env, content)'] },
          { command: 'xxd -p dist/app.bin app.hex', effects: ['read(dist/app.bin, content)', 'write(app.hex, xxd)'] },
        ],
      },
    ],
  },
  reader(['hexdump', 'hd'], ['-e', '-n', '-s'], [{ command: 'hexdump -C .env', effects: ['read(.env, content)'] }], { opts: { '-f': 'read' } }),
  reader(
    ['strings'],
    ['-n', '-t', '-e', '-T', '--bytes', '--radix', '--encoding', '--target', '--output-separator'],
    [{ command: 'strings -n 8 .env', effects: ['read(.env, content)'] }],
  ),
  reader(
    ['base64', 'base32', 'basenc'],
    ['-w', '--wrap'],
    [
      { command: 'base64 ~/.ssh/id_rsa > /tmp/k', effects: ['read(/home/user/.ssh/id_rsa, content)', 'write(/tmp/k, redirection (>))'] },
      { command: 'base64 -w0 .env', effects: ['read(.env, content)'] },
    ],
  ),
  reader(
    ['bat', 'batcat'],
    [
      '-l',
      '--language',
      '-H',
      '--highlight-line',
      '-r',
      '--line-range',
      '--style',
      '--theme',
      '--tabs',
      '--wrap',
      '-m',
      '--map-syntax',
      '--pager',
      '--file-name',
      '--decorations',
      '--color',
      '--paging',
      '--italic-text',
      '--terminal-width',
      '--nonprintable-notation',
      '--binary',
    ],
    [{ command: 'bat -l sh .env', effects: ['read(.env, content)'] }],
  ),
  reader(['view'], ['-c', '--cmd', '-S', '-u', '-U', '-i', '-T', '-t', '-w', '-W', '-s'], [{ command: 'view .env', effects: ['read(.env, content)'] }]),
  reader(
    ['cut'],
    ['-b', '-c', '-f', '-d', '--bytes', '--characters', '--fields', '--delimiter', '--output-delimiter'],
    [
      { command: 'cut -d= -f1 .env', effects: ['read(.env, names)'] },
      { command: 'cut -d= -f2 .env', effects: ['read(.env, content)'] },
    ],
  ),
  reader(
    ['sort'],
    [
      '-k',
      '-t',
      '-S',
      '-T',
      '--key',
      '--field-separator',
      '--buffer-size',
      '--temporary-directory',
      '--parallel',
      '--batch-size',
      '--compress-program',
      '--random-source',
      '--sort',
    ],
    [
      { command: 'sort -t= -k1,1 .env', effects: ['read(.env, content)'] },
      { command: 'sort -o sorted.txt names.txt', effects: ['read(names.txt, content)', 'write(sorted.txt, sort)'] },
    ],
    { opts: { '-o': 'write', '--output': 'write', '--files0-from': 'list' } },
  ),
  {
    names: ['uniq'],
    rows: [
      {
        takes: ['-f', '-s', '-w', '--skip-fields', '--skip-chars', '--check-chars'],
        pos: ['read', 'write'],
        examples: [
          { command: 'uniq -c .env', effects: ['read(.env, content)'] },
          { command: 'uniq -f 1 a.txt b.txt', effects: ['read(a.txt, content)', 'write(b.txt, uniq)'] },
        ],
      },
    ],
  },
  reader(['paste'], ['-d', '--delimiters'], [{ command: 'paste -s .env', effects: ['read(.env, content)'] }]),
  reader(
    ['column'],
    [
      '-s',
      '-c',
      '-o',
      '-N',
      '-n',
      '-l',
      '-R',
      '-E',
      '-H',
      '-W',
      '-O',
      '-T',
      '-i',
      '-p',
      '-r',
      '--separator',
      '--output-width',
      '--output-separator',
      '--table-columns',
      '--table-name',
      '--table-columns-limit',
      '--table-right',
      '--table-noextreme',
      '--table-hide',
      '--table-wrap',
      '--table-order',
      '--table-truncate',
      '--tree',
      '--tree-id',
      '--tree-parent',
    ],
    [{ command: 'column -s= -t .env', effects: ['read(.env, content)'] }],
  ),
  reader(['fold'], ['-w', '--width'], [{ command: 'fold -w 20 .env', effects: ['read(.env, content)'] }]),
  reader(['fmt'], ['-w', '-p', '-g', '--width', '--prefix', '--goal'], [{ command: 'fmt -w 60 .env', effects: ['read(.env, content)'] }]),
  reader(
    ['pr'],
    [
      '-D',
      '-h',
      '-l',
      '-N',
      '-o',
      '-w',
      '-W',
      '--date-format',
      '--header',
      '--length',
      '--first-line-number',
      '--indent',
      '--width',
      '--page-width',
      '--pages',
      '--columns',
      '--sep-string',
    ],
    [
      { command: 'pr -t .env', effects: ['read(.env, content)'] },
      { command: 'pr -h Title -l 40 .env', effects: ['read(.env, content)'] },
    ],
  ),
  reader(['expand', 'unexpand'], ['-t', '--tabs'], [{ command: 'expand -t 4 .env', effects: ['read(.env, content)'] }]),
  {
    names: ['diff', 'colordiff'],
    rows: [
      {
        when: ['-q', '--brief'],
        takes: DIFF_TAKES,
        rest: 'read',
        mode: 'metadata',
        examples: [{ command: 'diff -q .env .env.example', effects: ['read(.env, metadata)', 'read(.env.example, metadata)'] }],
      },
      {
        takes: DIFF_TAKES,
        opts: { '--from-file': 'read', '--to-file': 'read' },
        rest: 'read',
        examples: [
          { command: 'diff .env .env.example', effects: ['read(.env, content)', 'read(.env.example, content)'] },
          { command: 'diff -U 3 a.txt b.txt', effects: ['read(a.txt, content)', 'read(b.txt, content)'] },
        ],
      },
    ],
  },
  reader(
    ['sdiff'],
    ['-w', '--width', '-I', '--ignore-matching-lines', '--tabsize', '--diff-program'],
    [{ command: 'sdiff .env .env.example', effects: ['read(.env, content)', 'read(.env.example, content)'] }],
    {
      opts: { '-o': 'write', '--output': 'write' },
    },
  ),
  {
    names: ['cmp'],
    rows: [
      {
        when: ['-l', '--verbose', '-b', '--print-bytes'],
        takes: ['-i', '--ignore-initial', '-n', '--bytes'],
        rest: 'read',
        examples: [
          { command: 'cmp -l .env /dev/zero', effects: ['read(.env, content)', 'read(/dev/zero, content)'] },
          { command: 'cmp -b .env /dev/null', effects: ['read(.env, content)', 'read(/dev/null, content)'] },
        ],
      },
      {
        takes: ['-i', '--ignore-initial', '-n', '--bytes'],
        rest: 'read',
        mode: 'metadata',
        examples: [{ command: 'cmp -s .env .env.bak', effects: ['read(.env, metadata)', 'read(.env.bak, metadata)'] }],
      },
    ],
  },
  reader(['comm'], ['--output-delimiter'], [{ command: 'comm -12 a.txt .env', effects: ['read(a.txt, content)', 'read(.env, content)'] }]),
  reader(
    ['join'],
    ['-a', '-e', '-j', '-o', '-t', '-v', '-1', '-2'],
    [{ command: 'join -t= a.txt .env', effects: ['read(a.txt, content)', 'read(.env, content)'] }],
  ),
  { names: ['look'], rows: [{ takes: ['-t'], pos: ['none'], rest: 'read', examples: [{ command: 'look SECRET .env', effects: ['read(.env, content)'] }] }] },
  reader(
    COMPRESSED_CAT,
    ['-S', '--suffix'],
    [
      { command: 'zcat -f .env', effects: ['read(.env, content)'] },
      { command: 'zcat logs/app.log.gz', effects: ['read(logs/app.log.gz, content)'] },
    ],
  ),
  ...compressor(['gzip', 'pigz'], ['gunzip', 'unpigz'], '.gz', ['-S', '--suffix', '-p', '--processes', '-b', '--blocksize']),
  ...compressor(['bzip2', 'pbzip2'], ['bunzip2'], '.bz2', ['-p']),
  ...compressor(
    ['xz', 'lzma'],
    ['unxz', 'unlzma'],
    '.xz',
    ['-S', '--suffix', '-T', '--threads', '-M', '--memlimit', '-F', '--format', '-C', '--check', '--block-size'],
    {
      opts: { '--files': 'list', '--files0': 'list' },
    },
  ),
  ...compressor(['zstd'], ['unzstd'], '.zst', ['-D', '--output-dir-flat', '--output-dir-mirror', '--format'], {
    opts: { '-o': 'write', '--patch-from': 'read', '--filelist': 'list' },
  }),
  {
    names: ['lz4', 'unlz4', 'brotli', 'unbrotli'],
    rows: [
      { when: ['--list', '-t', '--test'], rest: 'meta', examples: [{ command: 'lz4 --list app.lz4', effects: ['read(app.lz4, metadata)'] }] },
      {
        takes: ['-o', '--output', '-q', '--quality', '-w', '--lgwin', '-S', '--suffix'],
        pos: ['read', 'write'],
        examples: [
          { command: 'lz4 -c .env', effects: ['read(.env, content)'] },
          { command: 'lz4 dist/app.js app.js.lz4', effects: ['read(dist/app.js, content)', 'write(app.js.lz4, lz4)'] },
        ],
      },
    ],
  },
  reader(['iconv'], ['-f', '-t', '--from-code', '--to-code'], [{ command: 'iconv -f latin1 -t utf-8 .env', effects: ['read(.env, content)'] }], {
    opts: { '-o': 'write', '--output': 'write' },
  }),
  {
    // dos2unix converts in place (nothing printed); -O prints, -n writes a converted copy.
    names: ['dos2unix', 'unix2dos', 'mac2unix', 'unix2mac'],
    rows: [
      { when: ['-O', '--to-stdout'], rest: 'read', examples: [{ command: 'dos2unix -O .env', effects: ['read(.env, content)'] }] },
      {
        when: ['-n', '--newfile'],
        layout: 'copy',
        examples: [{ command: 'dos2unix -n .env /tmp/e.txt', effects: ['read(.env, copy → /tmp/e.txt)', 'write(/tmp/e.txt, dos2unix)'] }],
      },
      { takes: ['-c', '--convmode', '-f'], rest: 'write', examples: [{ command: 'dos2unix .env', effects: ['write(.env, dos2unix)'] }] },
    ],
  },
  reader(['shuf'], ['-n', '--head-count', '--random-source', '-i', '--input-range'], [{ command: 'shuf -n 1 .env', effects: ['read(.env, content)'] }], {
    opts: { '-o': 'write', '--output': 'write' },
  }),
  {
    names: ['split', 'csplit'],
    rows: [
      {
        takes: [
          '-l',
          '-b',
          '-C',
          '-n',
          '-a',
          '-t',
          '-f',
          '--lines',
          '--bytes',
          '--line-bytes',
          '--number',
          '--suffix-length',
          '--additional-suffix',
          '--separator',
          '--prefix',
          '--suffix-format',
          '--digits',
          '--filter',
        ],
        pos: ['read'],
        examples: [{ command: 'split -l 1 .env part-', effects: ['read(.env, content)'] }],
      },
    ],
  },
  reader(['glow'], ['-s', '--style', '-w', '--width'], [{ command: 'glow -w 80 README.md', effects: ['read(README.md, content)'] }]),
  reader(
    ['pygmentize', 'highlight'],
    ['-l', '-f', '-O', '-P', '-S', '-s', '--syntax', '--style', '--out-format'],
    [{ command: 'pygmentize -l ini .env', effects: ['read(.env, content)'] }],
    {
      opts: { '-o': 'write', '--output': 'write' },
    },
  ),
];

/** Every program whose positionals are files it prints, in whole or in part (piping a secret into one still prints it). */
export const READER_NAMES: string[] = READERS.flatMap((s) => s.names);

/** A vim command (in -c) that writes the buffer back: w, wq, x, xit, exit, wall, wqall, xall, update, saveas (alone or after |). */
const VIM_WRITES = /(?:^|\|)[ \t]*:?(?:w|wq|x|xit|exit|wa|wall|wqa|wqall|xa|xall|up|update|sav|saveas)!?(?:[ \t]|$|\|)/;

export const FILES: ProgramSpec[] = [
  ...READERS,
  {
    names: ['read', 'mapfile', 'readarray'],
    rows: [
      {
        takes: ['-d', '-n', '-N', '-p', '-t', '-u', '-C', '-c', '-O', '-s'],
        rest: 'none',
        examples: [{ command: 'read -r line < .env', effects: ['read(.env, content)'] }],
      },
    ],
  },
  {
    names: ['dd'],
    rows: [
      {
        operands: {
          if: 'read',
          of: 'write',
          bs: 'none',
          count: 'none',
          status: 'none',
          conv: 'none',
          skip: 'none',
          seek: 'none',
          iflag: 'none',
          oflag: 'none',
          ibs: 'none',
          obs: 'none',
          cbs: 'none',
        },
        how: 'dd of=',
        examples: [
          { command: 'dd if=.env', effects: ['read(.env, content)'] },
          { command: 'dd if=/dev/zero of=disk.img bs=1M count=10', effects: ['read(/dev/zero, content)', 'write(disk.img, dd of=)'] },
        ],
      },
    ],
  },
  {
    // `[[ … ]]` too: its operands are strings, paths it tests and regular expressions (`=~ \.env`), never a file's content.
    names: ['test', '[', '[['],
    rows: [
      {
        rest: 'meta',
        examples: [
          { command: 'test -f .env', effects: ['read(.env, metadata)'] },
          { command: '[ -e .env ]', effects: ['read(.env, metadata)'] },
          { command: '[[ -f .env ]]', effects: ['read(.env, metadata)'] },
        ],
      },
    ],
  },
  {
    names: ['ls', 'stat', 'file', 'du', 'realpath', 'readlink', 'basename', 'dirname', 'lsattr', 'getfacl', 'exa', 'eza', 'tree', 'lsof', 'namei', 'getcap'],
    rows: [
      {
        takes: [
          '-c',
          '--format',
          '--printf',
          '-f',
          '-L',
          '-I',
          '-P',
          '--max-depth',
          '-d',
          '-s',
          '--suffix',
          '--time-style',
          '--block-size',
          '-B',
          '-T',
          '--exclude',
          '--ignore',
          '-m',
        ],
        opts: { '--files0-from': 'list' },
        rest: 'meta',
        examples: [
          { command: 'ls -la .env', effects: ['read(.env, metadata)'] },
          { command: 'du --files0-from=.env', effects: ['read(.env, content)'] },
          { command: 'stat -c %s .env', effects: ['read(.env, metadata)'] },
        ],
      },
    ],
  },
  {
    names: ['wc'],
    rows: [
      {
        opts: { '--files0-from': 'list' },
        rest: 'read',
        mode: 'count',
        examples: [
          { command: 'wc -l .env', effects: ['read(.env, count)'] },
          { command: 'wc --files0-from=.env', effects: ['read(.env, content)'] },
          { command: 'wc -l < .env', effects: ['read(.env, count)'] },
        ],
      },
    ],
  },
  {
    names: ['md5', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'sha224sum', 'sha384sum', 'b2sum', 'cksum', 'sum', 'shasum', 'b3sum', 'xxhsum'],
    rows: [
      { takes: ['-a', '--algorithm', '-c', '--check'], rest: 'read', mode: 'hash', examples: [{ command: 'sha256sum .env', effects: ['read(.env, hash)'] }] },
    ],
  },
  {
    names: ['chmod', 'chown', 'chgrp', 'chattr'],
    rows: [
      {
        sub: [],
        when: ['--reference'],
        takes: ['--reference', '--from'],
        rest: 'meta',
        examples: [{ command: 'chmod --reference=a.txt .env', effects: ['read(.env, metadata)'] }],
      },
      { takes: ['--from', '-m', '-x', '-M', '-X'], pos: ['none'], rest: 'meta', examples: [{ command: 'chmod 600 .env', effects: ['read(.env, metadata)'] }] },
    ],
  },
  {
    names: ['touch', 'mkdir'],
    rows: [
      {
        takes: ['-d', '-t', '-r', '-m', '--date', '--reference', '--mode', '--context'],
        rest: 'touch',
        examples: [{ command: 'touch .env', effects: ['write(.env, touch)'] }],
      },
    ],
  },
  {
    names: ['cp', 'gcp'],
    rows: [
      {
        takes: ['-S', '--suffix', '--backup', '--preserve', '--sparse', '--reflink'],
        opts: { '-t': 'dest', '--target-directory': 'dest' },
        layout: 'copy',
        recursive: ['-r', '-R', '-a', '--recursive', '--archive'],
        examples: [
          { command: 'cp .env /tmp/e.txt', effects: ['read(.env, copy → /tmp/e.txt)', 'write(/tmp/e.txt, cp)'] },
          { command: 'cp /tmp/lock.json package-lock.json', effects: ['read(/tmp/lock.json, copy → package-lock.json)', 'write(package-lock.json, cp)'] },
          { command: 'cp -t /tmp a.txt b.txt', effects: ['read(a.txt, copy → /tmp/a.txt)', 'read(b.txt, copy → /tmp/b.txt)', 'write(/tmp, cp)'] },
        ],
      },
    ],
  },
  {
    names: ['install', 'ginstall'],
    rows: [
      {
        when: ['-d', '--directory'],
        takes: ['-m', '-o', '-g', '--mode', '--owner', '--group'],
        rest: 'touch',
        examples: [{ command: 'install -d build', effects: ['write(build, touch)'] }],
      },
      {
        takes: ['-m', '-o', '-g', '-S', '--mode', '--owner', '--group', '--suffix', '--strip-program'],
        opts: { '-t': 'dest', '--target-directory': 'dest' },
        layout: 'copy',
        examples: [
          {
            command: 'install -m 644 /tmp/lock.json package-lock.json',
            effects: ['read(/tmp/lock.json, copy → package-lock.json)', 'write(package-lock.json, install)'],
          },
        ],
      },
    ],
  },
  {
    names: ['mv', 'gmv'],
    rows: [
      {
        takes: ['-S', '--suffix', '--backup'],
        opts: { '-t': 'dest', '--target-directory': 'dest' },
        layout: 'move',
        examples: [
          {
            command: 'mv /tmp/new.sql migrations/001_init.sql',
            effects: ['read(/tmp/new.sql, copy → migrations/001_init.sql)', 'delete(/tmp/new.sql, recursive)', 'write(migrations/001_init.sql, mv)'],
          },
        ],
      },
    ],
  },
  {
    names: ['ln'],
    rows: [
      {
        // A link (hard or symbolic) is a copy for the secret guard: a later read of the new name reads the secret.
        takes: ['-S', '--suffix', '--backup'],
        opts: { '-t': 'dest', '--target-directory': 'dest' },
        layout: 'copy',
        how: 'ln',
        examples: [
          { command: 'ln -sf /tmp/x go.sum', effects: ['read(/tmp/x, copy → go.sum)', 'write(go.sum, ln)'] },
          { command: 'ln .env /tmp/notes.txt', effects: ['read(.env, copy → /tmp/notes.txt)', 'write(/tmp/notes.txt, ln)'] },
          { command: 'ln -s ../.env apps/web/.env', effects: ['read(/home/user/.env, copy → apps/web/.env)', 'write(apps/web/.env, ln)'] },
        ],
      },
    ],
  },
  {
    names: ['rsync'],
    rows: [
      {
        when: ['-n', '--dry-run', '--list-only'],
        takes: RSYNC_TAKES,
        rest: 'meta',
        examples: [{ command: 'rsync -avn src/ /tmp/x/', effects: ['read(src, metadata)', 'read(/tmp/x, metadata)'] }],
      },
      {
        takes: [...RSYNC_TAKES, '-T', '--temp-dir', '--backup-dir', '--suffix'],
        layout: 'copy',
        removes: ['--remove-source-files'],
        examples: [
          {
            command: 'rsync -a --remove-source-files out/ /tmp/out/',
            effects: ['read(out, copy → /tmp/out/out)', 'delete(out, recursive)', 'write(/tmp/out, rsync)'],
          },
          { command: 'rsync -av dist/ deploy@host.example.com:/srv/', effects: ['read(dist, copy → deploy@host.example.com:/srv/)', 'send(host.example.com)'] },
          { command: 'rsync -a /tmp/lock.json Cargo.lock', effects: ['read(/tmp/lock.json, copy → Cargo.lock)', 'write(Cargo.lock, rsync)'] },
        ],
      },
    ],
  },
  {
    names: ['scp', 'sftp'],
    rows: [
      {
        takes: ['-P', '-i', '-o', '-F', '-c', '-l', '-J', '-S', '-D', '-X'],
        layout: 'copy',
        examples: [
          {
            command: 'scp ~/.ssh/id_rsa backup@host.example.com:',
            effects: ['read(/home/user/.ssh/id_rsa, copy → backup@host.example.com:)', 'send(host.example.com)'],
          },
        ],
      },
    ],
  },
  {
    names: ['tee', 'sponge'],
    rows: [
      {
        takes: ['--output-error'],
        rest: 'write',
        examples: [
          { command: 'tee out.log', effects: ['write(out.log, tee)'] },
          { command: 'sponge package-lock.json', effects: ['write(package-lock.json, sponge)'] },
        ],
      },
    ],
  },
  {
    names: ['truncate'],
    rows: [
      {
        takes: ['-s', '-r', '--size', '--reference'],
        rest: 'write',
        examples: [{ command: 'truncate -s 0 Cargo.lock', effects: ['write(Cargo.lock, truncate)'] }],
      },
    ],
  },
  {
    names: ['shred'],
    rows: [
      {
        takes: ['-n', '-s', '--iterations', '--size', '--random-source'],
        rest: 'write',
        examples: [{ command: 'shred -u secrets.txt', effects: ['write(secrets.txt, shred)'] }],
      },
    ],
  },
  {
    names: ['rm', 'unlink', 'rmdir', 'srm'],
    // GNU getopt_long: `rm --rec --for` is `rm --recursive --force`.
    abbreviations: true,
    rows: [
      {
        takes: [],
        rest: 'delete',
        recursive: ['-r', '-R', '--recursive'],
        examples: [
          { command: 'rm -rf dist', effects: ['delete(dist, recursive)'] },
          { command: 'rm .env', effects: ['delete(.env)'] },
          { command: 'rm --rec --for dist', effects: ['delete(dist, recursive)'] },
        ],
      },
    ],
  },
  {
    names: ['sed', 'gsed'],
    rows: [
      {
        when: ['-i', '--in-place', '-I'],
        takes: ['-l', '--line-length'],
        opts: { '-e': 'code', '--expression': 'code', '-f': 'read', '--file': 'read' },
        codeFirst: true,
        rest: 'write',
        how: 'sed -i',
        lang: 'sed',
        examples: [
          { command: "sed -i 's/1.0.0/1.0.1/' package-lock.json", effects: ['write(package-lock.json, sed -i, edit)'] },
          { command: "sed -i '' -e 's/a/b/' Cargo.lock", effects: ['write(Cargo.lock, sed -i, edit)'] },
        ],
      },
      {
        takes: ['-l', '--line-length'],
        opts: { '-e': 'code', '--expression': 'code', '-f': 'read', '--file': 'read' },
        codeFirst: true,
        rest: 'read',
        lang: 'sed',
        examples: [
          { command: "sed '' .env", effects: ['read(.env, content)'] },
          { command: 'sed -n 1,20p Cargo.lock', effects: ['read(Cargo.lock, content)'] },
        ],
      },
    ],
  },
  {
    // sd FIND REPLACE FILES…: replaces in place; -p/--preview prints the changed files instead.
    names: ['sd'],
    rows: [
      {
        when: ['-p', '--preview'],
        takes: ['-f', '--flags', '-n', '--max-replacements'],
        pos: ['none', 'none'],
        rest: 'read',
        examples: [{ command: 'sd -p foo bar .env', effects: ['read(.env, content)'] }],
      },
      {
        takes: ['-f', '--flags', '-n', '--max-replacements'],
        pos: ['none', 'none'],
        rest: 'write',
        how: 'sd',
        examples: [{ command: "sd 'from_react' 'from_preact' src/app.ts", effects: ['write(src/app.ts, sd)'] }],
      },
    ],
  },
  {
    // vim/nvim run non-interactively (-es, -E -s, --headless) with commands given by -c: the files are
    // written back when a command writes (w, wq, x, update, saveas), else only read (g/re/p prints).
    names: ['vim', 'nvim', 'vi', 'gvim'],
    rows: [
      {
        when: ['-c', '--cmd'],
        whenValue: VIM_WRITES,
        takes: ['-u', '-U', '-i', '-T', '-w', '-W', '-r', '--listen', '--startuptime'],
        opts: { '-c': 'none', '--cmd': 'none', '-S': 'read' },
        rest: 'edit',
        how: 'vim -c',
        examples: [
          { command: "vim -es -c '%s/3/2/' -c wq Cargo.lock", effects: ['write(Cargo.lock, vim -c)', 'read(Cargo.lock, content)'] },
          { command: "nvim --headless -c '%s/a/b/|x' poetry.lock", effects: ['write(poetry.lock, vim -c)', 'read(poetry.lock, content)'] },
        ],
      },
      {
        when: ['-c', '--cmd'],
        takes: ['-u', '-U', '-i', '-T', '-w', '-W', '-r', '--listen', '--startuptime'],
        opts: { '-c': 'none', '--cmd': 'none', '-S': 'read' },
        rest: 'read',
        examples: [{ command: "vim -es -c 'g/CREATE/p' -c 'q!' schema.sql", effects: ['read(schema.sql, content)'] }],
      },
    ],
  },
  {
    // emacs --batch FILE --eval '(… (save-buffer))': the file is written.
    names: ['emacs'],
    rows: [
      {
        when: ['--eval', '-eval'],
        whenValue: /\((?:save-buffer|basic-save-buffer|write-file|write-region|save-some-buffers)\b/,
        opts: { '--eval': 'none', '-eval': 'none', '-l': 'read', '--load': 'read', '-f': 'none', '--funcall': 'none' },
        rest: 'write',
        how: 'emacs --batch',
        examples: [
          {
            command: `emacs --batch Cargo.lock --eval '(progn (replace-string "3" "2") (save-buffer))'`,
            effects: ['write(Cargo.lock, emacs --batch)'],
          },
        ],
      },
    ],
  },
  {
    // trentm's json: -I edits the -f file in place.
    names: ['json'],
    rows: [
      {
        when: ['-I', '--in-place'],
        takes: ['-e', '-c', '-k', '-d', '-D', '-a', '-o', '-g', '-M'],
        opts: { '-f': 'write' },
        rest: 'none',
        how: 'json -I',
        examples: [{ command: "json -I -f package-lock.json -e 'this.lockfileVersion=2'", effects: ['write(package-lock.json, json -I)'] }],
      },
      {
        takes: ['-e', '-c', '-k', '-d', '-D', '-a', '-o', '-g', '-M'],
        opts: { '-f': 'read' },
        rest: 'none',
        examples: [{ command: 'json -f package.json version', effects: ['read(package.json, content)'] }],
      },
    ],
  },
  {
    // dasel put/delete -f FILE writes the file in place (unless -o names another).
    names: ['dasel'],
    rows: [
      {
        sub: ['put'],
        takes: ['-t', '--type', '-v', '--value', '-s', '--selector', '-r', '--read', '-w', '--write', '-d', '--document'],
        opts: { '-f': 'write', '--file': 'write', '-o': 'write', '--out': 'write' },
        rest: 'none',
        how: 'dasel put',
        examples: [{ command: "dasel put -f package-lock.json -t int -v 2 '.lockfileVersion'", effects: ['write(package-lock.json, dasel put)'] }],
      },
      {
        sub: ['delete'],
        takes: ['-s', '--selector', '-r', '--read', '-w', '--write'],
        opts: { '-f': 'write', '--file': 'write', '-o': 'write', '--out': 'write' },
        rest: 'none',
        how: 'dasel delete',
        examples: [{ command: "dasel delete -f pubspec.lock '.packages'", effects: ['write(pubspec.lock, dasel delete)'] }],
      },
    ],
  },
  {
    names: ['ed', 'ex'],
    rows: [
      {
        takes: ['-p'],
        rest: 'edit',
        examples: [
          { command: 'ed -s Cargo.lock', effects: ['write(Cargo.lock, ed)', 'read(Cargo.lock, content)'] },
          { command: "ed -s .env <<< ',p'", effects: ['write(.env, ed)', 'read(.env, content)'] },
          { command: "ed -s .env <<< $'/^DEBUG=/d\\nw\\nq'", effects: ['write(.env, ed)', 'read(.env, open)'] },
        ],
      },
    ],
  },
  {
    names: ['patch', 'gpatch'],
    rows: [
      {
        takes: ['-p', '-r', '-B', '-F', '-D', '-V', '-z', '-Y', '--prefix', '--suffix', '--fuzz', '--strip', '--reject-file'],
        opts: { '-i': 'patch', '--input': 'patch', '-o': 'write', '--output': 'write', '-d': 'none', '--directory': 'none' },
        dirOpt: ['-d', '--directory'],
        pos: ['write', 'patch'],
        stdinPatch: true,
        examples: [
          { command: 'patch package-lock.json /tmp/fix.diff', effects: ['write(package-lock.json, patch)', 'read(/tmp/fix.diff, patch)'] },
          { command: 'patch -p1 <<EOF\n--- a/yarn.lock\n+++ b/yarn.lock\n@@ -1 +1 @@\n-a\n+b\nEOF', effects: ['write(yarn.lock, patch, edit)'] },
          { command: 'patch -p1 < fix.patch', effects: ['read(fix.patch, patch)'] },
          { command: 'patch -p1 -i fix.patch', effects: ['read(fix.patch, patch)'] },
        ],
      },
    ],
  },
  {
    names: ['tar', 'bsdtar', 'gtar'],
    dashlessFirst: true,
    rows: [
      {
        when: ['-x', '--extract', '--get'],
        also: ['-O', '--to-stdout'],
        takes: ['--exclude', '-T', '--files-from', '-X', '--exclude-from', '--strip-components', '-b', '--transform', '--wildcards'],
        opts: { '-f': 'read', '--file': 'read', '-C': 'none', '--directory': 'none' },
        // The members named are printed: a member named like a secret file is that secret.
        rest: 'read',
        examples: [
          { command: 'tar xOzf /tmp/e.tgz', effects: ['read(/tmp/e.tgz, content)'] },
          { command: 'tar -xOf backup.tar .env', effects: ['read(backup.tar, content)', 'read(.env, content)'] },
        ],
      },
      {
        when: ['-x', '--extract', '--get'],
        takes: ['--exclude', '-T', '--files-from', '-X', '--exclude-from', '--strip-components', '-b', '--transform', '--wildcards'],
        opts: { '-f': 'meta', '--file': 'meta', '-C': 'none', '--directory': 'none' },
        dirOpt: ['-C', '--directory'],
        rest: 'write',
        how: 'tar x',
        examples: [
          { command: 'tar xf /tmp/backup.tar package-lock.json', effects: ['read(/tmp/backup.tar, metadata)', 'write(package-lock.json, tar x)'] },
          { command: 'tar xzf /tmp/vendor.tgz -C vendor', effects: ['read(/tmp/vendor.tgz, metadata)', 'write(vendor, tar x (into the folder))'] },
        ],
      },
      {
        when: ['-c', '--create', '-r', '--append', '-u', '--update'],
        takes: ['--exclude', '-X', '--exclude-from', '-b', '--transform', '--owner', '--group', '--mode', '--mtime'],
        opts: { '-f': 'write', '--file': 'write', '-C': 'none', '--directory': 'none', '-T': 'list', '--files-from': 'list' },
        toOpt: ['-f', '--file'],
        dirOpt: ['-C', '--directory'],
        rest: 'read',
        removes: ['--remove-files'],
        how: 'tar c',
        examples: [
          {
            command: 'tar --remove-files -cf /tmp/old.tar logs',
            effects: ['write(/tmp/old.tar, tar c)', 'read(logs, copy → /tmp/old.tar)', 'delete(logs, recursive)'],
          },
          { command: 'tar czf /tmp/e.tgz .env', effects: ['write(/tmp/e.tgz, tar c)', 'read(.env, copy → /tmp/e.tgz)'] },
          { command: 'tar cf - .env', effects: ['read(.env, copy → -)'] },
          { command: 'tar -cf /dev/null -T .env', effects: ['write(/dev/null, tar c)', 'read(.env, content)'] },
        ],
      },
      {
        when: ['-t', '--list'],
        takes: ['--exclude'],
        opts: { '-f': 'meta', '--file': 'meta' },
        rest: 'none',
        examples: [{ command: 'tar tzf /tmp/x.tgz', effects: ['read(/tmp/x.tgz, metadata)'] }],
      },
    ],
  },
  {
    // cpio -o archives the files named on stdin (to stdout, or -O/-F FILE); -i extracts, -t lists.
    names: ['cpio'],
    rows: [
      {
        when: ['-o', '--create'],
        takes: ['-H', '--format', '-M', '-C', '--block-size', '-R', '--owner', '--message'],
        opts: { '-O': 'write', '-F': 'write', '--file': 'write' },
        stdinNames: true,
        examples: [{ command: 'cpio -o <<< .env', effects: ['read(.env, content)'] }],
      },
      {
        when: ['-t', '--list'],
        takes: ['-H', '--format', '-I', '-F', '--file', '-E', '--pattern-file'],
        examples: [{ command: 'cpio -t < backup.cpio', effects: ['read(backup.cpio, metadata)'] }],
        mode: 'metadata',
      },
      {
        takes: ['-H', '--format', '-I', '-F', '--file', '-E', '--pattern-file', '-R', '--owner', '-M', '--message'],
        rest: 'none',
        examples: [{ command: 'cpio -idm < backup.cpio', effects: ['read(backup.cpio, metadata)'] }],
        mode: 'metadata',
      },
    ],
  },
  {
    names: ['unzip'],
    rows: [
      {
        when: ['-p', '-c'],
        takes: ['-x', '-P'],
        pos: ['read'],
        rest: 'read',
        examples: [
          { command: 'unzip -p /tmp/e.zip', effects: ['read(/tmp/e.zip, content)'] },
          { command: 'unzip -p backup.zip .env', effects: ['read(backup.zip, content)', 'read(.env, content)'] },
        ],
      },
      {
        when: ['-l', '-v', '-t', '-Z'],
        takes: ['-x', '-P'],
        rest: 'meta',
        examples: [{ command: 'unzip -l /tmp/e.zip', effects: ['read(/tmp/e.zip, metadata)'] }],
      },
      {
        takes: ['-x', '-P'],
        opts: { '-d': 'none' },
        dirOpt: ['-d'],
        pos: ['meta'],
        rest: 'write',
        how: 'unzip',
        examples: [
          { command: 'unzip -o /tmp/backup.zip package-lock.json', effects: ['read(/tmp/backup.zip, metadata)', 'write(package-lock.json, unzip)'] },
          { command: 'unzip -q /tmp/site.zip -d public', effects: ['read(/tmp/site.zip, metadata)', 'write(public, unzip (into the folder))'] },
        ],
      },
    ],
  },
  {
    // 7-Zip's switches are single-dash words (-sdel, -t7z, -psecret), never bundles.
    names: ['7z', '7za', '7zr', 'rar'],
    singleDashLong: true,
    rows: [
      {
        sub: ['a'],
        layout: 'archive',
        removes: ['-sdel'],
        examples: [
          { command: '7z a /tmp/e.7z .env', effects: ['read(.env, copy → /tmp/e.7z)', 'write(/tmp/e.7z, 7z)'] },
          { command: '7z a -sdel /tmp/logs.7z logs', effects: ['read(logs, copy → /tmp/logs.7z)', 'delete(logs, recursive)', 'write(/tmp/logs.7z, 7z)'] },
        ],
      },
      ...(['x', 'e'] as const).map((sub) => ({
        // -so: the members are printed.
        sub: [sub],
        when: ['-so'],
        pos: ['read' as const],
        rest: 'read' as const,
        examples: [{ command: `7z ${sub} -so backup.7z .env`, effects: ['read(backup.7z, content)', 'read(.env, content)'] }],
      })),
      ...(['x', 'e'] as const).map((sub) => ({
        // x and e extract (e without the folders); -oDIR (attached) is where.
        sub: [sub],
        optional: { '-o': 'rest' as const },
        dirOpt: ['-o'],
        pos: ['meta' as const],
        rest: 'write' as const,
        examples: [
          { command: `7z ${sub} /tmp/e.7z`, effects: ['read(/tmp/e.7z, metadata)', 'write(., 7z (into the folder))'] },
          { command: `7z ${sub} -o.git/hooks x.7z`, effects: ['read(x.7z, metadata)', 'write(.git/hooks, 7z (into the folder))'] },
        ],
      })),
    ],
  },
  {
    names: ['zip'],
    rows: [
      {
        takes: ['-P', '-x', '-i', '-b', '-n', '-t', '-tt', '-O', '--out', '-TT', '--unzip-command'],
        layout: 'archive',
        // zip -m: move into the archive (the originals are deleted).
        removes: ['-m', '--move'],
        examples: [{ command: 'zip /tmp/e.zip .env', effects: ['read(.env, copy → /tmp/e.zip)', 'write(/tmp/e.zip, zip)'] }],
      },
    ],
  },
  {
    names: ['source', '.'],
    rows: [{ pos: ['load'], rest: 'none', examples: [{ command: 'source .env', effects: ['read(.env, load)'] }] }],
  },
  {
    names: ['code', 'cursor', 'subl', 'open', 'xdg-open', 'idea', 'zed'],
    rows: [{ takes: ['-g', '--goto', '-a'], rest: 'read', mode: 'open', examples: [{ command: 'code .env', effects: ['read(.env, open)'] }] }],
  },
];
