import { defineGuard, SHELL_TOOLS, type GuardContext } from '../core/guards/types';
import { runs } from '../core/guards/helpers';
import { resolvePath } from '../core/paths';
import type { Invocation, Value } from '../core/shell/model';
import { namesOnly } from '../core/programs/table';

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
/** Verbs whose read-only forms are their subcommands: `rollout status`, `auth can-i` (`auth reconcile` writes RBAC objects). */
const READ_ONLY_SUBS: Record<string, Set<string>> = {
  rollout: new Set(['status', 'history']),
  auth: new Set(['can-i', 'whoami']),
};
namesOnly(READ_ONLY_SUBS);
/** kubectl cp POD:SRC DEST with a local destination copies out of the pod: the cluster does not change. */
function copiesOutOfPod(args: Value[]): boolean {
  const words = args.map((a) => a.known);
  if (words.some((w) => w === null)) return false;
  const operands: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (KUBECTL_VALUE_OPTS.has(w)) i++;
    else if (!w.startsWith('-')) operands.push(w);
  }
  // A local path has no `name:` prefix (an absolute or ./ path may hold a colon later on).
  const remote = (w: string) => /^[^/.][^:/]*:/.test(w);
  return operands.length === 2 && remote(operands[0]!) && !remote(operands[1]!);
}
const HELM_CHANGES = new Set(['install', 'upgrade', 'uninstall', 'delete', 'del', 'rollback', 'test']);
const KUBECTL_VALUE_OPTS = new Set([
  '--context',
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

/**
 * kubectl under other names: the `k` alias, wrappers that colour or pass their arguments through,
 * and the distributions that bundle it. `lead` are the words before kubectl's own arguments
 * (`minikube kubectl -- …`; the `--` is optional).
 */
export const KUBECTLS: { names: string[]; lead: string[] }[] = [
  { names: ['kubectl', 'oc', 'k', 'kubecolor', 'microk8s.kubectl', 'k3s-kubectl'], lead: [] },
  { names: ['minikube'], lead: ['kubectl', '--'] },
  { names: ['microk8s', 'k3s', 'k0s'], lead: ['kubectl'] },
];
/**
 * helm, helmfile and the GitOps CLIs, with the verbs that change a cluster, the options that take a
 * value, and the options that name the cluster (`contextOpts`). `nouns`: the verb is the word after
 * one of these (`argocd app delete`, `argocd cluster rm`).
 */
export const HELMS: { names: string[]; changes: Set<string>; valueOpts: Set<string>; contextOpts?: string[]; nouns?: Set<string> }[] = [
  {
    names: ['argocd'],
    nouns: new Set([
      'app',
      'apps',
      'application',
      'applications',
      'appset',
      'applicationset',
      'cluster',
      'proj',
      'project',
      'repo',
      'repocreds',
      'cert',
      'gpg',
      'account',
      'admin',
    ]),
    changes: new Set([
      'delete',
      'rm',
      'remove',
      'sync',
      'set',
      'unset',
      'create',
      'add',
      'rollback',
      'patch',
      'patch-resource',
      'delete-resource',
      'terminate-op',
      'edit',
      'update-password',
      'rotate-auth',
      'actions',
      'add-source',
      'remove-source',
    ]),
    valueOpts: new Set([
      '--server',
      '--argocd-context',
      '--auth-token',
      '--config',
      '--grpc-web-root-path',
      '--header',
      '-H',
      '--loglevel',
      '--port-forward-namespace',
      '--kube-context',
      '-o',
      '--output',
      '-l',
      '--selector',
      '-p',
      '--project',
      '-N',
      '--app-namespace',
    ]),
    contextOpts: ['--argocd-context', '--server', '--kube-context'],
  },
  {
    names: ['flux'],
    changes: new Set(['delete', 'create', 'uninstall', 'install', 'bootstrap', 'suspend', 'resume', 'reconcile', 'push', 'tag']),
    valueOpts: new Set(['--context', '--kubeconfig', '-n', '--namespace', '--timeout', '--cluster', '--user', '--token', '-s', '--server']),
    contextOpts: ['--context'],
  },
  {
    names: ['helm'],
    changes: HELM_CHANGES,
    valueOpts: new Set(['-n', '--namespace', '--kube-context', '--kubeconfig', '-f', '--values', '--set', '--version', '--repo']),
  },
  {
    names: ['helmfile'],
    changes: new Set(['apply', 'sync', 'destroy', 'delete', 'deploy', 'test']),
    valueOpts: new Set([
      '-e',
      '--environment',
      '-f',
      '--file',
      '--kube-context',
      '-n',
      '--namespace',
      '-l',
      '--selector',
      '-b',
      '--helm-binary',
      '--state-values-set',
      '--state-values-file',
      '--log-level',
    ]),
  },
];

/** kubectl's own arguments, or null when `inv` is not kubectl under any of its names. */
function kubectlArgs(inv: Invocation): { name: string; args: Value[] } | null {
  for (const k of KUBECTLS) {
    if (!k.names.includes(inv.program)) continue;
    let args = inv.args;
    for (const [i, w] of k.lead.entries()) {
      if (args[0]?.known === w) args = args.slice(1);
      else if (i === 0) return null; // minikube start, microk8s status: not kubectl
    }
    return { name: k.lead.length > 0 ? `${inv.program} ${k.lead[0]}` : inv.program, args };
  }
  return null;
}

/** First positional (the verb), skipping global options and their values; null when it is computed at run time. */
function verb(args: Value[], valueOpts: Set<string>): { verb: string | null; at: number } {
  for (let i = 0; i < args.length; i++) {
    // A computed word that starts as an option (`--context=$CTX`) is still that option.
    const a = args[i]!.known ?? (args[i]!.ifUnset.startsWith('-') ? args[i]!.ifUnset : null);
    if (a === null) return { verb: null, at: i };
    if (a.startsWith('-')) {
      if (valueOpts.has(a)) i++;
      continue;
    }
    return { verb: a, at: i };
  }
  return { verb: '', at: args.length };
}

/**
 * The cluster the line names with `option` (the last one wins, as in kubectl's flag parsing): its
 * name, 'empty', 'computed' when a variable the line does not set gives it, or null for none.
 * Stops at `--` (what follows is a command for the container).
 */
function named(args: Value[], option: string): { name: string } | 'empty' | 'computed' | null {
  let last: Value | undefined | null = null;
  let value: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!.known ?? args[i]!.ifUnset;
    if (a === '--') break;
    if (a === option) {
      last = args[i + 1];
      value = last?.known ?? null;
      i++;
    } else if (a.startsWith(`${option}=`)) {
      last = args[i];
      value = args[i]!.known === null ? null : a.slice(option.length + 1);
    }
  }
  if (last === null) return null;
  if (last === undefined || value === '') return 'empty';
  if (value === null) return 'computed';
  return { name: value };
}

function unnamed(n: ReturnType<typeof named>, option: string, cmd: string): string | null {
  if (n === null) return `${cmd} without ${option}`;
  if (n === 'empty') return `${cmd} with an empty ${option} (the last one given wins)`;
  if (n === 'computed') return `${cmd} with ${option} taken from a variable the line does not set`;
  return null;
}

/** A helmfile whose helmDefaults name the cluster (`kubeContext:`) says which cluster it changes. */
function helmfileNamesContext(inv: Invocation, args: Value[], ctx: GuardContext): boolean {
  if (!inv.cwd) return false;
  const f = args.findIndex((a) => a.known === '-f' || a.known === '--file');
  const files = f >= 0 ? [args[f + 1]?.known ?? ''] : ['helmfile.yaml', 'helmfile.yaml.gotmpl'];
  return files.some(
    (file) =>
      file !== '' &&
      (ctx.readText(resolvePath(inv.cwd!, file, ctx.home), 256 * 1024) ?? '').split('\n').some((line) => /^\s*kubeContext:\s*['"]?[\w.:@/-]/.test(line)),
  );
}

/** HTTP clients and how they name the method: an option's value, or httpie's leading method word. */
const HTTP_CLIENTS: Record<string, { methodOpts: string[]; bodyOpts: string[]; methodWord?: boolean }> = {
  curl: {
    methodOpts: ['-X', '--request'],
    bodyOpts: ['-d', '--data', '--data-raw', '--data-binary', '--data-urlencode', '--json', '-F', '--form', '-T', '--upload-file'],
  },
  wget: { methodOpts: ['--method'], bodyOpts: ['--post-data', '--post-file', '--body-data', '--body-file'] },
  http: { methodOpts: [], bodyOpts: [], methodWord: true },
  https: { methodOpts: [], bodyOpts: [], methodWord: true },
  xh: { methodOpts: [], bodyOpts: [], methodWord: true },
  xhs: { methodOpts: [], bodyOpts: [], methodWord: true },
};
namesOnly(HTTP_CLIENTS);
const MUTATING = new Set(['DELETE', 'PATCH', 'PUT', 'POST']);
/**
 * The current cluster's API: a local address (the kubectl proxy, 127.0.0.1:8001 by default), the
 * in-cluster name (kubernetes.default.svc, from inside a pod), or any host on an API server port
 * (6443, microk8s's 16443, minikube's 8443).
 */
const LOCAL_HOST = /^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0|kubernetes(?:\.default(?:\.svc(?:\.cluster\.local)?)?)?)$/i;
const API_PORTS = new Set(['6443', '16443', '8443']);

/** The path of a URL (scheme optional) to the current cluster's API, or null. */
function clusterApiPath(url: string): string | null {
  const rest = url.replace(/^https?:\/\//i, '');
  const slash = rest.indexOf('/');
  if (slash <= 0) return null;
  const authority = rest.slice(0, slash);
  const colon = authority.lastIndexOf(':');
  const host = colon > 0 && !authority.endsWith(']') ? authority.slice(0, colon) : authority;
  const port = colon > 0 && !authority.endsWith(']') ? authority.slice(colon + 1) : '';
  if (!LOCAL_HOST.test(host) && !API_PORTS.has(port)) return null;
  const path = rest.slice(slash).split(/[?#]/)[0]!;
  return KUBE_API_PATH.test(path) ? path : null;
}
/** Kubernetes API paths: the core group's resources, a named group's versioned paths. */
const KUBE_API_PATH =
  /^\/(?:api\/v1\/(?:namespaces|nodes|persistentvolumes|persistentvolumeclaims|pods|services|secrets|configmaps|serviceaccounts|replicationcontrollers|resourcequotas|limitranges|endpoints|events)(?:\/|$)|apis\/(?:apps|batch|policy|autoscaling|[a-z0-9-]+(?:\.[a-z0-9-]+)+)\/v\d\w*\/)/;

/** A request with a method that changes what it names, to a Kubernetes API path on a local address. */
function localApiChange(inv: Invocation): { method: string; url: string } | null {
  const c = HTTP_CLIENTS[inv.program];
  if (!c) return null;
  const known = inv.args.map((a) => a.known ?? '');
  const url = known.find((t) => clusterApiPath(t) !== null);
  if (!url) return null;
  let method = c.methodWord ? (known.find((t) => !t.startsWith('-'))?.toUpperCase() ?? '') : '';
  for (let i = 0; i < known.length; i++) {
    const t = known[i]!;
    for (const o of c.methodOpts) {
      if (t === o) method = (known[i + 1] ?? '').toUpperCase();
      else if (t.startsWith(`${o}=`)) method = t.slice(o.length + 1).toUpperCase();
      else if (o.length === 2 && t.startsWith(o) && t.length > 2) method = t.slice(2).toUpperCase();
    }
    if (!method && c.bodyOpts.some((o) => t === o || t.startsWith(`${o}=`))) method = 'POST';
  }
  return MUTATING.has(method) ? { method, url } : null;
}

export default defineGuard({
  id: 'kubectl-context',
  title: 'Commands that change a Kubernetes cluster must name it with --context',
  prevents:
    'kubectl delete pod api-7f9d runs against whatever context is current, which may be production; the transcript does not even record which cluster it changed.',
  tools: [...SHELL_TOOLS],
  check(_call, ctx) {
    for (const inv of runs(ctx.shell())) {
      const known = inv.args.map((a) => a.known ?? '');
      if (known.some((a) => a === '--dry-run' || a.startsWith('--dry-run=client') || a.startsWith('--dry-run=server') || a === '--help' || a === '-h'))
        continue;
      const helm = HELMS.find((h) => h.names.includes(inv.program));
      if (helm) {
        const p = inv.program;
        let { verb: v, at } = verb(inv.args, helm.valueOpts);
        let noun = '';
        if (v !== null && helm.nouns?.has(v)) {
          noun = `${v} `;
          ({ verb: v } = verb(inv.args.slice(at + 1), helm.valueOpts));
        }
        if (v === '' || (v !== null && !helm.changes.has(v))) continue;
        const opts = helm.contextOpts ?? ['--kube-context'];
        const named_ = opts.map((o) => named(inv.args, o)).find((n) => n !== null) ?? null;
        const problem = unnamed(named_, opts[0]!, `${p} ${noun}${v ?? '(a computed command)'}`);
        if (!problem || (p === 'helmfile' && named_ === null && helmfileNamesContext(inv, inv.args, ctx))) continue;
        return {
          reason: `${problem} changes whichever cluster is current, maybe production, and the transcript will not say which. Name the cluster: ${p} ${opts[0]} <context> ${noun}${v ?? ''} …; run kubectl config current-context to see the current one and confirm it with the user.`,
          instead: 'kubectl config current-context',
        };
      }
      const api = localApiChange(inv);
      if (api)
        return {
          reason: `${inv.program} ${api.method} ${api.url} changes a Kubernetes cluster through its API (a local kubectl proxy or API server), whichever cluster that is, and the transcript will not say which. Use kubectl with --context <context> for the change; run kubectl config current-context to see the current one and confirm it with the user.`,
          instead: 'kubectl config current-context',
        };
      const k = kubectlArgs(inv);
      if (!k) continue;
      const { verb: v, at } = verb(k.args, KUBECTL_VALUE_OPTS);
      if (v === '' || (v !== null && KUBECTL_READ_ONLY.has(v))) continue;
      const rest = k.args.slice(at + 1).map((a) => a.known ?? '');
      if (v !== null && READ_ONLY_SUBS[v]?.has(rest.find((r) => !r.startsWith('-')) ?? '')) continue;
      if (v === 'cp' && copiesOutOfPod(k.args.slice(at + 1))) continue;
      const problem = unnamed(named(k.args, '--context'), '--context', `${k.name} ${v ?? '(a computed command)'}`);
      if (!problem) continue;
      return {
        reason: `${problem} changes whichever cluster is current, maybe production, and the transcript will not say which. Name the cluster: ${k.name} --context <context> ${v ?? ''} …; run kubectl config current-context to see the current one and confirm it with the user.`,
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
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context "$CTX" delete pod x' }, note: 'the transcript shows a variable, not a cluster' },
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context=prod --context= delete pod x' }, note: 'the last --context wins, and it is empty' },
      { tool_name: 'Bash', tool_input: { command: 'k delete pod x' }, note: 'the usual alias' },
      { tool_name: 'Bash', tool_input: { command: 'kubecolor delete pod x' } },
      { tool_name: 'Bash', tool_input: { command: 'minikube kubectl -- delete pod x' } },
      { tool_name: 'Bash', tool_input: { command: 'microk8s kubectl apply -f deploy.yaml' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl "$VERB" pod x' }, note: 'a computed verb may change anything' },
      { tool_name: 'Bash', tool_input: { command: 'helmfile apply' } },
      { tool_name: 'Bash', tool_input: { command: 'helmfile -e prod sync' } },
      { tool_name: 'Bash', tool_input: { command: 'k3s kubectl delete pod x' } },
      { tool_name: 'Bash', tool_input: { command: 'oc delete project x' } },
      { tool_name: 'Bash', tool_input: { command: 'helm install x ./c --kube-context=' } },
      { tool_name: 'Bash', tool_input: { command: 'helm uninstall api --kube-context "$KUBE_CTX"' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context=$KUBE_CONTEXT apply -f k.yaml' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context prod --context "" delete pod x' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl auth reconcile -f rbac.yaml' }, note: 'reconcile writes RBAC objects' },
      { tool_name: 'Bash', tool_input: { command: 'argocd app delete api --cascade' } },
      { tool_name: 'Bash', tool_input: { command: 'argocd app sync api --prune' } },
      { tool_name: 'Bash', tool_input: { command: 'argocd cluster rm https://prod.example.com' } },
      { tool_name: 'Bash', tool_input: { command: 'flux delete kustomization apps --silent' } },
      { tool_name: 'Bash', tool_input: { command: 'flux uninstall --silent' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl proxy --port 8001 & curl -X DELETE localhost:8001/api/v1/namespaces/prod' } },
      { tool_name: 'Bash', tool_input: { command: 'curl -XPATCH http://127.0.0.1:8001/apis/apps/v1/namespaces/prod/deployments/api -d @p.json' } },
      { tool_name: 'Bash', tool_input: { command: 'http DELETE localhost:8001/api/v1/namespaces/prod/pods/api-0' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'curl -sk -X DELETE https://kubernetes.default.svc/api/v1/namespaces/prod -H "Authorization: Bearer $T"' },
        note: 'from inside a pod',
      },
      { tool_name: 'Bash', tool_input: { command: 'curl -sk -X DELETE https://10.0.0.1:6443/api/v1/namespaces/prod' } },
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
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context prod get pods' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl get pods -n "$NS"' }, note: 'read-only, whatever the namespace' },
      { tool_name: 'Bash', tool_input: { command: 'kubectl cp api-0:/var/log/app.log ./app.log' }, note: 'out of the pod: the cluster does not change' },
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context kind-dev delete pod "$POD"' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'CTX=kind-dev; kubectl --context "$CTX" delete pod x' },
        note: 'the line sets the variable: the transcript names the cluster',
      },
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context kind-dev exec api-0 -- kubectl --context= version' } },
      { tool_name: 'Bash', tool_input: { command: 'k get pods' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl describe pod "$POD"' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl config use-context "$CTX"' } },
      { tool_name: 'Bash', tool_input: { command: 'helm repo add bitnami https://charts.bitnami.com/bitnami' } },
      { tool_name: 'Bash', tool_input: { command: 'minikube service api' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl --context=$KUBE_CONTEXT get pods' }, note: 'read-only' },
      { tool_name: 'Bash', tool_input: { command: 'kubecolor get pods -A' } },
      { tool_name: 'Bash', tool_input: { command: 'minikube start' } },
      { tool_name: 'Bash', tool_input: { command: 'minikube kubectl -- get pods' } },
      { tool_name: 'Bash', tool_input: { command: 'microk8s status' } },
      { tool_name: 'Bash', tool_input: { command: 'microk8s kubectl --context microk8s delete pod x' } },
      { tool_name: 'Bash', tool_input: { command: 'helmfile diff' } },
      { tool_name: 'Bash', tool_input: { command: 'helmfile template' } },
      { tool_name: 'Bash', tool_input: { command: 'helmfile --kube-context kind-dev apply' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl auth can-i delete pods' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl auth whoami' } },
      { tool_name: 'Bash', tool_input: { command: 'kubectl proxy --port 8001' } },
      { tool_name: 'Bash', tool_input: { command: 'curl localhost:8001/api/v1/namespaces' }, note: 'reading through the proxy' },
      { tool_name: 'Bash', tool_input: { command: 'curl -sk https://10.0.0.1:6443/api/v1/namespaces/prod/pods' } },
      { tool_name: 'Bash', tool_input: { command: 'curl -X DELETE localhost:3000/api/v1/users/42' }, note: 'a local web app, not a Kubernetes API path' },
      { tool_name: 'Bash', tool_input: { command: 'argocd app get api' } },
      { tool_name: 'Bash', tool_input: { command: 'argocd app list' } },
      { tool_name: 'Bash', tool_input: { command: 'argocd app diff api' } },
      { tool_name: 'Bash', tool_input: { command: 'argocd --argocd-context prod app sync api' }, note: 'the context is named' },
      { tool_name: 'Bash', tool_input: { command: 'flux get kustomizations' } },
      { tool_name: 'Bash', tool_input: { command: 'flux --context kind-dev reconcile kustomization apps' } },
      { tool_name: 'Bash', tool_input: { command: 'flux check' } },
      {
        tool_name: 'Bash',
        tool_input: { command: 'helmfile apply' },
        fixture: { committed: { 'helmfile.yaml': 'helmDefaults:\n  kubeContext: kind-dev\nreleases: []\n' } },
        note: 'the helmfile names the cluster',
      },
    ],
  },
});
