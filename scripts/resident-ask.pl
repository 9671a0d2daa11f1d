# Agent Guard: a call asked of the resident analyser, in Perl. The analyser writes this file as
# <cache>/agent-guard/<key>.ask.pl (scripts/code-cache-loader.js writeAskFile, which fills in the
# @...@ values) and the installed command runs it before the Node ask file (core/install/installer.ts
# snapshotFirst): `perl -- <this file> <hook file>`. It keeps every rule of the loader's askResident
# and genuineAnalyser (read them there), at a tenth of the cost: perl starts in ~2 ms where Node
# takes ~20, and only perl's built-ins are used (no module is loaded, so nothing on @INC runs; the
# command empties PERL5OPT and the other variables that would load one, and runs perl -C0).
# Order: connect, check the process that answers (its first line, its pid) through /proc, and only
# then read the call and send it. Exit status: 0 or 2 is the answer; 3 means nothing of the call was
# read. The command goes on to the Node ask file after any other status, with
# AGENT_GUARD_AFTER_SNAPSHOT set: a call whose input is not whole is blocked there. Past the read,
# whatever goes wrong runs the hook file itself with the call, as the command's plain run would.
# Checked by `perl -Mstrict -Mwarnings -c` in test/resident.test.ts.

my $KEY = '@KEY@';
my %STARTUP_VARS = map { $_ => 1 } (@STARTUP_VARS@);
my $SYS_STATX = @SYS_STATX@;
my $O_NOFOLLOW = @O_NOFOLLOW@;
my $O_NONBLOCK = @O_NONBLOCK@;
my $O_PATH = @O_PATH@;
my $SERVE = '--agent-guard-serve';
# As the loader's RESIDENT_WAIT_MS, MAX_REQUEST and MAX_SOCKET_PATH, and the hook's input limit.
my $WAIT = 1.5;
my $MAX_REPLY = 20 * 1024 * 1024;
my $MAX_INPUT = 16 * 1024 * 1024;
my $MAX_SOCKET_PATH = 100;
my ($AF_UNIX, $SOCK_STREAM, $F_GETFL, $F_SETFL, $EAGAIN, $EINTR, $AT_FDCWD) = (1, 1, 3, 4, 11, 4, -100);
# SOL_SOCKET and SO_PEERCRED (the generic values: x64 and arm64, the only ones this file is written for).
my ($SOL_SOCKET, $SO_PEERCRED) = (1, 17);

my $read = 0;
my $input = '';
my $input_done = 1;
my ($node, $file);
$SIG{PIPE} = 'IGNORE';
# The variables the command emptied (so that no module loads, and reads and writes are bytes): not
# part of the call's environment.
for my $name (qw(PERL5OPT PERL5LIB PERLLIB PERLIO PERL_BADLANG PERL_HASH_SEED_DEBUG)) {
  delete $ENV{$name} if defined $ENV{$name} && $ENV{$name} eq '';
}

