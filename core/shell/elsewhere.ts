// Programs that run a command somewhere else: in a container, a pod, a dyno, a VM or a machine
// reached over the network (`docker exec app env`, `kubectl exec api-0 -- cat /app/.env`,
// `heroku run printenv`, `fly ssh console -C env`), or here with secrets put into its environment
// (`doppler run -- npm start`, `op run -- env`). The analysis (analyze.ts) runs what they run
// through itself, like any other command, so every guard judges it:
//
// - `remote` and `container`: the files are that environment's, not ours (no working folder of ours;
//   writes there are not writes outside this project), but its secrets are secrets: an environment
//   dump there prints that environment's tokens, a `.env` there is secret by its name, a `rm -rf /`
//   there destroys a running service (judged like `ssh host rm -rf /`). A fresh container (`docker run`)
//   is judged the same way: the guard cannot see every mount (compose files, --volumes-from), and
//   nothing ordinary deletes `/` in one. The host paths a container mounts (`-v "$PWD":/w`) are mapped
//   back: `/w/.env` inside is the project's `.env`, `rm -rf /w` deletes the project.
// - `here`: this machine, this folder (secret injectors, toolbox and distrobox, which share the home).
//   With `secrets`, the command's environment holds the injected secrets.
//
// One row per program and subcommand; each row has examples (test/elsewhere.test.ts runs them).

import type { Value } from './model';
import { DOCKER_RUN_TAKES } from '../programs/docker';

export type Where = 'remote' | 'container' | 'here';

export interface LauncherRow {
  names: string[];
  /** Options with a value before the subcommand (`docker -H host exec`, `kubectl --context dev exec`). */
  globalTakes?: string[];
  /** Words after the program (and its global options) that select the row; options may come between them. */
  sub: string[];
  /** Options that take a value after the subcommand (and, with `interspersed`, anywhere before `--`). */
  takes?: string[];
  /** Options whose value is a command line run by a shell there (`fly ssh console -C 'env'`). */
  text?: string[];
  /** Operands that name the place before the command (`docker exec CONTAINER …`: 1). */
  targets?: number;
  /** Options may follow the operands until `--` (cobra, oclif: `kubectl exec api-0 -c app -- env`, `heroku run env -a app`). */
  interspersed?: boolean;
  /** The command starts right after the places, even a word that looks like an option (`docker run IMAGE -c x`: POSIX order). */
  strict?: boolean;
  /** The command is only what follows `--` (`chamber exec svc1 svc2 -- cmd`); the operands before are places. */
  dash?: boolean;
  /** How the operands after the places run: as an argv (exec'd as is), or joined by spaces into a line a shell runs there. */
  command: 'argv' | 'shell' | 'none';
  where: Where;
  /** The command's environment holds secrets the launcher put there (doppler run, op run, aws-vault exec). */
  secrets?: boolean;
  /** Stdin reaches the command: always, or when one of these flags is given (`docker exec -i`). */
  stdin?: true | string[];
  /** Options whose value mounts a host path: `-v HOST:INSIDE[:ro]` (`volume`) or `--mount type=bind,src=…,dst=…` (`mount`). */
  mounts?: Record<string, 'volume' | 'mount'>;
  /** Options whose value is the command's working folder inside (`-w /w`). */
  workdir?: string[];
  /** Options whose value replaces the image's entrypoint (`--entrypoint sh`): the program the operands are given to. */
  entrypoint?: string[];
  /** The row does not apply when one of these flags is present (`envchain --set`). */
  unless?: string[];
  /** Each example: a command and what it runs there (argv joined by spaces, or the shell line), or null for nothing. */
  examples: { command: string; runs: string | null }[];
}

const DOCKER_EXEC_TAKES = ['-u', '--user', '-w', '--workdir', '-e', '--env', '--env-file', '--detach-keys'];
const DOCKER_GLOBAL = ['-H', '--host', '--context', '-c', '--config', '-l', '--log-level', '--url', '--connection', '--root', '--runroot', '-n', '--namespace'];
const COMPOSE_GLOBAL = ['-f', '--file', '-p', '--project-name', '--project-directory', '--env-file', '--profile', '--ansi', '--progress', '--parallel'];
const COMPOSE_EXEC_TAKES = ['-u', '--user', '-w', '--workdir', '-e', '--env', '--index'];
const COMPOSE_RUN_TAKES = [
  ...COMPOSE_EXEC_TAKES,
  '-v',
  '--volume',
  '-p',
  '--publish',
  '--name',
  '--entrypoint',
  '-l',
  '--label',
  '--cap-add',
  '--cap-drop',
  '--pull',
];
const STDIN_FLAGS = ['-i', '--interactive'];
const RUN_MOUNTS: Record<string, 'volume' | 'mount'> = { '-v': 'volume', '--volume': 'volume', '--mount': 'mount' };
const KUBE_TAKES = [
  '-c',
  '--container',
  '-n',
  '--namespace',
  '--context',
  '--kubeconfig',
  '--cluster',
  '--user',
  '-s',
  '--server',
  '--token',
  '--as',
  '--as-group',
  '--request-timeout',
  '--pod-running-timeout',
  '-f',
  '--filename',
  '-l',
  '--selector',
];
const KUBE_DEBUG_TAKES = [...KUBE_TAKES, '--image', '--target', '--profile', '--copy-to', '--env', '--image-pull-policy', '--custom', '--set-image'];
const KUBE_RUN_TAKES = [
  ...KUBE_TAKES,
  '--image',
  '--restart',
  '--env',
  '--labels',
  '--port',
  '--overrides',
  '--image-pull-policy',
  '--serviceaccount',
  '--annotations',
];
const HEROKU_TAKES = ['-a', '--app', '-r', '--remote', '-s', '--size', '-e', '--env', '--type'];

