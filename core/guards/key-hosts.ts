// Where a secret variable may be sent: the configured keyHosts map (name or PREFIX_* glob → host
// globs). Shared by key-own-host (a key in a request) and secret-exfiltration (a key piped or read
// by interpreter code and sent).

import { minimatch } from 'minimatch';
import type { Effect } from '../programs/types';

type Send = Extract<Effect, { kind: 'send' }>;

/** The hosts a secret variable may go to, from the configured map (name or PREFIX_* glob); null when the key is not mapped. */
export function allowedHosts(name: string, map: Record<string, string[]>): string[] | null {
  let hosts: string[] | null = null;
  for (const [pattern, list] of Object.entries(map)) if (minimatch(name, pattern)) hosts = [...(hosts ?? []), ...list];
  return hosts;
}

export function hostAllowed(host: string, allowed: string[]): boolean {
  return allowed.some((p) => minimatch(host, p, { nocase: true }));
}

/**
 * The peers an invocation's sends reach. A proxy counts when a request through it is plain http
 * (or its URL is not known): an https request is a tunnel the proxy cannot read.
 */
export function peers(sends: Send[]): string[] {
  const plain = sends.some((s) => s.via === undefined && (s.url === null || /^http:\/\//i.test(s.url)));
  return sends.flatMap((s) => (s.host && (s.via !== 'proxy' || plain) ? [s.host] : []));
}

/** The first peer that is not one of the key's own hosts; null when every peer is, or the key is not mapped. */
export function foreignPeer(name: string, sends: Send[], map: Record<string, string[]>): { host: string; allowed: string[] } | null {
  const allowed = allowedHosts(name, map);
  if (!allowed) return null;
  const host = peers(sends).find((h) => !hostAllowed(h, allowed));
  return host ? { host, allowed } : null;
}
