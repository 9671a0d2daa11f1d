// In-process entry for `npm run lint:corpus`: the lint core and its rule metadata.
export { lintPaths, rules } from '../core/lint/index';
export { default as guards } from 'agent-guard:guards';
export { loadConfig } from '../core/guards/load-config';