const docker = (names: string[], sub: string[]): LauncherRow[] => [
  {
    names,
    globalTakes: DOCKER_GLOBAL,
    sub: [...sub, 'exec'],
    takes: DOCKER_EXEC_TAKES,
    targets: 1,
    strict: true,
    command: 'argv',
    where: 'container',
    stdin: STDIN_FLAGS,
    examples: [
      { command: `${names[0]} ${[...sub, 'exec'].join(' ')} -it -u root app env`, runs: 'env' },
      { command: `${names[0]} ${[...sub, 'exec'].join(' ')} -w /app app npm test`, runs: 'npm test' },
    ],
  },
  {
    names,
    globalTakes: DOCKER_GLOBAL,
    sub: [...sub, 'run'],
    takes: DOCKER_RUN_TAKES,
    targets: 1,
    strict: true,
    command: 'argv',
    where: 'container',
    stdin: STDIN_FLAGS,
    mounts: RUN_MOUNTS,
    workdir: ['-w', '--workdir'],
    entrypoint: ['--entrypoint'],
    examples: [
      { command: `${names[0]} ${[...sub, 'run'].join(' ')} --rm -v "$PWD":/w alpine cat /w/.env`, runs: 'cat /project/.env' },
      { command: `${names[0]} ${[...sub, 'run'].join(' ')} --rm nginx`, runs: null },
      { command: `${names[0]} ${[...sub, 'run'].join(' ')} --rm --entrypoint sh alpine -c env`, runs: 'sh -c env' },
      { command: `${names[0]} ${[...sub, 'run'].join(' ')} --rm postgres:16 -c shared_buffers=256MB`, runs: '-c shared_buffers=256MB' },
    ],
  },
];

const compose = (names: string[], sub: string[]): LauncherRow[] => [
  {
    names,
    globalTakes: DOCKER_GLOBAL,
    sub: [...sub, 'exec'],
    takes: [...COMPOSE_GLOBAL, ...COMPOSE_EXEC_TAKES],
    targets: 1,
    strict: true,
    command: 'argv',
    where: 'container',
    // compose exec and run attach stdin (`docker compose exec -T db psql < dump.sql`).
    stdin: true,
    examples: [{ command: `${names[0]} ${[...sub, 'exec'].join(' ')} -T app printenv`, runs: 'printenv' }],
  },
  {
    names,
    globalTakes: DOCKER_GLOBAL,
    sub: [...sub, 'run'],
    takes: [...COMPOSE_GLOBAL, ...COMPOSE_RUN_TAKES],
    targets: 1,
    strict: true,
    command: 'argv',
    where: 'container',
    stdin: true,
    mounts: { '-v': 'volume', '--volume': 'volume' },
    workdir: ['-w', '--workdir'],
    entrypoint: ['--entrypoint'],
    examples: [{ command: `${names[0]} ${[...sub, 'run'].join(' ')} --rm web rails db:migrate`, runs: 'rails db:migrate' }],
  },
];

const gcloudSsh = (sub: string[]): LauncherRow => ({
  names: ['gcloud'],
  globalTakes: ['--project', '--account', '--configuration', '--verbosity'],
  sub,
  takes: ['--zone', '--project', '--ssh-key-file', '--ssh-flag', '--strict-host-key-checking', '--container', '--worker', '--account'],
  text: ['--command'],
  targets: 1,
  command: 'none',
  where: 'remote',
  examples: [{ command: `gcloud ${sub.join(' ')} vm-1 --zone us-central1-a --command 'printenv'`, runs: 'printenv' }],
});

