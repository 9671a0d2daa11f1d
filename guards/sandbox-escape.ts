import { defineGuard, SHELL_TOOLS } from '../core/guards/types';

export default defineGuard({
  id: 'sandbox-escape',
  title: "Leaving the OS sandbox is the human's call",
  prevents:
    'A command the guard misjudges is still held by the sandbox (no secret files, no writes outside the workspace); a call with dangerouslyDisableSandbox: true removes that second wall for exactly the command that needed it.',
  tools: [...SHELL_TOOLS],
  check(call) {
    if (call.input.dangerouslyDisableSandbox !== true) return null;
    return {
      reason:
        'This command asks to run outside the sandbox (dangerouslyDisableSandbox: true), where nothing stops it from reading secret files or writing outside the workspace. Run it inside the sandbox, or let the user confirm why it cannot.',
    };
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'npm test', dangerouslyDisableSandbox: true } },
      { tool_name: 'Bash', tool_input: { command: 'docker ps', dangerouslyDisableSandbox: true } },
      { tool_name: 'Bash', tool_input: { command: 'curl -s https://example.com', dangerouslyDisableSandbox: true } },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'npm test' } },
      { tool_name: 'Bash', tool_input: { command: 'npm test', dangerouslyDisableSandbox: false } },
      { tool_name: 'Bash', tool_input: { command: 'docker ps', description: 'list containers' } },
    ],
  },
});
