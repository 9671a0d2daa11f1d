// Containers: files the CLI reads by itself.
import type { ProgramSpec } from './types';

const COMPOSE_SAFE = ['--no-interpolate', '--services', '--volumes', '--images', '--profiles', '--networks', '--hash', '-q', '--quiet', '--format'];
/** docker compose's own options before its subcommand (`docker compose --env-file .env config`). */
const COMPOSE_GLOBAL = ['-f', '--file', '-p', '--project-name', '--env-file', '--profile', '--project-directory', '--ansi', '--progress', '--parallel'];
/** docker/podman/nerdctl run options that take a value (per `docker run --help`); core/shell/elsewhere.ts reads the command they run. */
export const DOCKER_RUN_TAKES = [
  '-e',
  '--env',
  '--env-file',
  '-v',
  '--volume',
  '-p',
  '--publish',
  '--name',
  '-w',
  '--workdir',
  '--network',
  '--net',
  '--entrypoint',
  '-u',
  '--user',
  '-l',
  '--label',
  '--label-file',
  '--mount',
  '--platform',
  '--cpus',
  '-m',
  '--memory',
  '--memory-swap',
  '--cpu-shares',
  '--restart',
  '--add-host',
  '--device',
  '--dns',
  '-h',
  '--hostname',
  '--ulimit',
  '--cap-add',
  '--cap-drop',
  '--security-opt',
  '--log-driver',
  '--log-opt',
  '--pull',
  '--gpus',
  '--shm-size',
  '--tmpfs',
  '--volumes-from',
  '--link',
  '--ipc',
  '--pid',
  '--cidfile',
  '--expose',
  '--runtime',
  '--stop-signal',
  '--stop-timeout',
  '--userns',
  '--uts',
  '--ip',
  '--network-alias',
  '-a',
  '--attach',
  '--detach-keys',
  '--cgroupns',
  '--health-cmd',
  '--group-add',
];

/** docker run options that take a value: the list the analysis uses to find the command it runs. */
const RUN_TAKES = DOCKER_RUN_TAKES;

export const DOCKER: ProgramSpec[] = [
  {
    names: ['docker', 'podman'],
    otherwise: 'none',
    globalTakes: ['-H', '--host', '--context', '-c', '--config', '-l', '--log-level'],
    rows: [
      {
        // The registry a login sends the password to (Docker Hub when none is named).
        sub: ['login'],
        takes: ['-u', '--username', '-p', '--password'],
        pos: ['host'],
        examples: [{ command: 'docker login ghcr.io -u me --password-stdin', effects: ['send(ghcr.io)'] }],
      },
      {
        // docker cp CONTAINER:SRC DEST: the container's file copied here (`-` prints it, as a tar stream).
        sub: ['cp'],
        layout: 'copy',
        containerPaths: true,
        examples: [
          { command: 'docker cp app:/app/.env -', effects: ['read(/app/.env, copy → -)'] },
          { command: 'docker cp app:/app/logs ./logs', effects: ['read(/app/logs, copy → logs)', 'write(logs, docker)'] },
          { command: 'docker cp .env app:/app/.env', effects: ['read(.env, copy → /app/.env)'] },
        ],
      },
      {
        sub: ['compose', 'config'],
        subTakes: COMPOSE_GLOBAL,
        unless: COMPOSE_SAFE,
        takes: COMPOSE_GLOBAL,
        // config prints the compose file with the env file's values substituted.
        opts: { '--env-file': 'read' },
        effects: [{ kind: 'read-file', what: '.env' }],
        examples: [
          { command: 'docker compose config', effects: ['read(.env, content)'] },
          { command: 'docker compose --env-file config/.env.production config', effects: ['read(config/.env.production, content)', 'read(.env, content)'] },
        ],
      },
      {
        sub: ['compose', 'config'],
        subTakes: COMPOSE_GLOBAL,
        takes: [...COMPOSE_GLOBAL, '--format'],
        opts: { '--env-file': 'load' },
        examples: [
          { command: 'docker compose config --services', effects: [] },
          { command: 'docker compose config --no-interpolate', effects: [] },
          { command: 'docker compose --env-file .env config --services', effects: ['read(.env, load)'] },
        ],
      },
      {
        // The env file goes into the container's environment; the command after the image runs there.
        sub: ['run'],
        takes: RUN_TAKES,
        opts: { '--env-file': 'load' },
        pos: ['none'],
        rest: 'exec',
        examples: [
          { command: 'docker run --rm --env-file .env alpine env', effects: ['read(.env, load)', 'execute(shell: env)'] },
          { command: 'docker run --rm -p 8080:80 --env-file .env myapp', effects: ['read(.env, load)'] },
        ],
      },
    ],
  },
  {
    names: ['docker-compose', 'podman-compose'],
    otherwise: 'none',
    rows: [
      {
        sub: ['config'],
        unless: COMPOSE_SAFE,
        takes: ['-f', '--file', '-p', '--project-name', '--env-file'],
        effects: [{ kind: 'read-file', what: '.env' }],
        examples: [{ command: 'docker-compose config', effects: ['read(.env, content)'] }],
      },
    ],
  },
];