export const LAUNCHERS: LauncherRow[] = [
  ...docker(['docker', 'podman', 'nerdctl', 'finch'], []),
  ...docker(['docker', 'podman', 'nerdctl', 'finch'], ['container']),
  ...compose(['docker', 'podman', 'nerdctl', 'finch'], ['compose']),
  ...compose(['docker-compose', 'podman-compose'], []),
  {
    names: ['kubectl', 'oc'],
    globalTakes: KUBE_TAKES,
    sub: ['exec'],
    takes: KUBE_TAKES,
    targets: 1,
    interspersed: true,
    command: 'argv',
    where: 'container',
    stdin: ['-i', '--stdin'],
    examples: [
      { command: 'kubectl --context dev exec api-0 -- env', runs: 'env' },
      { command: 'kubectl exec -it api-0 -c app -- cat /app/.env', runs: 'cat /app/.env' },
      { command: 'oc exec api-0 -- ls /app', runs: 'ls /app' },
    ],
  },
  {
    names: ['kubectl', 'oc'],
    globalTakes: KUBE_TAKES,
    sub: ['debug'],
    takes: KUBE_DEBUG_TAKES,
    targets: 1,
    interspersed: true,
    command: 'argv',
    where: 'container',
    stdin: ['-i', '--stdin'],
    examples: [{ command: 'kubectl debug -it api-0 --image=busybox --target=api -- env', runs: 'env' }],
  },
  {
    // A new pod: what follows `--` is its command (or its image's arguments).
    names: ['kubectl', 'oc'],
    globalTakes: KUBE_TAKES,
    sub: ['run'],
    takes: KUBE_RUN_TAKES,
    targets: 1,
    interspersed: true,
    dash: true,
    command: 'argv',
    where: 'container',
    stdin: ['-i', '--stdin'],
    examples: [
      { command: 'kubectl run tmp --rm -it --image=busybox --restart=Never -- printenv', runs: 'printenv' },
      { command: 'kubectl run web --image=nginx --port=80', runs: null },
    ],
  },
  {
    names: ['oc'],
    globalTakes: KUBE_TAKES,
    sub: ['rsh'],
    takes: [...KUBE_TAKES, '--shell'],
    targets: 1,
    strict: true,
    command: 'argv',
    where: 'container',
    examples: [{ command: 'oc rsh api-0 env', runs: 'env' }],
  },
  {
    names: ['crictl'],
    globalTakes: ['-r', '--runtime-endpoint', '-i', '--image-endpoint', '-c', '--config', '-t', '--timeout'],
    sub: ['exec'],
    takes: ['--timeout'],
    targets: 1,
    strict: true,
    command: 'argv',
    where: 'container',
    stdin: ['-i', '--interactive'],
    examples: [{ command: 'crictl exec -it 1f2e env', runs: 'env' }],
  },
  {
    names: ['lxc', 'incus'],
    globalTakes: ['--project'],
    sub: ['exec'],
    takes: ['--env', '--cwd', '--user', '--group', '--mode', '--project'],
    targets: 1,
    command: 'argv',
    where: 'container',
    stdin: true,
    examples: [
      { command: 'lxc exec web -- env', runs: 'env' },
      { command: 'incus exec web --cwd /srv -- ls', runs: 'ls' },
    ],
  },
  {
    names: ['lxc-attach'],
    sub: [],
    takes: [
      '-n',
      '--name',
      '-P',
      '--lxcpath',
      '-s',
      '--namespaces',
      '-v',
      '--set-var',
      '-e',
      '--elevated-privileges',
      '-a',
      '--arch',
      '-o',
      '--logfile',
      '-l',
      '--logpriority',
    ],
    command: 'argv',
    where: 'container',
    stdin: true,
    examples: [{ command: 'lxc-attach -n web -- printenv', runs: 'printenv' }],
  },
  {
    names: ['systemd-nspawn'],
    sub: [],
    takes: [
      '-D',
      '--directory',
      '-i',
      '--image',
      '-M',
      '--machine',
      '-u',
      '--user',
      '--chdir',
      '--bind',
      '--bind-ro',
      '-E',
      '--setenv',
      '--network-bridge',
      '--private-users',
      '--uuid',
      '-S',
      '--slice',
    ],
    command: 'argv',
    where: 'container',
    stdin: true,
    examples: [{ command: 'systemd-nspawn -D /var/lib/machines/deb env', runs: 'env' }],
  },
  {
    names: ['heroku'],
    sub: ['run'],
    takes: HEROKU_TAKES,
    interspersed: true,
    command: 'shell',
    where: 'remote',
    stdin: true,
    examples: [
      { command: 'heroku run printenv -a myapp', runs: 'printenv' },
      { command: "heroku run 'rails db:migrate' --app myapp", runs: 'rails db:migrate' },
    ],
  },
  {
    names: ['heroku'],
    sub: ['run:detached'],
    takes: HEROKU_TAKES,
    interspersed: true,
    command: 'shell',
    where: 'remote',
    examples: [{ command: 'heroku run:detached rake jobs:work -a myapp', runs: 'rake jobs:work' }],
  },
  {
    // Runs here with the app's .env loaded.
    names: ['heroku'],
    sub: ['local:run'],
    takes: ['-e', '--env', '-p', '--port'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'heroku local:run npm test', runs: 'npm test' }],
  },
  {
    names: ['fly', 'flyctl'],
    sub: ['ssh', 'console'],
    takes: ['-a', '--app', '-r', '--region', '-u', '--user', '--machine', '-g', '--process-group', '-A', '--address', '-c', '--config', '-o', '--org'],
    text: ['-C', '--command'],
    command: 'none',
    where: 'remote',
    examples: [
      { command: 'fly ssh console -C env', runs: 'env' },
      { command: "flyctl ssh console -a myapp --command 'cat /app/.env'", runs: 'cat /app/.env' },
      { command: 'fly ssh console', runs: null },
    ],
  },
  {
    names: ['fly', 'flyctl'],
    sub: ['machine', 'exec'],
    takes: ['-a', '--app', '-c', '--config', '--timeout'],
    targets: 1,
    command: 'shell',
    where: 'remote',
    examples: [{ command: "fly machine exec 148e1 'printenv'", runs: 'printenv' }],
  },
  gcloudSsh(['compute', 'ssh']),
  gcloudSsh(['beta', 'compute', 'ssh']),
  gcloudSsh(['compute', 'tpus', 'tpu-vm', 'ssh']),
  {
    names: ['gcloud'],
    sub: ['cloud-shell', 'ssh'],
    takes: ['--ssh-key-file', '--ssh-flag'],
    text: ['--command'],
    command: 'none',
    where: 'remote',
    examples: [{ command: "gcloud cloud-shell ssh --command 'env'", runs: 'env' }],
  },
  {
    names: ['aws'],
    globalTakes: ['--profile', '--region', '--output', '--endpoint-url'],
    sub: ['ecs', 'execute-command'],
    takes: ['--cluster', '--task', '--container', '--region', '--profile'],
    text: ['--command'],
    command: 'none',
    where: 'container',
    examples: [{ command: 'aws ecs execute-command --cluster c --task t --container app --interactive --command "printenv"', runs: 'printenv' }],
  },
  {
    names: ['az'],
    sub: ['container', 'exec'],
    takes: ['-g', '--resource-group', '-n', '--name', '--container-name', '--subscription'],
    text: ['--exec-command'],
    command: 'none',
    where: 'container',
    examples: [{ command: 'az container exec -g rg -n app --exec-command "env"', runs: 'env' }],
  },
  {
    names: ['az'],
    sub: ['vm', 'run-command', 'invoke'],
    takes: ['-g', '--resource-group', '-n', '--name', '--command-id', '--subscription', '--parameters', '--ids'],
    text: ['--scripts'],
    command: 'none',
    where: 'remote',
    examples: [{ command: "az vm run-command invoke -g rg -n vm1 --command-id RunShellScript --scripts 'cat /etc/app/.env'", runs: 'cat /etc/app/.env' }],
  },
  {
    names: ['vagrant'],
    sub: ['ssh'],
    takes: [],
    text: ['-c', '--command'],
    command: 'none',
    where: 'remote',
    examples: [{ command: "vagrant ssh web -c 'printenv'", runs: 'printenv' }],
  },
  {
    names: ['multipass'],
    sub: ['exec'],
    takes: ['-d', '--working-directory'],
    targets: 1,
    command: 'argv',
    where: 'remote',
    stdin: true,
    examples: [{ command: 'multipass exec dev -- env', runs: 'env' }],
  },
  {
    names: ['limactl'],
    sub: ['shell'],
    takes: ['--workdir', '--shell'],
    targets: 1,
    strict: true,
    command: 'argv',
    where: 'remote',
    stdin: true,
    examples: [{ command: 'limactl shell default printenv', runs: 'printenv' }],
  },
  {
    names: ['lima'],
    sub: [],
    takes: ['--workdir', '--shell'],
    command: 'argv',
    where: 'remote',
    stdin: true,
    examples: [{ command: 'lima nerdctl ps', runs: 'nerdctl ps' }],
  },
  {
    names: ['colima'],
    sub: ['ssh'],
    takes: ['-p', '--profile'],
    command: 'argv',
    where: 'remote',
    stdin: true,
    examples: [{ command: 'colima ssh -- env', runs: 'env' }],
  },
  {
    names: ['minikube'],
    sub: ['ssh'],
    takes: ['-n', '--node', '-p', '--profile'],
    command: 'shell',
    where: 'remote',
    examples: [{ command: 'minikube ssh -- printenv', runs: 'printenv' }],
  },
  {
    names: ['docker-machine'],
    sub: ['ssh'],
    targets: 1,
    strict: true,
    command: 'shell',
    where: 'remote',
    examples: [{ command: 'docker-machine ssh dev env', runs: 'env' }],
  },
  {
    names: ['adb'],
    globalTakes: ['-s', '-t', '-H', '-P', '-L'],
    sub: ['shell'],
    takes: ['-e'],
    command: 'shell',
    where: 'remote',
    examples: [{ command: 'adb -s emulator-5554 shell printenv', runs: 'printenv' }],
  },
  {
    names: ['adb'],
    globalTakes: ['-s', '-t', '-H', '-P', '-L'],
    sub: ['exec-out'],
    command: 'shell',
    where: 'remote',
    examples: [{ command: 'adb exec-out cat /data/local/tmp/.env', runs: 'cat /data/local/tmp/.env' }],
  },
  {
    names: ['tsh'],
    sub: ['ssh'],
    takes: ['-l', '--login', '-p', '--port', '--proxy', '--cluster', '--user', '-L', '--forward', '-o', '--option'],
    targets: 1,
    command: 'shell',
    where: 'remote',
    examples: [{ command: 'tsh ssh root@db-1 printenv', runs: 'printenv' }],
  },
  {
    names: ['mosh'],
    sub: [],
    takes: ['--ssh', '-p', '--port', '--server', '--client', '--predict', '--family', '--bind-server'],
    targets: 1,
    strict: true,
    command: 'shell',
    where: 'remote',
    examples: [{ command: 'mosh deploy@host.example.com -- env', runs: 'env' }],
  },
  {
    names: ['ddev'],
    sub: ['exec'],
    takes: ['-s', '--service', '-d', '--dir'],
    command: 'shell',
    where: 'container',
    examples: [{ command: 'ddev exec printenv', runs: 'printenv' }],
  },
  {
    names: ['lando'],
    sub: ['ssh'],
    takes: ['-s', '--service', '-u', '--user'],
    text: ['-c', '--command'],
    command: 'none',
    where: 'container',
    examples: [{ command: "lando ssh -s appserver -c 'env'", runs: 'env' }],
  },
  {
    names: ['devcontainer'],
    sub: ['exec'],
    takes: ['--workspace-folder', '--container-id', '--id-label', '--config', '--remote-env', '--docker-path', '--log-level'],
    command: 'argv',
    where: 'container',
    stdin: true,
    examples: [{ command: 'devcontainer exec --workspace-folder . printenv', runs: 'printenv' }],
  },
  {
    // WSL: the operands run by the distribution's shell (`-e` runs them without one: the same program).
    names: ['wsl', 'wsl.exe'],
    sub: [],
    takes: [
      '-d',
      '--distribution',
      '-u',
      '--user',
      '--cd',
      '--shell-type',
      '--set-default-version',
      '-s',
      '--set-default',
      '--set-version',
      '-t',
      '--terminate',
      '--unregister',
      '--export',
      '--import',
      '--mount',
      '--unmount',
      '--install',
    ],
    command: 'shell',
    where: 'remote',
    stdin: true,
    examples: [
      { command: 'wsl -e printenv', runs: 'printenv' },
      { command: 'wsl -d Ubuntu -- cat /etc/os-release', runs: 'cat /etc/os-release' },
      { command: 'wsl --list --verbose', runs: null },
    ],
  },
  {
    // distrobox and toolbox share the home and the working folder with this machine: judged here.
    names: ['distrobox'],
    sub: ['enter'],
    takes: ['-n', '--name', '-a', '--additional-flags'],
    dash: true,
    command: 'argv',
    where: 'here',
    stdin: true,
    examples: [{ command: 'distrobox enter dev -- printenv', runs: 'printenv' }],
  },
  {
    names: ['distrobox-enter'],
    sub: [],
    takes: ['-n', '--name', '-a', '--additional-flags'],
    dash: true,
    command: 'argv',
    where: 'here',
    stdin: true,
    examples: [{ command: 'distrobox-enter -n dev -- env', runs: 'env' }],
  },
  {
    names: ['toolbox'],
    sub: ['run'],
    takes: ['-c', '--container', '-d', '--distro', '-r', '--release'],
    command: 'argv',
    where: 'here',
    stdin: true,
    examples: [{ command: 'toolbox run -c dev env', runs: 'env' }],
  },
  {
    // Apptainer binds the home and the working folder by default: the command runs on this machine's files.
    names: ['apptainer', 'singularity'],
    sub: ['exec'],
    takes: ['-B', '--bind', '--env', '--env-file', '-H', '--home', '-W', '--workdir', '--pwd', '--overlay', '--mount'],
    targets: 1,
    command: 'argv',
    where: 'here',
    stdin: true,
    examples: [{ command: 'apptainer exec image.sif env', runs: 'env' }],
  },
  {
    names: ['sshpass'],
    sub: [],
    takes: ['-p', '-f', '-d', '-P'],
    command: 'argv',
    where: 'here',
    stdin: true,
    examples: [{ command: 'sshpass -p "$PW" ssh deploy@host.example.com uptime', runs: 'ssh deploy@host.example.com uptime' }],
  },
  // ---- secret injectors: the command runs here with secrets in its environment ----
  {
    names: ['doppler'],
    sub: ['run'],
    takes: [
      '-p',
      '--project',
      '-c',
      '--config',
      '--token',
      '--scope',
      '--configuration',
      '--config-dir',
      '--fallback',
      '--name-transformer',
      '--mount',
      '--mount-format',
      '--mount-template',
      '--mount-max-reads',
      '--api-host',
      '--dashboard-host',
      '--preserve-env',
    ],
    text: ['--command'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [
      { command: 'doppler run -- printenv', runs: 'printenv' },
      { command: 'doppler run -p api -c dev -- npm start', runs: 'npm start' },
      { command: "doppler run --command 'env | sort'", runs: 'env | sort' },
    ],
  },
  {
    names: ['op'],
    sub: ['run'],
    takes: ['--env-file', '--account', '--cache', '--config', '--session', '--encoding'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'op run --env-file .env -- env', runs: 'env' }],
  },
  {
    names: ['infisical'],
    sub: ['run'],
    takes: ['--env', '--path', '--projectId', '--token', '--domain', '--tags', '--watch-fail-threshold', '--project-config-dir'],
    text: ['--command'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [
      { command: 'infisical run --env=prod -- printenv', runs: 'printenv' },
      { command: "infisical run --command 'npm run dev'", runs: 'npm run dev' },
    ],
  },
  {
    names: ['chamber'],
    sub: ['exec'],
    takes: ['-b', '--backend', '--kms-key-alias', '-r', '--retries'],
    dash: true,
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'chamber exec prod api -- env', runs: 'env' }],
  },
  {
    names: ['aws-vault'],
    sub: ['exec'],
    takes: ['-d', '--duration', '--region', '-t', '--mfa-token', '--prompt', '--server-port'],
    targets: 1,
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [
      { command: 'aws-vault exec prod -- env', runs: 'env' },
      { command: 'aws-vault exec prod -- aws s3 ls', runs: 'aws s3 ls' },
    ],
  },
  {
    // sops exec-env FILE 'command': the decrypted values in the environment of a shell command.
    names: ['sops'],
    sub: ['exec-env'],
    takes: ['--user', '--input-type', '--output-type'],
    targets: 1,
    command: 'shell',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: "sops exec-env secrets.enc.json 'printenv'", runs: 'printenv' }],
  },
  {
    names: ['dotenvx'],
    sub: ['run'],
    takes: ['-f', '--env-file', '-e', '--env', '-fk', '--env-keys-file', '--convention'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'dotenvx run -f .env.production -- printenv', runs: 'printenv' }],
  },
  {
    // dotenv-cli: `dotenv -e .env -- cmd` (`-p NAME` prints one value: the effects signature's).
    names: ['dotenv'],
    sub: [],
    takes: ['-e', '-c', '-v', '-f', '--file', '--env-file'],
    unless: ['-p'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'dotenv -e .env -- env', runs: 'env' }],
  },
  {
    names: ['env-cmd'],
    sub: [],
    takes: ['-f', '--file', '-e', '--environments', '-r', '--rc-file'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'env-cmd -f .env printenv', runs: 'printenv' }],
  },
  {
    names: ['direnv'],
    sub: ['exec'],
    targets: 1,
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'direnv exec . env', runs: 'env' }],
  },
  {
    names: ['teller'],
    sub: ['run'],
    takes: ['-c', '--config'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'teller run --reset -- env', runs: 'env' }],
  },
  {
    names: ['envchain'],
    sub: [],
    unless: ['--set', '-s', '--list', '-l', '--unset'],
    targets: 1,
    strict: true,
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [
      { command: 'envchain aws env', runs: 'env' },
      { command: 'envchain --set aws AWS_ACCESS_KEY_ID', runs: null },
    ],
  },
  {
    names: ['summon'],
    sub: [],
    takes: ['-p', '--provider', '-f', '-D', '--environment', '--up'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'summon -f secrets.yml printenv', runs: 'printenv' }],
  },
  {
    names: ['berglas'],
    sub: ['exec'],
    takes: ['--local'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'berglas exec -- env', runs: 'env' }],
  },
  {
    names: ['bws'],
    sub: ['run'],
    takes: ['--project-id', '-t', '--access-token', '--shell', '--server-url'],
    command: 'shell',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'bws run -- printenv', runs: 'printenv' }],
  },
  {
    names: ['railway'],
    sub: ['run'],
    takes: ['-s', '--service', '-e', '--environment'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'railway run printenv', runs: 'printenv' }],
  },
  {
    names: ['vercel'],
    sub: ['env', 'run'],
    takes: ['-e', '--environment', '--git-branch', '--token', '--scope'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'vercel env run -- env', runs: 'env' }],
  },
  {
    names: ['netlify'],
    sub: ['dev:exec'],
    takes: ['--context', '--filter'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'netlify dev:exec printenv', runs: 'printenv' }],
  },
  {
    names: ['foreman', 'honcho', 'forego'],
    sub: ['run'],
    takes: ['-e', '--env', '-f', '--procfile', '-d', '--root'],
    command: 'argv',
    where: 'here',
    secrets: true,
    stdin: true,
    examples: [{ command: 'foreman run env', runs: 'env' }],
  },
];

