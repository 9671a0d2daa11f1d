// In-process entry for benchmarks: the core without the process start-up around it.
export { analyzeShell } from '../core/shell/analyze';
export { evaluatePayload } from '../core/guards/dispatch';
export { default as guards } from 'agent-guard:guards';
export { lintPaths } from '../core/lint/index';
export { install, uninstall } from '../core/install/targets/claude';
export { planInstall, SECRET_DENY_RULES } from '../core/install/settings';
export { lintFile } from '../core/lint/engine';
export { DEFAULT_CONFIG } from '../core/config';
export { fsWorkspace } from '../core/lint/workspace';
export { rules } from '../core/lint/index';
export { scanMarkdown, clearMarkdownCache } from '../core/lint/markdown';
export { workDone } from '../core/work';
export { SHAPES } from '../test/support/growth-shapes';
export { deadlineIn, HOOK_DEADLINE_MS } from '../core/guards/dispatch';
export { hookCommandFor } from '../core/install/installer';
export { shQuote } from '../core/install/quote';
