// Kilo's CLI (kilo, a fork of OpenCode): the same plugin as OpenCode's (targets/opencode.ts), in
// Kilo's own folders: .kilo/plugins/agent-guard.js (project; Kilo does not load .opencode/) or
// ~/.config/kilo/plugins/agent-guard.js (--user). Kilo runs it on `tool.execute.before` as OpenCode
// does; checked with the real CLI in test/real-hosts.

import { pluginTarget } from './opencode';

export default pluginTarget({
  id: 'kilo',
  name: 'Kilo CLI',
  order: 9,
  projectDir: '.kilo',
  configName: 'kilo',
  pure: 'KILO_PURE',
  found: { programs: ['kilo', 'kilocode'], folders: ['.config/kilo', '.kilo', '.kilocode'] },
});