/** What a launcher runs, read from its arguments. */
export interface Launch {
  row: LauncherRow;
  /** For `via` and messages: the program and its subcommand (`docker exec`, `kubectl exec`). */
  label: string;
  /** The command as an argv, when it is one. */
  argv: Value[] | null;
  /** Command lines a shell runs there (from `-C`, `--command`, or the operands joined). */
  texts: Value[];
  /** The words the shell line is joined from, when some are computed (then it cannot be read). */
  computed: Value | null;
  stdin: boolean;
  /** Host path (as written) → path inside, for `-v HOST:INSIDE` and `--mount type=bind`. */
  mounts: { host: Value; hostText: string; inside: string }[];
  workdir: string | null;
  /** The same launch running another command line (for a denial's `instead`): this + the line, quoted. */
  relaunch: string;
}

let byName: Map<string, LauncherRow[]> | null = null;

function rowsFor(program: string): LauncherRow[] {
  if (!byName) {
    byName = new Map();
    for (const row of LAUNCHERS) for (const n of row.names) byName.set(n, [...(byName.get(n) ?? []), row]);
  }
  return byName.get(program) ?? [];
}

/** Is `t` an option of `list` (exactly, `--opt=value`, or a short one with its value attached)? Returns the value's text when attached. */
function optionOf(t: string, list: string[] | undefined): { name: string; attached: string | null } | null {
  if (!list) return null;
  if (list.includes(t)) return { name: t, attached: null };
  const eq = t.indexOf('=');
  if (t.startsWith('--') && eq > 0 && list.includes(t.slice(0, eq))) return { name: t.slice(0, eq), attached: t.slice(eq + 1) };
  if (!t.startsWith('--') && t.length > 2 && list.includes(t.slice(0, 2))) return { name: t.slice(0, 2), attached: t.slice(2) };
  // -itu root: a bundle of flags whose last letter takes the next word.
  if (/^-[A-Za-z]{2,}$/.test(t) && list.includes(`-${t[t.length - 1]}`)) return { name: `-${t[t.length - 1]}`, attached: null };
  return null;
}

