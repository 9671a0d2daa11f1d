import { defineGuard, SHELL_TOOLS } from '../core/guards/types';
import { runs } from '../core/guards/helpers';
import type { Invocation } from '../core/shell/analyze';

const KUBECTL_READ_ONLY = new Set([
  'get',
  'describe',
  'logs',
  'top',
  'explain',
  'api-resources',
  'api-versions',
  'cluster-info',
  'version',
  'config',
  'auth',
  'diff',
  'wait',
  'events',
  'kustomize',
  'completion',
  'plugin',
  'options',
  'help',
  'alpha',
  // change nothing in a cluster: local proxies and tunnels, and oc's session and project selection
  'proxy',
  'port-forward',
  'login',
  'logout',
  'project',
  'projects',
  'whoami',
  'status',
]);
const ROLLOUT_READ_ONLY = new Set(['status', 'history']);
const HELM_CHANGES = new Set(['install', 'upgrade', 'uninstall', 'delete', 'del', 'rollback', 'test']);
const KUBECTL_VALUE_OPTS = new Set([
  '-n',
  '--namespace',
  '-s',
  '--server',
  '--kubeconfig',
  '--cluster',
  '--user',
  '--token',
  '-l',
  '--selector',
  '-f',
  '--filename',
  '-o',
  '--output',
  '-c',
  '--container',
  '--as',
  '--as-group',
  '--request-timeout',
  '--certificate-authority',
  '--client-key',
  '--client-certificate',
  '--tls-server-name',
  '-v',
]);

/** First positional (the verb), skipping global options and their values. */
function verb(args: Invocation['args'], valueOpts: Set<string>): { verb: string | null; rest: string[] } {
  const known = args.map((a) => a.known ?? '');
  for (let i = 0; i < known.length; i++) {
    const a = known[i]!;
    if (a.startsWith('-')) {
      if (valueOpts.has(a)) i++;
      continue;
    }
    return { verb: a, rest: known.slice(i + 1) };
  }
  return { verb: null, rest: [] };
}

function names(known: string[], option: string): boolean {
  return known.some((a, i) => (a === option && i + 1 < known.length && known[i + 1] !== '') || (a.startsWith(`${option}=`) && a.length > option.length + 1));
}

export default defineGuard({
  id: 'kubectl-context',
  title: 'Commands that change a Kubernetes cluster must name it with --context',
  prevents:
    'kubectl delete pod api-7f9d runs against whatever context is current, which may be production; the transcript does not even record which cluster it changed.',
  tools: [...SHELL_TOOLS],
  check(_call, ctx) {
    for (const inv of runs(ctx.shell())) {
      const p = inv.program;
      if (p !== 'kubectl' && p !== 'oc' && p !== 'helm') continue;
      if (inv.args.some((a) => a.known === null)) continue;
      const known = inv.args.map((a) => a.known!);
      if (known.some((a) => a === '--dry-run' || a.startsWith('--dry-run=client') || a.startsWith('--dry-run=server') || a === '--help' || a === '-h'))
        continue;
      if (p === 'helm') {
        const { verb: v } = verb(inv.args, new Set(['-n', '--namespace', '--kube-context', '--kubeconfig', '-f', '--values', '--set', '--version', '--repo']));
        if (!v || !HELM_CHANGES.has(v) || names(known, '--kube-context')) continue;
        return {
          reason: `helm ${v} without --kube-context changes whichever cluster is current, maybe production, and the transcript will not say which. Name the cluster: helm ${v} --kube-context <context> …; run kubectl config current-context to see the current one and confirm it with the user.`,
          instead: 'kubectl config current-context',
        };
      }
      const { verb: v, rest } = verb(inv.args, KUBECTL_VALUE_OPTS);
      if (!v || KUBECTL_READ_ONLY.has(v)) continue;
      if (v === 'rollout' && ROLLOUT_READ_ONLY.has(rest.find((r) => !r.startsWith('-')) ?? '')) continue;
      if (names(known, '--context')) continue;
      return {
        reason: `${p} ${v} without --context changes whichever cluster is current, maybe production, and the transcript will not say which. Name the cluster: ${p} --context <context> ${v} …; run kubectl config current-context to see the current one and confirm it with the user.`,
        instead: 'kubectl config current-context',
      };
    }
    return null;
  },
  examples: {
    blocked: [
      { tool_name: 'Bash', tool_input: { command: 'kubectl delete pod api-7d9f' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl apply -f deploy.yaml' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl -n prod scale deploy/api --replicas=0' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl rollout restart deployment/api' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl exec -it api-0 -- sh' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl drain node-1 --ignore-daemonsets' } },
      { tool_name: 'Bash', tool_input: { command: 'helm upgrade --install api ./chart' } },
      { tool_name: 'Bash', tool_input: { command: 'helm uninstall api' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl --kubeconfig ~/.kube/config delete ns staging' } },
    ],
    allowed: [
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context=kind-dev get pods' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl config current-context' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl port-forward svc/api 8080:80' } },
      { tool_name: 'Bash', tool_input: { command: 'oc project my-app' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl get pods -A' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl logs deploy/api --tail=50' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context kind-dev delete pod api-7d9f' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl apply --dry-run=client -f deploy.yaml' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl rollout status deployment/api' } },
      { tool_name: 'Bash', tool_input: { command: 'helm upgrade --install api ./chart --kube-context kind-dev' } },
      { tool_name: 'Bash', tool_input: { command: 'helm template ./chart' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl diff -f deploy.yaml' } },
    ],
  },
});
