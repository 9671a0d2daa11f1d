// The dangerous operations of each interpreter language, as data (read by ./interpreters.ts).
// A row names an API by its qualified name after import aliases are resolved (`import os as o;
// o.system` is `os.system`; `require("node:child_process").execSync` is `child_process.execSync`).
// Extending coverage is adding a row; every row's example reaches that row (test/interpreter-code.test.ts).
//
// kind:
//   shell   runs a command: a literal one is judged as a shell command, a computed one is unanalysable
//   eval    evaluates code: literal code is read as code of the same language, computed code is unanalysable
//   import  loads a module by name: a literal name is followed (`__import__("os").system`), a computed one is unanalysable
//   reflect looks up a function by name (`getattr(os, name)`, `send(name)`, `call_user_func($f)`): the name must be literal
//   delete  deletes a tree: a literal path is judged as `rm -rf PATH`, a computed one is unanalysable
//   run     runs a file's code (`include $f`, `dofile(f)`): a literal path is the file's business, a computed one is unanalysable
//   native  calls native code (ctypes, process.binding, FFI): what it does cannot be read, so always unanalysable
// A dangerous function passed as a value (`map(os.system, cmds)`) is unanalysable too.

export type ApiKind = 'shell' | 'eval' | 'import' | 'reflect' | 'delete' | 'run' | 'native';

export interface DangerousApi {
  name: string;
  kind: ApiKind;
  /** shell: 'argv' when every positional argument is a word of the command (program + arguments, or lists of them). */
  args?: 'argv';
  /** Only when this word appears among the call's arguments (`recursive` for fs.rmSync). */
  needs?: string;
  /** shell: which argument is the command (default the first). */
  arg?: number;
  /** Matched after any receiver (`x.execSync(…)`), not only the qualified name. */
  anyReceiver?: boolean;
  example: string;
}

export type CodeLang = 'python' | 'js' | 'ruby' | 'perl' | 'php' | 'lua' | 'awk' | 'r';

const py = (name: string, kind: ApiKind, example: string, extra: Partial<DangerousApi> = {}): DangerousApi => ({ name, kind, example, ...extra });