function synthetic(text: string, like: Value): Value {
  return { ...like, known: like.known === null ? null : text, ifUnset: text, possible: [] };
}

/** The mount a `-v` / `--mount` value makes, when its host side is a path (not a named volume). */
function mountOf(kind: 'volume' | 'mount', v: Value): { host: Value; hostText: string; inside: string } | null {
  const t = v.known;
  if (t === null) return null;
  if (kind === 'volume') {
    const parts = t.split(':');
    if (parts.length < 2) return null;
    const host = parts[0]!;
    if (!(host.startsWith('/') || host.startsWith('.') || host.startsWith('~'))) return null;
    return { host: synthetic(host, v), hostText: host, inside: parts[1]! };
  }
  const fields = new Map(
    t.split(',').map((f) => {
      const eq = f.indexOf('=');
      return eq < 0 ? ([f, ''] as [string, string]) : ([f.slice(0, eq), f.slice(eq + 1)] as [string, string]);
    }),
  );
  if (fields.get('type') !== 'bind') return null;
  const host = fields.get('source') ?? fields.get('src');
  const inside = fields.get('target') ?? fields.get('destination') ?? fields.get('dst');
  return host && inside ? { host: synthetic(host, v), hostText: host, inside } : null;
}

/** The command a launcher invocation runs, or null when `program` is not one (or runs nothing). */
export function launched(program: string, args: Value[]): Launch | null {
  const rows = rowsFor(program);
  for (const row of rows) {
    const got = parseRow(row, program, args);
    if (got) return got;
  }
  return null;
}

