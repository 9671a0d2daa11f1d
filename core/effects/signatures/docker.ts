// Containers: files the CLI reads by itself.
import type { ProgramSpec } from '../types';

const COMPOSE_SAFE = ['--no-interpolate', '--services', '--volumes', '--images', '--profiles', '--networks', '--hash', '-q', '--quiet', '--format'];

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
        sub: ['compose', 'config'],
        unless: COMPOSE_SAFE,
        takes: ['-f', '--file', '-p', '--project-name', '--env-file', '--profile'],
        effects: [{ kind: 'read-file', what: '.env' }],
        examples: [{ command: 'docker compose config', effects: ['read(.env, content)'] }],
      },
      {
        sub: ['compose', 'config'],
        takes: ['-f', '--file', '-p', '--project-name', '--env-file', '--profile', '--format'],
        examples: [
          { command: 'docker compose config --services', effects: [] },
          { command: 'docker compose config --no-interpolate', effects: [] },
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
