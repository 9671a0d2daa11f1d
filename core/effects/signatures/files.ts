// Programs that read, copy, move, write or delete files.
import type { ProgramSpec } from '../types';

const READER_NAMES = [
  'cat',
  'tac',
  'less',
  'more',
  'most',
  'head',
  'tail',
  'nl',
  'od',
  'xxd',
  'hexdump',
  'hd',
  'strings',
  'base64',
  'base32',
  'basenc',
  'bat',
  'batcat',
  'view',
  'cut',
  'sort',
  'uniq',
  'paste',
  'column',
  'fold',
  'fmt',
  'pr',
  'rev',
  'expand',
  'unexpand',
  'diff',
  'sdiff',
  'colordiff',
  'cmp',
  'comm',
  'join',
  'look',
  'zcat',
  'zless',
  'zmore',
  'bzcat',
  'xzcat',
  'zstdcat',
  'iconv',
  'dos2unix',
  'unix2dos',
  'type',
  'shuf',
  'split',
  'csplit',
  'md5',
  'vis',
  'jless',
  'glow',
  'mdcat',
  'pygmentize',
  'highlight',
  'ccat',
  'gzip',
  'bzip2',
  'xz',
  'zstd',
  'lz4',
];

export const FILES: ProgramSpec[] = [
  {
    names: READER_NAMES,
    rows: [
      {
        takes: [
          '-n',
          '-c',
          '-d',
          '-f',
          '-t',
          '-k',
          '-w',
          '-s',
          '-b',
          '-N',
          '-l',
          '-C',
          '-F',
          '-D',
          '-I',
          '-o',
          '-e',
          '--lines',
          '--bytes',
          '--delimiter',
          '--fields',
          '--key',
          '--width',
          '--output',
          '-f',
          '--field-separator',
        ],
        rest: 'read',
        examples: [
          { command: 'cat .env', effects: ['read(.env, content)'] },
          { command: 'head -n 3 config/.env.production', effects: ['read(config/.env.production, content)'] },
          { command: 'cut -d= -f1 .env', effects: ['read(.env, names)'] },
          { command: 'cut -d= -f2 .env', effects: ['read(.env, content)'] },
          { command: 'base64 ~/.ssh/id_rsa > /tmp/k', effects: ['read(/home/user/.ssh/id_rsa, content)', 'write(/tmp/k, redirection (>))'] },
        ],
      },
    ],
  },
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
    names: ['test', '['],
    rows: [
      {
        rest: 'meta',
        examples: [
          { command: 'test -f .env', effects: ['read(.env, metadata)'] },
          { command: '[ -e .env ]', effects: ['read(.env, metadata)'] },
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
        rest: 'meta',
        examples: [
          { command: 'ls -la .env', effects: ['read(.env, metadata)'] },
          { command: 'stat -c %s .env', effects: ['read(.env, metadata)'] },
        ],
      },
    ],
  },
  {
    names: ['wc'],
    rows: [
      {
        rest: 'read',
        mode: 'count',
        examples: [
          { command: 'wc -l .env', effects: ['read(.env, count)'] },
          { command: 'wc -l < .env', effects: ['read(.env, count)'] },
        ],
      },
    ],
  },
  {
    names: ['md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'sha224sum', 'sha384sum', 'b2sum', 'cksum', 'sum', 'shasum', 'b3sum', 'xxhsum'],
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
        takes: ['-S', '--suffix', '-t', '--target-directory'],
        pos: ['none'],
        rest: 'write',
        how: 'ln',
        examples: [{ command: 'ln -sf /tmp/x go.sum', effects: ['write(go.sum, ln)'] }],
      },
    ],
  },
  {
    names: ['rsync'],
    rows: [
      {
        when: ['-n', '--dry-run', '--list-only'],
        takes: [
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
        ],
        rest: 'meta',
        examples: [{ command: 'rsync -avn src/ /tmp/x/', effects: ['read(src, metadata)', 'read(/tmp/x, metadata)'] }],
      },
      {
        takes: [
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
          '-T',
          '--temp-dir',
          '--backup-dir',
          '--suffix',
        ],
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
    names: ['rm', 'unlink', 'rmdir', 'srm', 'trash', 'trash-put'],
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
    names: ['ed', 'ex'],
    rows: [{ takes: ['-p'], rest: 'write', examples: [{ command: 'ed -s Cargo.lock', effects: ['write(Cargo.lock, ed)'] }] }],
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
        rest: 'none',
        examples: [{ command: 'tar xOzf /tmp/e.tgz', effects: ['read(/tmp/e.tgz, content)'] }],
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
        takes: ['--exclude', '-T', '--files-from', '-X', '--exclude-from', '-b', '--transform', '--owner', '--group', '--mode', '--mtime'],
        opts: { '-f': 'write', '--file': 'write', '-C': 'none', '--directory': 'none' },
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
    names: ['unzip'],
    rows: [
      {
        when: ['-p', '-c'],
        takes: ['-x', '-P'],
        pos: ['read'],
        rest: 'none',
        examples: [{ command: 'unzip -p /tmp/e.zip', effects: ['read(/tmp/e.zip, content)'] }],
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
      { sub: ['x'], pos: ['meta'], rest: 'write', examples: [{ command: '7z x /tmp/e.7z', effects: ['read(/tmp/e.7z, metadata)'] }] },
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