export const DANGEROUS_APIS: Record<CodeLang, DangerousApi[]> = {
  python: [
    py('os.system', 'shell', `python3 -c 'import os; os.system("rm -rf ~")'`),
    py('os.popen', 'shell', `python3 -c 'import os; os.popen("rm -rf ~")'`),
    py('subprocess.run', 'shell', `python3 -c 'import subprocess; subprocess.run(["rm", "-rf", "~"])'`),
    py('subprocess.call', 'shell', `python3 -c 'import subprocess; subprocess.call("rm -rf ~", shell=True)'`),
    py('subprocess.check_call', 'shell', `python3 -c 'import subprocess; subprocess.check_call(["rm", "-rf", "~"])'`),
    py('subprocess.check_output', 'shell', `python3 -c 'import subprocess; subprocess.check_output(["rm", "-rf", "~"])'`),
    py('subprocess.Popen', 'shell', `python3 -c 'import subprocess; subprocess.Popen("rm -rf ~", shell=True)'`),
    py('subprocess.getoutput', 'shell', `python3 -c 'import subprocess; subprocess.getoutput("rm -rf ~")'`),
    py('subprocess.getstatusoutput', 'shell', `python3 -c 'import subprocess; subprocess.getstatusoutput("rm -rf ~")'`),
    py('commands.getoutput', 'shell', `python2 -c 'import commands; commands.getoutput("rm -rf ~")'`),
    py('asyncio.create_subprocess_shell', 'shell', `python3 -c 'import asyncio; asyncio.run(asyncio.create_subprocess_shell("rm -rf ~"))'`),
    py('asyncio.create_subprocess_exec', 'shell', `python3 -c 'import asyncio; asyncio.create_subprocess_exec("rm", "-rf", "~")'`, { args: 'argv' }),
    py('pty.spawn', 'shell', `python3 -c 'import pty; pty.spawn(["rm", "-rf", "~"])'`),
    py('os.execv', 'shell', `python3 -c 'import os; os.execv("/bin/rm", ["rm", "-rf", "~"])'`, { args: 'argv' }),
    py('os.execvp', 'shell', `python3 -c 'import os; os.execvp("rm", ["rm", "-rf", "~"])'`, { args: 'argv' }),
    py('os.execl', 'shell', `python3 -c 'import os; os.execl("/bin/rm", "rm", "-rf", "~")'`, { args: 'argv' }),
    py('os.execlp', 'shell', `python3 -c 'import os; os.execlp("rm", "rm", "-rf", "~")'`, { args: 'argv' }),
    py('os.spawnv', 'shell', `python3 -c 'import os; os.spawnv(os.P_WAIT, "/bin/rm", ["rm", "-rf", "~"])'`, { args: 'argv' }),
    py('os.spawnlp', 'shell', `python3 -c 'import os; os.spawnlp(os.P_WAIT, "rm", "rm", "-rf", "~")'`, { args: 'argv' }),
    py('os.execve', 'shell', `python3 -c 'import os; os.execve("/bin/rm", ["rm", "-rf", "~"], {})'`, { args: 'argv' }),
    py('os.execvpe', 'shell', `python3 -c 'import os; os.execvpe("rm", ["rm", "-rf", "~"], {})'`, { args: 'argv' }),
    py('os.execle', 'shell', `python3 -c 'import os; os.execle("/bin/rm", "rm", "-rf", "~", {})'`, { args: 'argv' }),
    py('os.spawnvp', 'shell', `python3 -c 'import os; os.spawnvp(os.P_WAIT, "rm", ["rm", "-rf", "~"])'`, { args: 'argv' }),
    py('os.spawnl', 'shell', `python3 -c 'import os; os.spawnl(os.P_WAIT, "/bin/rm", "rm", "-rf", "~")'`, { args: 'argv' }),
    py('os.posix_spawnp', 'shell', `python3 -c 'import os; os.posix_spawnp("rm", ["rm", "-rf", "~"], {})'`, { args: 'argv' }),
    py('pydoc.pipepager', 'shell', `python3 -c 'import pydoc; pydoc.pipepager("x", "rm -rf ~")'`, { arg: 1 }),
    py('timeit.timeit', 'eval', `python3 -c 'import timeit; timeit.timeit("__import__(\\"os\\").system(\\"rm -rf ~\\")", number=1)'`),
    py('timeit.repeat', 'eval', `python3 -c 'import timeit, sys; timeit.repeat(sys.argv[1])' 1`),
    py('timeit.Timer', 'eval', `python3 -c 'import timeit, sys; timeit.Timer(sys.argv[1]).timeit()' 1`),
    py('operator.methodcaller', 'reflect', `python3 -c 'import operator, os; operator.methodcaller("system", "id")(os)'`),
    py('importlib.__import__', 'import', `python3 -c 'import importlib, sys; importlib.__import__(sys.argv[1])' os`),
    py('os.posix_spawn', 'shell', `python3 -c 'import os; os.posix_spawn("/bin/rm", ["rm", "-rf", "~"], {})'`, { args: 'argv' }),
    py('eval', 'eval', `python3 -c 'import sys; eval(sys.argv[1])' 1`),
    py('exec', 'eval', `python3 -c 'exec("import os; os.system(\\"rm -rf ~\\")")'`),
    py('compile', 'eval', `python3 -c 'import sys; exec(compile(sys.stdin.read(), "x", "exec"))'`),
    py('__import__', 'import', `python3 -c '__import__("os").system("rm -rf ~")'`),
    py('importlib.import_module', 'import', `python3 -c 'import importlib, sys; importlib.import_module(sys.argv[1])' os`),
    py('getattr', 'reflect', `python3 -c 'import os; getattr(os, "sys" + "tem")("rm -rf ~")'`),
    py('runpy.run_path', 'run', `python3 -c 'import runpy, sys; runpy.run_path(sys.argv[1])' x.py`),
    py('shutil.rmtree', 'delete', `python3 -c 'import shutil; shutil.rmtree("/")'`),
    py('os.removedirs', 'delete', `python3 -c 'import os, sys; os.removedirs(sys.argv[1])' /`),
    py('ctypes.CDLL', 'native', `python3 -c 'import ctypes; ctypes.CDLL(None).system(b"id")'`),
    py('ctypes.cdll.LoadLibrary', 'native', `python3 -c 'import ctypes; ctypes.cdll.LoadLibrary("libc.so.6").system(b"id")'`),
    py('ctypes.PyDLL', 'native', `python3 -c 'import ctypes; ctypes.PyDLL(None)'`),
  ],
  js: [
    py('child_process.exec', 'shell', `node -e 'require("child_process").exec("rm -rf ~")'`),
    py('child_process.execSync', 'shell', `node -e 'require("child_process").execSync("rm -rf ~")'`, { anyReceiver: true }),
    py('child_process.spawn', 'shell', `node -e 'require("child_process").spawn("rm", ["-rf", "~"])'`, { args: 'argv' }),
    py('child_process.spawnSync', 'shell', `node -e 'require("child_process").spawnSync("rm", ["-rf", "~"])'`, { args: 'argv', anyReceiver: true }),
    py('child_process.execFile', 'shell', `node -e 'require("child_process").execFile("rm", ["-rf", "~"])'`, { args: 'argv' }),
    py('child_process.execFileSync', 'shell', `node -e 'require("child_process").execFileSync("rm", ["-rf", "~"])'`, { args: 'argv', anyReceiver: true }),
    py('child_process.fork', 'run', `node -e 'require("child_process").fork(process.argv[1])' x.js`),
    py('Deno.Command', 'shell', `deno eval 'new Deno.Command("rm", { args: ["-rf", "/"] }).outputSync()'`, { args: 'argv' }),
    py('Deno.run', 'shell', `deno eval 'Deno.run({ cmd: ["rm", "-rf", "/"] })'`, { args: 'argv' }),
    py('Bun.spawn', 'shell', `bun -e 'Bun.spawn(["rm", "-rf", "/"])'`, { args: 'argv' }),
    py('Bun.spawnSync', 'shell', `bun -e 'Bun.spawnSync(["rm", "-rf", "/"])'`, { args: 'argv' }),
    py('eval', 'eval', `node -e 'eval(process.argv[1])' 1`),
    py('Function', 'eval', `node -e 'new Function(process.argv[1])()' 1`),
    py('vm.runInThisContext', 'eval', `node -e 'require("vm").runInThisContext(process.argv[1])' 1`),
    py('vm.runInNewContext', 'eval', `node -e 'require("vm").runInNewContext(process.argv[1])' 1`),
    py('vm.Script', 'eval', `node -e 'const vm = require("vm"); new vm.Script(process.argv[1])' 1`),
    py('require', 'import', `node -e 'require(process.argv[1])' child_process`, { anyReceiver: true }),
    py('Module._load', 'import', `node -e 'module.constructor._load(process.argv[1])' child_process`, { anyReceiver: true }),
    py('Function.constructor', 'eval', `node -e '[].constructor.constructor(process.argv[1])()' 1`, { anyReceiver: true }),
    py('vm.compileFunction', 'eval', `node -e 'require("vm").compileFunction(process.argv[1])()' 1`),
    py('worker_threads.Worker', 'eval', `node -e 'const { Worker } = require("worker_threads"); new Worker(process.argv[1], { eval: true })' 1`, {
      needs: 'eval',
    }),
    py('import', 'import', `node -e 'import(process.argv[1])' child_process`),
    py('fs.rmSync', 'delete', `node -e 'require("fs").rmSync(process.argv[1], { recursive: true })' /`, { needs: 'recursive' }),
    py('fs.rm', 'delete', `node -e 'require("fs").rm(process.argv[1], { recursive: true }, () => {})' /`, { needs: 'recursive' }),
    py('fs.rmdirSync', 'delete', `node -e 'require("fs").rmdirSync(process.argv[1], { recursive: true })' /`, { needs: 'recursive' }),
    py('fs.promises.rm', 'delete', `node -e 'require("fs").promises.rm(process.argv[1], { recursive: true })' /`, { needs: 'recursive' }),
    py('Deno.remove', 'delete', `deno eval 'Deno.remove(Deno.args[0], { recursive: true })' /`, { needs: 'recursive' }),
    py('process.binding', 'native', `node -e 'process.binding("spawn_sync").spawn({ file: "sh" })'`),
    py('process._linkedBinding', 'native', `node -e 'process._linkedBinding("x")'`),
    py('process.dlopen', 'native', `node -e 'process.dlopen(module, "/tmp/x.node")'`),
    py('Deno.dlopen', 'native', `deno eval 'Deno.dlopen("/tmp/libx.so", {})'`),
  ],
  ruby: [
    py('system', 'shell', `ruby -e 'system("rm -rf ~")'`, { args: 'argv' }),
    py('exec', 'shell', `ruby -e 'exec("rm", "-rf", "~")'`, { args: 'argv' }),
    py('spawn', 'shell', `ruby -e 'spawn("rm -rf ~")'`, { args: 'argv' }),
    py('Kernel.system', 'shell', `ruby -e 'Kernel.system("rm -rf ~")'`, { args: 'argv' }),
    py('Process.spawn', 'shell', `ruby -e 'Process.spawn("rm -rf ~")'`, { args: 'argv' }),
    py('IO.popen', 'shell', `ruby -e 'IO.popen("rm -rf ~")'`),
    py('Open3.capture2', 'shell', `ruby -ropen3 -e 'Open3.capture2("rm -rf ~")'`, { args: 'argv' }),
    py('Open3.capture3', 'shell', `ruby -ropen3 -e 'Open3.capture3("rm -rf ~")'`, { args: 'argv' }),
    py('Open3.popen3', 'shell', `ruby -ropen3 -e 'Open3.popen3("rm -rf ~")'`, { args: 'argv' }),
    py('Open3.capture2e', 'shell', `ruby -ropen3 -e 'Open3.capture2e("rm -rf ~")'`, { args: 'argv' }),
    py('Open3.popen2', 'shell', `ruby -ropen3 -e 'Open3.popen2("rm -rf ~")'`, { args: 'argv' }),
    py('Open3.popen2e', 'shell', `ruby -ropen3 -e 'Open3.popen2e("rm -rf ~")'`, { args: 'argv' }),
    py('Open3.pipeline', 'shell', `ruby -ropen3 -e 'Open3.pipeline("rm -rf ~")'`, { args: 'argv' }),
    py('Process.exec', 'shell', `ruby -e 'Process.exec("rm -rf ~")'`, { args: 'argv' }),
    py('`', 'shell', 'ruby -e \'send(:`, "rm -rf ~")\''),
    py('open', 'shell', `ruby -e 'open(ARGV[0])' '|id'`),
    py('IO.read', 'shell', `ruby -e 'IO.read("|rm -rf ~")'`),
    py('IO.readlines', 'shell', `ruby -e 'IO.readlines(ARGV[0])' '|id'`),
    py('IO.foreach', 'shell', `ruby -e 'IO.foreach("|id") { |l| puts l }'`),
    py('syscall', 'native', `ruby -e 'syscall(59)'`),
    py('eval', 'eval', `ruby -e 'eval(STDIN.read)'`),
    py('instance_eval', 'eval', `ruby -e 'instance_eval(ARGV[0])' 1`, { anyReceiver: true }),
    py('class_eval', 'eval', `ruby -e 'Object.class_eval(ARGV[0])' 1`, { anyReceiver: true }),
    py('binding.eval', 'eval', `ruby -e 'binding.eval(ARGV[0])' 1`),
    py('send', 'reflect', `ruby -e 'send(ARGV[0].to_sym, "id")' system`, { anyReceiver: true }),
    py('public_send', 'reflect', `ruby -e 'Kernel.public_send(ARGV[0], "id")' system`, { anyReceiver: true }),
    py('__send__', 'reflect', `ruby -e '__send__(ARGV[0], "id")' system`, { anyReceiver: true }),
    py('method', 'reflect', `ruby -e 'method(ARGV[0]).call("id")' system`),
    py('require', 'import', `ruby -e 'require ARGV[0]' x`),
    py('load', 'run', `ruby -e 'load ARGV[0]' x.rb`),
    py('FileUtils.rm_rf', 'delete', `ruby -rfileutils -e 'FileUtils.rm_rf(ARGV[0])' /`),
    py('FileUtils.rm_r', 'delete', `ruby -rfileutils -e 'FileUtils.rm_r(ARGV[0])' /`),
    py('FileUtils.remove_dir', 'delete', `ruby -rfileutils -e 'FileUtils.remove_dir(ARGV[0])' /`),
    py('FileUtils.remove_entry_secure', 'delete', `ruby -rfileutils -e 'FileUtils.remove_entry_secure(ARGV[0])' /`),
    py('Fiddle.dlopen', 'native', `ruby -rfiddle -e 'Fiddle.dlopen(nil)'`),
  ],
  perl: [
    py('system', 'shell', `perl -e 'system("rm", "-rf", "/")'`, { args: 'argv' }),
    py('exec', 'shell', `perl -e 'exec "rm -rf ~"'`, { args: 'argv' }),
    py('open', 'shell', `perl -e 'open(my $f, "-|", "rm", "-rf", "~")'`),
    py('readpipe', 'shell', `perl -e 'print readpipe("rm -rf ~")'`),
    py('syscall', 'native', `perl -e 'syscall(59, 0)'`),
    py('eval', 'eval', `perl -e 'my $s = shift; eval $s' 1`),
    py('do', 'run', `perl -e 'do $ARGV[0]' x.pl`),
    py('require', 'run', `perl -e 'require $ARGV[0]' x.pl`),
    py('rmtree', 'delete', `perl -MFile::Path -e 'rmtree($ARGV[0])' /`),
    py('remove_tree', 'delete', `perl -MFile::Path=remove_tree -e 'remove_tree($ARGV[0])' /`),
  ],
  php: [
    py('system', 'shell', `php -r 'system("rm -rf ~");'`),
    py('exec', 'shell', `php -r 'exec("rm -rf ~");'`),
    py('shell_exec', 'shell', `php -r 'shell_exec($argv[1]);' id`),
    py('passthru', 'shell', `php -r 'passthru("rm -rf ~");'`),
    py('popen', 'shell', `php -r 'popen("rm -rf ~", "r");'`),
    py('proc_open', 'shell', `php -r 'proc_open("rm -rf ~", [], $p);'`),
    py('pcntl_exec', 'shell', `php -r 'pcntl_exec("/bin/rm", ["-rf", "~"]);'`, { args: 'argv' }),
    py('eval', 'eval', `php -r 'eval(file_get_contents("/tmp/p.php"));'`),
    py('assert', 'eval', `php -r 'assert($argv[1]);' 1`),
    py('create_function', 'eval', `php -r 'create_function("", $argv[1]);' 1`),
    py('call_user_func', 'reflect', `php -r 'call_user_func($argv[1], "id");' system`),
    py('call_user_func_array', 'reflect', `php -r 'call_user_func_array($argv[1], ["id"]);' system`),
    py('include', 'run', `php -r 'include $argv[1];' x.php`),
    py('require', 'run', `php -r 'require $argv[1];' x.php`),
    py('include_once', 'run', `php -r 'include_once $argv[1];' x.php`),
    py('require_once', 'run', `php -r 'require_once $argv[1];' x.php`),
    py('FFI.load', 'native', `php -r 'FFI::load("/tmp/x.h");'`),
    py('dl', 'native', `php -r 'dl("x.so");'`),
    py('ReflectionFunction', 'reflect', `php -r '(new ReflectionFunction($argv[1]))->invoke("id");' system`),
    py('FFI.cdef', 'native', `php -r 'FFI::cdef("int system(const char *c);")->system("id");'`),
  ],
  lua: [
    py('os.execute', 'shell', `lua -e 'os.execute("rm -rf " .. "~")'`),
    py('io.popen', 'shell', `lua -e 'io.popen("rm -rf ~")'`),
    py('load', 'eval', `lua -e 'load(io.read("a"))()'`),
    py('loadstring', 'eval', `lua -e 'loadstring(arg[1])()' 1`),
    py('dofile', 'run', `lua -e 'dofile(arg[1])' x.lua`),
    py('loadfile', 'run', `lua -e 'loadfile(arg[1])()' x.lua`),
    py('require', 'import', `lua -e 'require(arg[1])' x`),
    py('package.loadlib', 'native', `lua -e 'package.loadlib("/tmp/x.so", "f")()'`),
  ],
  awk: [
    py('system', 'shell', `awk 'BEGIN { system("rm -rf ~") }'`),
    py('getline', 'shell', `awk 'BEGIN { "rm -rf ~" | getline }'`),
    py('print |', 'shell', `awk '{ print | "sh" }' cmds.txt`),
  ],
  r: [
    py('system', 'shell', `Rscript -e 'system("rm -rf ~")'`),
    py('system2', 'shell', `Rscript -e 'system2("rm", c("-rf", "~"))'`, { args: 'argv' }),
    py('shell', 'shell', `Rscript -e 'shell("rm -rf ~")'`),
    py('eval', 'eval', `Rscript -e 'eval(parse(text = commandArgs(TRUE)[1]))' 1`),
    py('source', 'run', `Rscript -e 'source(commandArgs(TRUE)[1])' x.R`),
    py('unlink', 'delete', `Rscript -e 'unlink(commandArgs(TRUE)[1], recursive = TRUE)' /`, { needs: 'recursive' }),
  ],
};

/**
 * Receivers whose members are looked up by a computed name only to reach a dangerous one
 * (`getattr(os, name)`, `require("child_process")[m]`, `_G[name]`): such a lookup is unanalysable.
 */
export const DANGEROUS_RECEIVERS: Record<CodeLang, string[]> = {
  python: ['os', 'subprocess', 'shutil', 'builtins', '__builtins__', 'pty', 'posix', 'importlib', 'ctypes', 'sys.modules', 'globals()', 'locals()', 'vars()'],
  js: ['child_process', 'globalThis', 'global', 'process', 'vm', 'fs', 'fs.promises', 'Deno', 'Bun', 'module', 'this', 'window'],
  ruby: ['Kernel', 'Object', 'IO', 'Open3', 'FileUtils', 'Process'],
  perl: [],
  php: [],
  lua: ['_G', '_ENV', 'os', 'io', 'package', 'debug'],
  awk: [],
  r: [],
};

/** Module names as imported: `node:child_process` is `child_process`. */
export function canonicalModule(lang: CodeLang, name: string): string {
  if (lang === 'js') return name.replace(/^node:/, '').replace(/\/promises$/, '.promises');
  return name;
}
