// Every install target, discovered by the build from core/install/targets/ (one file per host,
// each default-exporting an InstallTarget; nothing to register), in their `order`.

import discovered from 'agent-guard:install-targets';
import type { HostId, InstallTarget } from './target';

export const TARGETS: readonly InstallTarget[] = [...discovered].sort((a, b) => a.order - b.order);

export function targetById(id: HostId): InstallTarget {
  const t = TARGETS.find((x) => x.id === id);
  if (!t) throw new Error(`no install target ${id}`);
  return t;
}
