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
  /** Commands whose code reaches this row (the tests; the hook ships them empty). */
  examples: string[];
}

export type CodeLang = 'python' | 'js' | 'ruby' | 'perl' | 'php' | 'lua' | 'awk' | 'r';

export const DANGEROUS_APIS: Record<CodeLang, DangerousApi[]> = {
  python: [
    { name: 'os.system', kind: 'shell', examples: [`python3 -c 'import os; os.system("rm -rf ~")'`] },
    { name: 'os.popen', kind: 'shell', examples: [`python3 -c 'import os; os.popen("rm -rf ~")'`] },
    { name: 'subprocess.run', kind: 'shell', examples: [`python3 -c 'import subprocess; subprocess.run(["rm", "-rf", "~"])'`] },
    { name: 'subprocess.call', kind: 'shell', examples: [`python3 -c 'import subprocess; subprocess.call("rm -rf ~", shell=True)'`] },
    { name: 'subprocess.check_call', kind: 'shell', examples: [`python3 -c 'import subprocess; subprocess.check_call(["rm", "-rf", "~"])'`] },
    { name: 'subprocess.check_output', kind: 'shell', examples: [`python3 -c 'import subprocess; subprocess.check_output(["rm", "-rf", "~"])'`] },
    { name: 'subprocess.Popen', kind: 'shell', examples: [`python3 -c 'import subprocess; subprocess.Popen("rm -rf ~", shell=True)'`] },
    { name: 'subprocess.getoutput', kind: 'shell', examples: [`python3 -c 'import subprocess; subprocess.getoutput("rm -rf ~")'`] },
    { name: 'subprocess.getstatusoutput', kind: 'shell', examples: [`python3 -c 'import subprocess; subprocess.getstatusoutput("rm -rf ~")'`] },
    { name: 'commands.getoutput', kind: 'shell', examples: [`python2 -c 'import commands; commands.getoutput("rm -rf ~")'`] },
    {
      name: 'asyncio.create_subprocess_shell',
      kind: 'shell',
      examples: [`python3 -c 'import asyncio; asyncio.run(asyncio.create_subprocess_shell("rm -rf ~"))'`],
    },
    {
      name: 'asyncio.create_subprocess_exec',
      kind: 'shell',
      args: 'argv',
      examples: [`python3 -c 'import asyncio; asyncio.create_subprocess_exec("rm", "-rf", "~")'`],
    },
    { name: 'pty.spawn', kind: 'shell', examples: [`python3 -c 'import pty; pty.spawn(["rm", "-rf", "~"])'`] },
    { name: 'os.execv', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.execv("/bin/rm", ["rm", "-rf", "~"])'`] },
    { name: 'os.execvp', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.execvp("rm", ["rm", "-rf", "~"])'`] },
    { name: 'os.execl', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.execl("/bin/rm", "rm", "-rf", "~")'`] },
    { name: 'os.execlp', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.execlp("rm", "rm", "-rf", "~")'`] },
    { name: 'os.spawnv', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.spawnv(os.P_WAIT, "/bin/rm", ["rm", "-rf", "~"])'`] },
    { name: 'os.spawnlp', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.spawnlp(os.P_WAIT, "rm", "rm", "-rf", "~")'`] },
    { name: 'os.execve', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.execve("/bin/rm", ["rm", "-rf", "~"], {})'`] },
    { name: 'os.execvpe', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.execvpe("rm", ["rm", "-rf", "~"], {})'`] },
    { name: 'os.execle', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.execle("/bin/rm", "rm", "-rf", "~", {})'`] },
    { name: 'os.spawnvp', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.spawnvp(os.P_WAIT, "rm", ["rm", "-rf", "~"])'`] },
    { name: 'os.spawnl', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.spawnl(os.P_WAIT, "/bin/rm", "rm", "-rf", "~")'`] },
    { name: 'os.posix_spawnp', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.posix_spawnp("rm", ["rm", "-rf", "~"], {})'`] },
    { name: 'pydoc.pipepager', kind: 'shell', arg: 1, examples: [`python3 -c 'import pydoc; pydoc.pipepager("x", "rm -rf ~")'`] },
    { name: 'timeit.timeit', kind: 'eval', examples: [`python3 -c 'import timeit; timeit.timeit("__import__(\\"os\\").system(\\"rm -rf ~\\")", number=1)'`] },
    { name: 'timeit.repeat', kind: 'eval', examples: [`python3 -c 'import timeit, sys; timeit.repeat(sys.argv[1])' 1`] },
    { name: 'timeit.Timer', kind: 'eval', examples: [`python3 -c 'import timeit, sys; timeit.Timer(sys.argv[1]).timeit()' 1`] },
    { name: 'operator.methodcaller', kind: 'reflect', examples: [`python3 -c 'import operator, os; operator.methodcaller("system", "id")(os)'`] },
    { name: 'importlib.__import__', kind: 'import', examples: [`python3 -c 'import importlib, sys; importlib.__import__(sys.argv[1])' os`] },
    { name: 'os.posix_spawn', kind: 'shell', args: 'argv', examples: [`python3 -c 'import os; os.posix_spawn("/bin/rm", ["rm", "-rf", "~"], {})'`] },
    { name: 'eval', kind: 'eval', examples: [`python3 -c 'import sys; eval(sys.argv[1])' 1`] },
    { name: 'exec', kind: 'eval', examples: [`python3 -c 'exec("import os; os.system(\\"rm -rf ~\\")")'`] },
    { name: 'compile', kind: 'eval', examples: [`python3 -c 'import sys; exec(compile(sys.stdin.read(), "x", "exec"))'`] },
    { name: '__import__', kind: 'import', examples: [`python3 -c '__import__("os").system("rm -rf ~")'`] },
    { name: 'importlib.import_module', kind: 'import', examples: [`python3 -c 'import importlib, sys; importlib.import_module(sys.argv[1])' os`] },
    { name: 'getattr', kind: 'reflect', examples: [`python3 -c 'import os; getattr(os, "sys" + "tem")("rm -rf ~")'`] },
    { name: 'runpy.run_path', kind: 'run', examples: [`python3 -c 'import runpy, sys; runpy.run_path(sys.argv[1])' x.py`] },
    { name: 'shutil.rmtree', kind: 'delete', examples: [`python3 -c 'import shutil; shutil.rmtree("/")'`] },
    { name: 'os.removedirs', kind: 'delete', examples: [`python3 -c 'import os, sys; os.removedirs(sys.argv[1])' /`] },
    { name: 'ctypes.CDLL', kind: 'native', examples: [`python3 -c 'import ctypes; ctypes.CDLL(None).system(b"id")'`] },
    { name: 'ctypes.cdll.LoadLibrary', kind: 'native', examples: [`python3 -c 'import ctypes; ctypes.cdll.LoadLibrary("libc.so.6").system(b"id")'`] },
    { name: 'ctypes.PyDLL', kind: 'native', examples: [`python3 -c 'import ctypes; ctypes.PyDLL(None)'`] },
  ],
  js: [
    { name: 'child_process.exec', kind: 'shell', examples: [`node -e 'require("child_process").exec("rm -rf ~")'`] },
    { name: 'child_process.execSync', kind: 'shell', anyReceiver: true, examples: [`node -e 'require("child_process").execSync("rm -rf ~")'`] },
    { name: 'child_process.spawn', kind: 'shell', args: 'argv', examples: [`node -e 'require("child_process").spawn("rm", ["-rf", "~"])'`] },
    {
      name: 'child_process.spawnSync',
      kind: 'shell',
      args: 'argv',
      anyReceiver: true,
      examples: [`node -e 'require("child_process").spawnSync("rm", ["-rf", "~"])'`],
    },
    { name: 'child_process.execFile', kind: 'shell', args: 'argv', examples: [`node -e 'require("child_process").execFile("rm", ["-rf", "~"])'`] },
    {
      name: 'child_process.execFileSync',
      kind: 'shell',
      args: 'argv',
      anyReceiver: true,
      examples: [`node -e 'require("child_process").execFileSync("rm", ["-rf", "~"])'`],
    },
    { name: 'child_process.fork', kind: 'run', examples: [`node -e 'require("child_process").fork(process.argv[1])' x.js`] },
    { name: 'Deno.Command', kind: 'shell', args: 'argv', examples: [`deno eval 'new Deno.Command("rm", { args: ["-rf", "/"] }).outputSync()'`] },
    { name: 'Deno.run', kind: 'shell', args: 'argv', examples: [`deno eval 'Deno.run({ cmd: ["rm", "-rf", "/"] })'`] },
    { name: 'Bun.spawn', kind: 'shell', args: 'argv', examples: [`bun -e 'Bun.spawn(["rm", "-rf", "/"])'`] },
    { name: 'Bun.spawnSync', kind: 'shell', args: 'argv', examples: [`bun -e 'Bun.spawnSync(["rm", "-rf", "/"])'`] },
    { name: 'eval', kind: 'eval', examples: [`node -e 'eval(process.argv[1])' 1`] },
    { name: 'Function', kind: 'eval', examples: [`node -e 'new Function(process.argv[1])()' 1`] },
    { name: 'vm.runInThisContext', kind: 'eval', examples: [`node -e 'require("vm").runInThisContext(process.argv[1])' 1`] },
    { name: 'vm.runInNewContext', kind: 'eval', examples: [`node -e 'require("vm").runInNewContext(process.argv[1])' 1`] },
    { name: 'vm.Script', kind: 'eval', examples: [`node -e 'const vm = require("vm"); new vm.Script(process.argv[1])' 1`] },
    { name: 'require', kind: 'import', anyReceiver: true, examples: [`node -e 'require(process.argv[1])' child_process`] },
    { name: 'Module._load', kind: 'import', anyReceiver: true, examples: [`node -e 'module.constructor._load(process.argv[1])' child_process`] },
    { name: 'Function.constructor', kind: 'eval', anyReceiver: true, examples: [`node -e '[].constructor.constructor(process.argv[1])()' 1`] },
    { name: 'vm.compileFunction', kind: 'eval', examples: [`node -e 'require("vm").compileFunction(process.argv[1])()' 1`] },
    {
      name: 'worker_threads.Worker',
      kind: 'eval',
      needs: 'eval',
      examples: [`node --input-type=module -e 'import { Worker } from "worker_threads"; new Worker(process.argv[1], { eval: true })' 1`],
    },
    { name: 'import', kind: 'import', examples: [`node -e 'import(process.argv[1])' child_process`] },
    { name: 'fs.rmSync', kind: 'delete', needs: 'recursive', examples: [`node -e 'require("fs").rmSync(process.argv[1], { recursive: true })' /`] },
    { name: 'fs.rm', kind: 'delete', needs: 'recursive', examples: [`node -e 'require("fs").rm(process.argv[1], { recursive: true }, () => {})' /`] },
    { name: 'fs.rmdirSync', kind: 'delete', needs: 'recursive', examples: [`node -e 'require("fs").rmdirSync(process.argv[1], { recursive: true })' /`] },
    { name: 'fs.promises.rm', kind: 'delete', needs: 'recursive', examples: [`node -e 'require("fs").promises.rm(process.argv[1], { recursive: true })' /`] },
    { name: 'Deno.remove', kind: 'delete', needs: 'recursive', examples: [`deno eval 'Deno.remove(Deno.args[0], { recursive: true })' /`] },
    { name: 'process.binding', kind: 'native', examples: [`node -e 'process.binding("spawn_sync").spawn({ file: "sh" })'`] },
    { name: 'process._linkedBinding', kind: 'native', examples: [`node -e 'process._linkedBinding("x")'`] },
    { name: 'process.dlopen', kind: 'native', examples: [`node -e 'process.dlopen(module, "/tmp/x.node")'`] },
    { name: 'Deno.dlopen', kind: 'native', examples: [`deno eval 'Deno.dlopen("/tmp/libx.so", {})'`] },
  ],
  ruby: [
    { name: 'system', kind: 'shell', args: 'argv', examples: [`ruby -e 'system("rm -rf ~")'`] },
    { name: 'exec', kind: 'shell', args: 'argv', examples: [`ruby -e 'exec("rm", "-rf", "~")'`] },
    { name: 'spawn', kind: 'shell', args: 'argv', examples: [`ruby -e 'spawn("rm -rf ~")'`] },
    { name: 'Kernel.system', kind: 'shell', args: 'argv', examples: [`ruby -e 'Kernel.system("rm -rf ~")'`] },
    { name: 'Process.spawn', kind: 'shell', args: 'argv', examples: [`ruby -e 'Process.spawn("rm -rf ~")'`] },
    { name: 'IO.popen', kind: 'shell', examples: [`ruby -e 'IO.popen("rm -rf ~")'`] },
    { name: 'Open3.capture2', kind: 'shell', args: 'argv', examples: [`ruby -ropen3 -e 'Open3.capture2("rm -rf ~")'`] },
    { name: 'Open3.capture3', kind: 'shell', args: 'argv', examples: [`ruby -ropen3 -e 'Open3.capture3("rm -rf ~")'`] },
    { name: 'Open3.popen3', kind: 'shell', args: 'argv', examples: [`ruby -ropen3 -e 'Open3.popen3("rm -rf ~")'`] },
    { name: 'Open3.capture2e', kind: 'shell', args: 'argv', examples: [`ruby -ropen3 -e 'Open3.capture2e("rm -rf ~")'`] },
    { name: 'Open3.popen2', kind: 'shell', args: 'argv', examples: [`ruby -ropen3 -e 'Open3.popen2("rm -rf ~")'`] },
    { name: 'Open3.popen2e', kind: 'shell', args: 'argv', examples: [`ruby -ropen3 -e 'Open3.popen2e("rm -rf ~")'`] },
    { name: 'Open3.pipeline', kind: 'shell', args: 'argv', examples: [`ruby -ropen3 -e 'Open3.pipeline("rm -rf ~")'`] },
    { name: 'Process.exec', kind: 'shell', args: 'argv', examples: [`ruby -e 'Process.exec("rm -rf ~")'`] },
    { name: '`', kind: 'shell', examples: ['ruby -e \'send(:`, "rm -rf ~")\''] },
    { name: 'open', kind: 'shell', examples: [`ruby -e 'open(ARGV[0])' '|id'`] },
    { name: 'IO.read', kind: 'shell', examples: [`ruby -e 'IO.read("|rm -rf ~")'`] },
    { name: 'IO.readlines', kind: 'shell', examples: [`ruby -e 'IO.readlines(ARGV[0])' '|id'`] },
    { name: 'IO.foreach', kind: 'shell', examples: [`ruby -e 'IO.foreach("|id") { |l| puts l }'`] },
    { name: 'syscall', kind: 'native', examples: [`ruby -e 'syscall(59)'`] },
    { name: 'eval', kind: 'eval', examples: [`ruby -e 'eval(STDIN.read)'`] },
    { name: 'instance_eval', kind: 'eval', anyReceiver: true, examples: [`ruby -e 'instance_eval(ARGV[0])' 1`] },
    { name: 'class_eval', kind: 'eval', anyReceiver: true, examples: [`ruby -e 'Object.class_eval(ARGV[0])' 1`] },
    { name: 'binding.eval', kind: 'eval', examples: [`ruby -e 'binding.eval(ARGV[0])' 1`] },
    { name: 'send', kind: 'reflect', anyReceiver: true, examples: [`ruby -e 'send(ARGV[0].to_sym, "id")' system`] },
    { name: 'public_send', kind: 'reflect', anyReceiver: true, examples: [`ruby -e 'Kernel.public_send(ARGV[0], "id")' system`] },
    { name: '__send__', kind: 'reflect', anyReceiver: true, examples: [`ruby -e '__send__(ARGV[0], "id")' system`] },
    { name: 'method', kind: 'reflect', examples: [`ruby -e 'method(ARGV[0]).call("id")' system`] },
    { name: 'require', kind: 'import', examples: [`ruby -e 'require ARGV[0]' x`] },
    { name: 'load', kind: 'run', examples: [`ruby -e 'load ARGV[0]' x.rb`] },
    { name: 'FileUtils.rm_rf', kind: 'delete', examples: [`ruby -rfileutils -e 'FileUtils.rm_rf(ARGV[0])' /`] },
    { name: 'FileUtils.rm_r', kind: 'delete', examples: [`ruby -rfileutils -e 'FileUtils.rm_r(ARGV[0])' /`] },
    { name: 'FileUtils.remove_dir', kind: 'delete', examples: [`ruby -rfileutils -e 'FileUtils.remove_dir(ARGV[0])' /`] },
    { name: 'FileUtils.remove_entry_secure', kind: 'delete', examples: [`ruby -rfileutils -e 'FileUtils.remove_entry_secure(ARGV[0])' /`] },
    { name: 'Fiddle.dlopen', kind: 'native', examples: [`ruby -rfiddle -e 'Fiddle.dlopen(nil)'`] },
  ],
  perl: [
    { name: 'system', kind: 'shell', args: 'argv', examples: [`perl -e 'system("rm", "-rf", "/")'`] },
    { name: 'exec', kind: 'shell', args: 'argv', examples: [`perl -e 'exec "rm -rf ~"'`] },
    { name: 'open', kind: 'shell', examples: [`perl -e 'open(my $f, "-|", "rm", "-rf", "~")'`] },
    { name: 'readpipe', kind: 'shell', examples: [`perl -e 'print readpipe("rm -rf ~")'`] },
    { name: 'syscall', kind: 'native', examples: [`perl -e 'syscall(59, 0)'`] },
    { name: 'eval', kind: 'eval', examples: [`perl -e 'my $s = shift; eval $s' 1`] },
    { name: 'do', kind: 'run', examples: [`perl -e 'do $ARGV[0]' x.pl`] },
    { name: 'require', kind: 'run', examples: [`perl -e 'require $ARGV[0]' x.pl`] },
    { name: 'rmtree', kind: 'delete', examples: [`perl -MFile::Path -e 'rmtree($ARGV[0])' /`] },
    { name: 'remove_tree', kind: 'delete', examples: [`perl -MFile::Path=remove_tree -e 'remove_tree($ARGV[0])' /`] },
  ],
  php: [
    { name: 'system', kind: 'shell', examples: [`php -r 'system("rm -rf ~");'`] },
    { name: 'exec', kind: 'shell', examples: [`php -r 'exec("rm -rf ~");'`] },
    { name: 'shell_exec', kind: 'shell', examples: [`php -r 'shell_exec($argv[1]);' id`] },
    { name: 'passthru', kind: 'shell', examples: [`php -r 'passthru("rm -rf ~");'`] },
    { name: 'popen', kind: 'shell', examples: [`php -r 'popen("rm -rf ~", "r");'`] },
    { name: 'proc_open', kind: 'shell', examples: [`php -r 'proc_open("rm -rf ~", [], $p);'`] },
    { name: 'pcntl_exec', kind: 'shell', args: 'argv', examples: [`php -r 'pcntl_exec("/bin/rm", ["-rf", "~"]);'`] },
    { name: 'eval', kind: 'eval', examples: [`php -r 'eval(file_get_contents("/tmp/p.php"));'`] },
    { name: 'assert', kind: 'eval', examples: [`php -r 'assert($argv[1]);' 1`] },
    { name: 'create_function', kind: 'eval', examples: [`php -r 'create_function("", $argv[1]);' 1`] },
    { name: 'call_user_func', kind: 'reflect', examples: [`php -r 'call_user_func($argv[1], "id");' system`] },
    { name: 'call_user_func_array', kind: 'reflect', examples: [`php -r 'call_user_func_array($argv[1], ["id"]);' system`] },
    { name: 'include', kind: 'run', examples: [`php -r 'include $argv[1];' x.php`] },
    { name: 'require', kind: 'run', examples: [`php -r 'require $argv[1];' x.php`] },
    { name: 'include_once', kind: 'run', examples: [`php -r 'include_once $argv[1];' x.php`] },
    { name: 'require_once', kind: 'run', examples: [`php -r 'require_once $argv[1];' x.php`] },
    { name: 'FFI.load', kind: 'native', examples: [`php -r 'FFI::load("/tmp/x.h");'`] },
    { name: 'dl', kind: 'native', examples: [`php -r 'dl("x.so");'`] },
    { name: 'ReflectionFunction', kind: 'reflect', examples: [`php -r '(new ReflectionFunction($argv[1]))->invoke("id");' system`] },
    { name: 'FFI.cdef', kind: 'native', examples: [`php -r 'FFI::cdef("int system(const char *c);")->system("id");'`] },
  ],
  lua: [
    { name: 'os.execute', kind: 'shell', examples: [`lua -e 'os.execute("rm -rf " .. "~")'`] },
    { name: 'io.popen', kind: 'shell', examples: [`lua -e 'io.popen("rm -rf ~")'`] },
    { name: 'load', kind: 'eval', examples: [`lua -e 'load(io.read("a"))()'`] },
    { name: 'loadstring', kind: 'eval', examples: [`lua -e 'loadstring(arg[1])()' 1`] },
    { name: 'dofile', kind: 'run', examples: [`lua -e 'dofile(arg[1])' x.lua`] },
    { name: 'loadfile', kind: 'run', examples: [`lua -e 'loadfile(arg[1])()' x.lua`] },
    { name: 'require', kind: 'import', examples: [`lua -e 'require(arg[1])' x`] },
    { name: 'package.loadlib', kind: 'native', examples: [`lua -e 'package.loadlib("/tmp/x.so", "f")()'`] },
  ],
  awk: [
    { name: 'system', kind: 'shell', examples: [`awk 'BEGIN { system("rm -rf ~") }'`] },
    { name: 'getline', kind: 'shell', examples: [`awk 'BEGIN { "rm -rf ~" | getline }'`] },
    { name: 'print |', kind: 'shell', examples: [`awk '{ print | "sh" }' cmds.txt`] },
  ],
  r: [
    { name: 'system', kind: 'shell', examples: [`Rscript -e 'system("rm -rf ~")'`] },
    { name: 'system2', kind: 'shell', args: 'argv', examples: [`Rscript -e 'system2("rm", c("-rf", "~"))'`] },
    { name: 'shell', kind: 'shell', examples: [`Rscript -e 'shell("rm -rf ~")'`] },
    { name: 'eval', kind: 'eval', examples: [`Rscript -e 'eval(parse(text = commandArgs(TRUE)[1]))' 1`] },
    { name: 'source', kind: 'run', examples: [`Rscript -e 'source(commandArgs(TRUE)[1])' x.R`] },
    { name: 'unlink', kind: 'delete', needs: 'recursive', examples: [`Rscript -e 'unlink(commandArgs(TRUE)[1], recursive = TRUE)' /`] },
  ],
};

/**
 * Calls that return a fresh temporary path, per language: the code's own scratch folder, judged as
 * `$(mktemp -d)` is in the shell (deleting it later in the same code is ordinary clean-up). A name
 * bound to one (`d = tempfile.mkdtemp()`, `with tempfile.TemporaryDirectory() as d`, `Dir.mktmpdir
 * do |d|`) holds that path, and a path joined below it stays inside it. The system's temporary
 * folder itself (`tempfile.gettempdir()`, `os.tmpdir()`) is not fresh and is not here.
 */
export const FRESH_TEMP_PATHS: Record<CodeLang, { names: string[]; example: string }> = {
  python: {
    names: ['tempfile.mkdtemp', 'tempfile.TemporaryDirectory', 'tempfile.TemporaryDirectory.name', 'tempfile.NamedTemporaryFile.name'],
    example: `python3 -c 'import tempfile, shutil; d = tempfile.mkdtemp(); shutil.rmtree(d)'`,
  },
  js: {
    names: ['fs.mkdtempSync', 'fs.mkdtemp', 'fs.promises.mkdtemp', 'Deno.makeTempDirSync', 'Deno.makeTempDir'],
    example: `node -e 'const fs = require("fs"); const d = fs.mkdtempSync("t-"); fs.rmSync(d, { recursive: true })'`,
  },
  ruby: { names: ['Dir.mktmpdir'], example: `ruby -e 'require "tmpdir"; require "fileutils"; d = Dir.mktmpdir; FileUtils.rm_rf(d)'` },
  perl: {
    names: ['tempdir', 'File.Temp.tempdir', 'File.Temp.newdir'],
    example: `perl -MFile::Temp=tempdir -MFile::Path=remove_tree -e '$d = tempdir(); remove_tree($d)'`,
  },
  php: { names: ['tempnam'], example: `php -r '$f = tempnam(sys_get_temp_dir(), "t"); system("rm -rf " . $f);'` },
  lua: { names: ['os.tmpname'], example: `lua -e 'local f = os.tmpname(); os.execute("rm -rf " .. f)'` },
  awk: { names: [], example: '' },
  r: { names: ['tempfile', 'tempdir'], example: `Rscript -e 'd = tempfile(); dir.create(d); unlink(d, recursive = TRUE)'` },
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