# Whatever the checks before the read wait on (a /proc read of a process that hangs), they end
# within a bound: then nothing was read, and the call answers itself (exit 3).
$SIG{ALRM} = sub { die "timeout\n" };
alarm 3;
my $status = eval { ask() };
alarm 0;
if (!defined $status) {
  $status = $read ? (eval { itself() } // blocked('the hook could not be run')) : 3;
}
# (For status: the call went on without the analyser, answered by the next step of the command.)
print STDERR "agent-guard: resident not used\n" if $status == 3 && !$read && $ENV{AGENT_GUARD_RESIDENT_TRACE};
exit $status;

sub ask {
  $node = which_node();
  return 3 unless defined $node && defined $ARGV[0] && $ARGV[0] ne '';
  my $cwd = here();
  return 3 unless defined $cwd;
  $file = resolve($cwd, $ARGV[0]);
  my $dir = cache_dir();
  return 3 unless defined $dir;
  my $sock = "$dir/$KEY.sock";
  return 3 unless length($sock) <= $MAX_SOCKET_PATH && trusted_socket($dir, $sock, $cwd);
  socket(my $s, $AF_UNIX, $SOCK_STREAM, 0) or return 3;
  # Non-blocking before connect: a listener that accepts nothing (stopped, say) has a queue that
  # fills, and a blocking connect to it then waits for ever (past the host's limit, which runs the
  # call unchecked); non-blocking, it fails at once (EAGAIN) and the call answers itself.
  my $flags = fcntl($s, $F_GETFL, 0) or return 3;
  fcntl($s, $F_SETFL, $flags | $O_NONBLOCK) or return 3;
  connect($s, pack('S', $AF_UNIX) . $sock) or return 3;
  my $left = $WAIT;
  # The analyser's first line is its pid: nothing of the call goes out before that process is
  # known to be the analyser itself.
  my $head = '';
  while (index($head, "\n") < 0) {
    return 3 if length($head) > 16;
    return 3 unless wait_for($s, 0, \$left);
    my $n = sysread($s, $head, 64, length $head);
    next if !defined $n && ($! + 0 == $EAGAIN || $! + 0 == $EINTR);
    return 3 unless $n;
  }
  my $nl = index($head, "\n");
  my $line = substr($head, 0, $nl);
  return 3 unless $line =~ /\A[0-9]{1,10}\z/ && length($head) == $nl + 1;
  my $pid = $line;
  # The process at the other end of this very connection: the one that called listen() on the socket
  # we reached (SO_PEERCRED), bound under the socket's own name (getpeername). /proc tells which
  # process holds the socket *listed* under that name; a listener bound under another name and
  # renamed over <key>.sock is not that one, and only this tells them apart.
  my $cred = getsockopt($s, $SOL_SOCKET, $SO_PEERCRED);
  return 3 unless defined $cred && length($cred) >= 12;
  my ($peer_pid, $peer_uid) = unpack('l L', $cred);
  return 3 unless $peer_pid == $pid && $peer_uid == $<;
  my $peer = getpeername($s);
  return 3 unless defined $peer && length($peer) > 2;
  my $peer_path = substr($peer, 2);
  $peer_path =~ s/\0.*\z//s;
  return 3 unless $peer_path eq $sock;
  return 3 unless genuine($dir, $sock, $pid, $file, $cwd);
  alarm 0;
  $read = 1;
  read_input();
  return itself() unless $input_done;
  my $env = join(',', map { json($_) . ':' . json($ENV{$_}) } grep { defined $ENV{$_} } sort keys %ENV);
  my $request = '{"v":2,"key":' . json($KEY) . ',"stdin":' . json($input) . ',"env":{' . $env . '},"cwd":' . json($cwd) . ',"file":' . json($file) . '}';
  my $at = 0;
  while ($at < length $request) {
    return itself() unless wait_for($s, 1, \$left);
    my $n = syswrite($s, $request, 65536, $at);
    next if !defined $n && ($! + 0 == $EAGAIN || $! + 0 == $EINTR);
    return itself() unless $n;
    $at += $n;
  }
  shutdown($s, 1) or return itself();
  my $reply = '';
  while (1) {
    return itself() if length($reply) > $MAX_REPLY || !wait_for($s, 0, \$left);
    my $n = sysread($s, $reply, 65536, length $reply);
    next if !defined $n && ($! + 0 == $EAGAIN || $! + 0 == $EINTR);
    return itself() unless defined $n;
    last if $n == 0;
  }
  # "<exit> <stdout bytes> <stderr bytes>\n<stdout><stderr>" (the loader's frame()), exit 0 or 2.
  return itself() unless $reply =~ /\A([02]) ([0-9]{1,9}) ([0-9]{1,9})\n/;
  my ($code, $out, $err, $start) = ($1, $2, $3, $+[0]);
  return itself() unless length($reply) == $start + $out + $err;
  print STDERR "agent-guard: resident used (pid $pid, perl)\n" if $ENV{AGENT_GUARD_RESIDENT_TRACE};
  syswrite_all(\*STDERR, substr($reply, $start + $out, $err));
  syswrite_all(\*STDOUT, substr($reply, $start, $out));
  return $code;
}

# The call answered by the hook file itself, with the input read here (all of it, even past the
# limit, so that the hook sees what it would have seen): exit 0 or 2 is its answer, else blocked.
sub itself {
  print STDERR "agent-guard: resident not used\n" if $ENV{AGENT_GUARD_RESIDENT_TRACE};
  # It answers; it does not ask again (and starts an analyser after its answer, at most once a minute).
  local $ENV{AGENT_GUARD_RESIDENT} = 'want';
  open(my $to, '|-', $node, $file) or return blocked('node could not be started');
  # Unbuffered writes: a buffered one still pending at close, when node has stopped reading (past
  # its input limit), makes close fail and $? say -1 whatever node's answer was.
  my $open = syswrite_all($to, $input);
  if (!$input_done) {
    my $buf;
    while (1) {
      my $n = sysread(STDIN, $buf, 65536);
      last if defined $n && $n == 0;
      next if !defined $n && ($! + 0 == $EAGAIN || $! + 0 == $EINTR) && wait_for(\*STDIN, 0, undef);
      last unless defined $n;
      $open = syswrite_all($to, $buf) if $open;
    }
  }
  close $to;
  my $st = $?;
  return $st >> 8 if ($st & 127) == 0 && ($st >> 8 == 0 || $st >> 8 == 2);
  return blocked('node could not run the hook (exit ' . ($st & 127 ? 128 + ($st & 127) : $st >> 8) . ')');
}

sub blocked {
  my ($why) = @_;
  print STDERR "agent-guard: $why, so Agent Guard checks nothing and blocks every call; to see why, run: agent-guard status\n";
  return 2;
}

# stdin, as the hook reads it: all of it, up to the hook's limit ($input_done false past it).
sub read_input {
  binmode STDIN;
  while (1) {
    my $n = sysread(STDIN, $input, 65536, length $input);
    if (!defined $n) {
      if ($! + 0 == $EAGAIN || $! + 0 == $EINTR) {
        wait_for(\*STDIN, 0, undef);
        next;
      }
      # As the loader's readInput: a stdin that cannot be read is an empty one.
      $input = '';
      return;
    }
    return if $n == 0;
    if (length($input) > $MAX_INPUT) {
      $input_done = 0;
      return;
    }
  }
}

# Waits until $fh can be read (or written, $write) within ${$left} seconds (none: without limit),
# and counts the wait off.
sub wait_for {
  my ($fh, $write, $left) = @_;
  my $bits = '';
  vec($bits, fileno($fh), 1) = 1;
  while (1) {
    return 0 if defined $left && ${$left} <= 0;
    my ($r, $w) = $write ? (undef, $bits) : ($bits, undef);
    my ($n, $rest) = select($r, $w, undef, defined $left ? ${$left} : undef);
    if (defined $left) {
      ${$left} = defined $rest ? $rest : 0;
    }
    return 1 if $n > 0;
    return 0 if $n == 0 || $! + 0 != $EINTR;
  }
}

# All of it, as Node's process.stdout does: a non-blocking descriptor that is full is waited on.
# False when the other end is gone.
sub syswrite_all {
  my ($fh, $bytes) = @_;
  my $at = 0;
  while ($at < length $bytes) {
    my $n = syswrite($fh, $bytes, length($bytes) - $at, $at);
    if (!defined $n && ($! + 0 == $EAGAIN || $! + 0 == $EINTR)) {
      wait_for($fh, 1, undef);
      next;
    }
    return 0 unless $n;
    $at += $n;
  }
  return 1;
}

# A JSON string of bytes: UTF-8 passes as it is (the analyser decodes the request as UTF-8, as the
# Node ask decodes stdin and its environment).
sub json {
  my ($s) = @_;
  $s =~ s/([\\"\x00-\x1f])/sprintf('\\u%04x', ord $1)/ge;
  return '"' . $s . '"';
}

# The node this command runs: the first `node` on PATH that is an executable file (as sh finds it).
sub which_node {
  for my $d (split /:/, (defined $ENV{PATH} ? $ENV{PATH} : ''), -1) {
    my $p = ($d eq '' ? '.' : $d) . '/node';
    return $p if -f $p && -x _;
  }
  return undef;
}

# The working folder, as the Node ask finds it (process.cwd()): none when it was removed.
sub here {
  my $cwd = readlink('/proc/self/cwd');
  return undef unless defined $cwd && $cwd =~ m{\A/} && $cwd !~ / \(deleted\)\z/;
  return $cwd;
}

# path.resolve: absolute, with . and .. and repeated slashes taken out.
sub resolve {
  my ($cwd, $p) = @_;
  $p = "$cwd/$p" unless $p =~ m{\A/};
  my @out;
  for my $part (split m{/+}, $p) {
    next if $part eq '' || $part eq '.';
    if ($part eq '..') {
      pop @out;
    } else {
      push @out, $part;
    }
  }
  return '/' . join('/', @out);
}

# The loader's cacheLocation: XDG_CACHE_HOME, else HOME's .cache (HOME from the password database
# where it is not set), absolute or none.
sub cache_dir {
  my $base = $ENV{XDG_CACHE_HOME};
  if (!defined $base || $base eq '') {
    # (An empty HOME is Node's home too: a relative cache, so none.)
    my $home = defined $ENV{HOME} ? $ENV{HOME} : (getpwuid($<))[7];
    return undef unless defined $home;
    $base = "$home/.cache";
  }
  return undef unless $base =~ m{\A/};
  return resolve('/', "$base/agent-guard");
}

sub owned_private {
  my @st = @_;
  return $st[4] == $< && ($st[2] & 022) == 0;
}

# The loader's trustedDir: ours, not open to others, not a link, and not inside the workspace.
sub trusted_dir {
  my ($dir, $cwd) = @_;
  my @st = lstat($dir);
  return 0 unless @st && -d _ && owned_private(@st);
  my $real = real($dir);
  return 0 unless defined $real;
  # (A copy of the variable: a loop over $ENV{...} itself would make it, undefined.)
  my $project = $ENV{CLAUDE_PROJECT_DIR};
  for my $workspace ($cwd, $project) {
    next unless defined $workspace && $workspace ne '';
    my $root = real($workspace);
    if (!defined $root) {
      # Node resolves what it cannot open; this cannot tell: not to be trusted, unless it is not there.
      return 0 if -e $workspace;
      next;
    }
    return 0 if $root eq '/' || $real eq $root || index($real, "$root/") == 0;
  }
  return 1;
}

# The real path of a file or folder (links resolved), from the descriptor the kernel opened.
sub real {
  my ($p) = @_;
  sysopen(my $fh, $p, $O_PATH) or return undef;
  my $r = readlink('/proc/self/fd/' . fileno($fh));
  close $fh;
  return $r;
}

# The loader's trustedSocket: a socket of ours, private, with one link, in the trusted folder.
sub trusted_socket {
  my ($dir, $sock, $cwd) = @_;
  return 0 unless trusted_dir($dir, $cwd);
  my @st = lstat($sock);
  return @st && -S _ && $st[3] == 1 && $st[4] == $< && ($st[2] & 077) == 0;
}

# The loader's genuineAnalyser: the one socket listening under that name is held by $pid, which
# runs the node this command runs, as exactly `<file> --agent-guard-serve`, with none of Node's
# startup variables, not traced, not stopped, and its file sealed with the same bytes as the call's.
sub genuine {
  my ($dir, $sock, $pid, $file, $cwd) = @_;
  return 0 unless $pid > 1;
  my @named = grep { $_->[1] eq $sock } listening();
  return 0 unless @named == 1;
  return 0 unless holds($pid, "socket:[$named[0][0]]");
  my $proc = "/proc/$pid";
  my @exe = stat("$proc/exe");
  my @ours = stat($node);
  return 0 unless @exe && @ours && $exe[0] == $ours[0] && $exe[1] == $ours[1];
  my $cmdline = slurp("$proc/cmdline");
  return 0 unless defined $cmdline;
  my @argv = split /\0/, $cmdline, -1;
  return 0 unless @argv == 4 && $argv[2] eq $SERVE && $argv[3] eq '';
  my $environ = slurp("$proc/environ");
  return 0 unless defined $environ;
  for my $kv (split /\0/, $environ) {
    my $at = index($kv, '=');
    return 0 if $STARTUP_VARS{$at < 0 ? substr($kv, 0, length($kv) - 1) : substr($kv, 0, $at)};
  }
  my $status = slurp("$proc/status");
  return 0 unless defined $status && $status =~ /^TracerPid:\s+0$/m && $status !~ /^State:\s+[tT]/m;
  my ($theirs, $ours) = seals($dir, $cwd, identity($argv[1]), identity($file));
  return $theirs && $ours && $theirs->[0] eq $ours->[0] && index($theirs->[1], $KEY) == 0;
}

# The Unix sockets listening (flag 0x10000), from /proc/net/unix: each one's inode and name.
sub listening {
  my $text = slurp('/proc/net/unix');
  return () unless defined $text;
  my @out;
  for my $line (split /\n/, $text) {
    next unless $line =~ /^\s*[0-9a-fA-F]+: [0-9a-fA-F]+ [0-9a-fA-F]+ ([0-9a-fA-F]+) [0-9a-fA-F]+ [0-9a-fA-F]+ +([0-9]+)(?: (.*))?$/;
    push @out, [$2, defined $3 ? $3 : ''] if hex($1) & 0x10000;
  }
  return @out;
}

sub holds {
  my ($pid, $target) = @_;
  opendir(my $d, "/proc/$pid/fd") or return 0;
  for my $fd (readdir $d) {
    my $link = readlink("/proc/$pid/fd/$fd");
    return 1 if defined $link && $link eq $target;
  }
  return 0;
}

sub slurp {
  my ($p) = @_;
  open(my $fh, '<', $p) or return undef;
  binmode $fh;
  local $/;
  my $text = <$fh>;
  return $text;
}

# The loader's identity(): what any write to a file changes, from statx (perl's stat has no
# nanoseconds), with st_dev as glibc makes it from the major and minor numbers (as Node reports it).
sub identity {
  my ($path) = @_;
  return undef unless defined $path;
  my $buf = "\0" x 256;
  my $r = syscall($SYS_STATX, $AT_FDCWD, $path, 0, 0x7ff, $buf);
  return undef unless $r == 0;
  my @f = unpack('L L Q L L L S S Q Q Q Q q L l q L l q L l q L l L L L L', $buf);
  my ($ino, $size) = @f[8, 9];
  my ($ctime, $ctime_ns, $mtime, $mtime_ns) = @f[18, 19, 21, 22];
  my ($major, $minor) = @f[26, 27];
  my $dev = (($major & 0xfffff000) << 32) | (($major & 0xfff) << 8) | (($minor & 0xffffff00) << 12) | ($minor & 0xff);
  return join(':', $dev, $ino, $size, $mtime * 1000000000 + $mtime_ns, $ctime * 1000000000 + $ctime_ns);
}

# The seal's file and code hashes for each identity (the loader's sealsOf: a private file of ours,
# one link, in the trusted folder).
sub seals {
  my ($dir, $cwd, @ids) = @_;
  return map { undef } @ids unless trusted_dir($dir, $cwd) && sysopen(my $fh, "$dir/$KEY.seal", $O_NOFOLLOW | $O_NONBLOCK);
  my @st = stat($fh);
  return map { undef } @ids unless @st && -f _ && $st[3] == 1 && owned_private(@st);
  binmode $fh;
  local $/;
  my $text = <$fh>;
  $text = '' unless defined $text;
  return map {
    my $id = $_;
    defined $id && $text =~ /^\Q$id\E ([0-9a-f]{64}) ([0-9a-f]{64})$/m ? [$1, $2] : undef;
  } @ids;
}