function parseRow(row: LauncherRow, program: string, args: Value[]): Launch | null {
  let i = 0;
  // Global options, then the subcommand's words (options may come between them: docker compose -f x.yml exec).
  let k = 0;
  while (i < args.length && k < row.sub.length) {
    const t = args[i]!.known;
    if (t === null) return null;
    if (t === row.sub[k]) {
      k++;
      i++;
      continue;
    }
    if (!t.startsWith('-') || t === '--') return null;
    const opt = optionOf(t, k === 0 ? row.globalTakes : [...(row.globalTakes ?? []), ...(row.takes ?? [])]);
    i += opt && opt.attached === null ? 2 : 1;
  }
  if (k < row.sub.length) return null;
  const texts: Value[] = [];
  const places: Value[] = [];
  const command: Value[] = [];
  const flags = new Set<string>();
  const mounts: Launch['mounts'] = [];
  let workdir: string | null = null;
  let entrypoint: Value | null = null;
  let afterDash = false;
  let started = false;
  const takes = row.takes ?? [];
  // The launcher's own words as written (not the command's, not the text option's), for `relaunch`.
  const own: string[] = args.slice(0, i).map((a) => a.word.raw);
  let textName: string | null = null;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const t = a.known;
    if (afterDash || started) {
      // Interspersed options after the command has started are still the launcher's (heroku run env -a app).
      const opt = !afterDash && row.interspersed && t !== null ? optionOf(t, takes) : null;
      if (opt) {
        own.push(a.word.raw);
        if (opt.attached === null && i + 1 < args.length) own.push(args[++i]!.word.raw);
        continue;
      }
      if (!afterDash && t === '--' && row.interspersed) {
        afterDash = true;
        continue;
      }
      command.push(a);
      continue;
    }
    if (t === '--') {
      afterDash = true;
      continue;
    }
    // docker exec CONTAINER -x …: once the places are given, the command starts, whatever its first word.
    const placed = row.strict === true && places.length >= (row.targets ?? 0);
    if (t?.startsWith('-') && t !== '-' && !placed) {
      const textOpt = optionOf(t, row.text);
      if (textOpt) {
        const v = textOpt.attached !== null ? synthetic(textOpt.attached, a) : args[++i];
        if (v) texts.push(v);
        textName = textOpt.name;
        continue;
      }
      const opt = optionOf(t, takes);
      if (opt) {
        own.push(a.word.raw);
        const v = opt.attached !== null ? synthetic(opt.attached, a) : args[++i];
        if (v && opt.attached === null) own.push(v.word.raw);
        const kind = row.mounts?.[opt.name];
        const m = v && kind ? mountOf(kind, v) : null;
        if (m) mounts.push(m);
        if (v && row.workdir?.includes(opt.name)) workdir = v.known;
        if (v && row.entrypoint?.includes(opt.name)) {
          // The image's entrypoint, replaced: it runs with the operands after the image as its arguments.
          entrypoint = v;
          own.splice(own.length - (opt.attached === null ? 2 : 1));
        }
        continue;
      }
      if (/^-[A-Za-z]+$/.test(t)) for (const c of t.slice(1)) flags.add(`-${c}`);
      else flags.add(t.includes('=') ? t.slice(0, t.indexOf('=')) : t);
      // A terminal is not needed to run one line (and `instead` must not be interactive).
      if (!/^-[it]+$/.test(t) && !['--tty', '--interactive', '--stdin'].includes(t)) own.push(a.word.raw);
      continue;
    }
    if (places.length < (row.targets ?? 0) || row.dash || row.command === 'none') {
      places.push(a);
      own.push(a.word.raw);
      continue;
    }
    started = true;
    command.push(a);
  }
  if (row.unless?.some((f) => flags.has(f))) return null;
  // Without `--`, a dash row's operands are all places: it runs nothing.
  const cmd = row.dash && !afterDash ? [] : command;
  if (entrypoint?.known) cmd.unshift(entrypoint);
  // `--` before the places were all given (`lxc exec -- web env` is not a thing; `chamber exec a b -- cmd` is).
  if (afterDash && !row.dash && places.length < (row.targets ?? 0)) places.push(...cmd.splice(0, (row.targets ?? 0) - places.length));
  const label = `${program} ${row.sub.join(' ')}`.trim();
  const stdin = row.stdin === true || (Array.isArray(row.stdin) && row.stdin.some((f) => flags.has(f)));
  let argv: Value[] | null = null;
  let computed: Value | null = null;
  if (cmd.length > 0 && row.command === 'argv') argv = cmd;
  else if (cmd.length > 0 && row.command === 'shell') {
    if (cmd.every((v) => v.known !== null)) texts.push(synthetic(cmd.map((v) => v.known).join(' '), cmd[0]!));
    else computed = cmd.find((v) => v.known === null)!;
  }
  if (!argv && texts.length === 0 && !computed) return null;
  const head = [program, ...own].join(' ');
  const dash = row.dash || row.interspersed || afterDash ? ' --' : '';
  const before = textName ? `${head} ${textName} ` : row.command === 'argv' ? `${head}${dash} sh -c ` : `${head}${dash} `;
  return { row, label, argv, texts, computed, stdin, mounts, workdir, relaunch: before };
}
