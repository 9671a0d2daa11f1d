import { namesOnly } from '../programs/table';
// Makefiles and justfiles read as data: their variables, rules and recipes, with make's own
// expansion done ($(VAR), $@, $$), so that what reaches the shell analysis is the shell text make
// would hand to /bin/sh. Never runs make. Linear in the file (expansion is bounded per reference).

interface Rule {
  prereqs: string[];
  recipe: string[];
}

export interface MakeModel {
  vars: Map<string, string>;
  rules: Map<string, Rule>;
  /** Pattern rules (`%.o: %.c`): their recipes, for judging a whole file. */
  patternRecipes: string[][];
  /** The default goal: the first target that is not special (.PHONY) and not a pattern. */
  first: string | null;
}

const ASSIGN = /^(?:(?:override|export|private)\s+)*([A-Za-z0-9_.-]+)\s*(\?=|:{1,3}=|\+=|!=|=)\s*([\s\S]*)$/;
const CONDITIONAL = /^(?:ifeq|ifneq|ifdef|ifndef|else|endif)\b/;
const MAX_RULES = 2000;

/** Joins `\`-continued lines (outside recipes, make joins them with one space). */
function logicalLines(text: string): string[] {
  const raw = text.split(/\r?\n/);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    let line = raw[i]!;
    const recipe = line.startsWith('\t');
    while (/(^|[^\\])(\\\\)*\\$/.test(line) && i + 1 < raw.length) {
      // A recipe keeps backslash-newline for the shell; elsewhere it is one space.
      line = recipe ? `${line}\n${raw[++i]!}` : `${line.slice(0, -1).trimEnd()} ${raw[++i]!.trimStart()}`;
    }
    out.push(line);
  }
  return out;
}

function stripComment(line: string): string {
  const at = line.search(/(^|[^\\])#/);
  return at < 0 ? line : line.slice(0, line[at] === '#' ? at : at + 1);
}

export function parseMakefile(text: string): MakeModel {
  const model: MakeModel = { vars: new Map(), rules: new Map(), patternRecipes: [], first: null };
  let current: string[] | null = null;
  let inDefine = false;
  for (const line of logicalLines(text)) {
    if (inDefine) {
      if (/^\s*endef\b/.test(line)) inDefine = false;
      continue;
    }
    if (line.startsWith('\t') && current) {
      const cmd = line.slice(1).replace(/^[\s@+-]+/, '');
      if (cmd.trim() !== '' && !cmd.trimStart().startsWith('#')) current.push(cmd);
      continue;
    }
    const l = stripComment(line).trim();
    if (l === '') continue;
    current = null;
    if (/^define\s/.test(l)) {
      inDefine = true;
      continue;
    }
    if (CONDITIONAL.test(l) || /^-?include\s|^sinclude\s|^vpath\b|^unexport\b/.test(l)) continue;
    const a = ASSIGN.exec(l);
    // `target: VAR = x` is a target-specific variable: not a global one, and not a rule.
    if (a && !/:(?![:=])/.test(l.slice(0, l.indexOf(a[2]!)))) {
      const [, name, op, value] = a;
      const v = op === '!=' ? `$(shell ${value})` : value!;
      if (op === '+=') model.vars.set(name!, `${model.vars.get(name!) ?? ''} ${v}`.trim());
      else if (op !== '?=' || !model.vars.has(name!)) model.vars.set(name!, v);
      continue;
    }
    const colon = ruleColon(l);
    if (colon < 0) continue;
    const targets = l.slice(0, colon).trim().split(/\s+/).filter(Boolean);
    let rest = l.slice(colon + 1).replace(/^:/, '');
    let inline: string | null = null;
    const semi = rest.indexOf(';');
    if (semi >= 0) {
      inline = rest.slice(semi + 1).trim();
      rest = rest.slice(0, semi);
    }
    if (ASSIGN.test(rest.trim()) && /=/.test(rest)) continue;
    // A static pattern rule (`objs: %.o: %.c`) has a second colon: its prerequisites follow it.
    const second = rest.indexOf(':');
    const prereqs = (second >= 0 ? rest.slice(second + 1) : rest).trim().split(/\s+/).filter(Boolean);
    const recipe: string[] = [];
    if (inline) recipe.push(inline.replace(/^[\s@+-]+/, ''));
    current = recipe;
    for (const t of targets) {
      if (t.includes('%')) {
        model.patternRecipes.push(recipe);
        continue;
      }
      if (model.rules.size >= MAX_RULES) break;
      const r = model.rules.get(t) ?? { prereqs: [], recipe: [] };
      r.prereqs.push(...prereqs);
      // Several rules for one target: their recipes all belong to it (a later recipe replaces, but both are judged).
      if (r.recipe.length === 0) r.recipe = recipe;
      else r.recipe.push(...recipe);
      model.rules.set(t, r);
      if (model.first === null && !t.startsWith('.')) model.first = t;
    }
  }
  return model;
}

/** Where the rule's colon is: the first `:` outside $(…) that is not part of `:=`. -1 if the line is no rule. */
function ruleColon(l: string): number {
  let depth = 0;
  for (let i = 0; i < l.length; i++) {
    const c = l[i]!;
    if (c === '$' && (l[i + 1] === '(' || l[i + 1] === '{')) {
      depth++;
      i++;
    } else if ((c === ')' || c === '}') && depth > 0) depth--;
    else if (c === ':' && depth === 0) return l[i + 1] === '=' ? -1 : i;
  }
  return -1;
}

/** make's own variables, when the makefile does not set them. */
const DEFAULTS: Record<string, string> = {
  MAKE: 'make',
  RM: 'rm -f',
  CC: 'cc',
  CXX: 'g++',
  CPP: '$(CC) -E',
  AR: 'ar',
  SHELL: '/bin/sh',
  MAKEFLAGS: '',
  MFLAGS: '',
};
namesOnly(DEFAULTS);

const MAX_EXPANSION = 64 * 1024;
const MAX_REFS = 10000;

interface Auto {
  target: string;
  prereqs: string[];
  dir: string;
}

/** A value with make's references expanded. Unknown variables are the environment's (`${NAME}` for the shell). */
export function expandMake(text: string, model: MakeModel, auto: Auto | null, budget = { refs: 0 }, depth = 0): string {
  let out = '';
  for (let i = 0; i < text.length && out.length < MAX_EXPANSION; i++) {
    const c = text[i]!;
    if (c !== '$') {
      out += c;
      continue;
    }
    const n = text[i + 1];
    if (n === undefined) break;
    if (n === '$') {
      out += '$';
      i++;
      continue;
    }
    if (++budget.refs > MAX_REFS) return `${out}__make_value__`;
    let ref: string;
    if (n === '(' || n === '{') {
      const close = matching(text, i + 1);
      ref = text.slice(i + 2, close < 0 ? text.length : close);
      i = close < 0 ? text.length : close;
    } else {
      ref = n;
      i++;
    }
    out += reference(ref, model, auto, budget, depth);
  }
  return out;
}

function matching(text: string, open: number): number {
  const o = text[open]!;
  const cl = o === '(' ? ')' : '}';
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    if (text[j] === o) depth++;
    else if (text[j] === cl && --depth === 0) return j;
  }
  return -1;
}

function reference(ref: string, model: MakeModel, auto: Auto | null, budget: { refs: number }, depth: number): string {
  const sub = (t: string) => (depth >= 16 ? '__make_value__' : expandMake(t, model, auto, budget, depth + 1));
  if (auto) {
    if (ref === '@') return auto.target;
    if (ref === '<') return auto.prereqs[0] ?? '';
    if (ref === '^' || ref === '+' || ref === '?') return auto.prereqs.join(' ');
    if (ref === '*') return auto.target.replace(/\.[^./]*$/, '');
    if (ref === '@D') return auto.target.includes('/') ? auto.target.slice(0, auto.target.lastIndexOf('/')) : '.';
    if (ref === '@F') return auto.target.slice(auto.target.lastIndexOf('/') + 1);
    if (ref === 'CURDIR') return auto.dir;
  }
  const fn = /^([a-z-]+)[\s,]([\s\S]*)$/.exec(ref);
  if (fn) {
    const [, name, args] = fn;
    // $(shell cmd) is the output of cmd: a command substitution for the shell.
    if (name === 'shell') return `$(${sub(args!)})`;
    if (name === 'wildcard' || name === 'abspath' || name === 'realpath' || name === 'strip' || name === 'firstword') return sub(args!).trim();
    if (name === 'addprefix' || name === 'addsuffix' || name === 'patsubst' || name === 'subst' || name === 'notdir' || name === 'dir') return '__make_value__';
    return '__make_value__';
  }
  const name = sub(ref);
  const value = model.vars.get(name) ?? DEFAULTS[name];
  if (value !== undefined) return sub(value);
  // Not set in the makefile: make takes it from the environment, as the shell would.
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `\${${name}}` : '__make_value__';
}

const MAX_GOALS = 200;

/**
 * The shell text of the recipes `make goals…` runs: the goals' recipes and their prerequisites',
 * depth first, each rule once. No goals: the default goal. `all`: every rule's and pattern rule's recipe.
 */
export function makeRecipes(model: MakeModel, goals: string[] | 'all', dir: string): string {
  const lines: string[] = [];
  const budget = { refs: 0 };
  if (goals === 'all') {
    for (const [target, r] of model.rules) for (const l of r.recipe) lines.push(expandMake(l, model, { target, prereqs: r.prereqs, dir }, budget));
    for (const recipe of model.patternRecipes)
      for (const l of recipe) lines.push(expandMake(l, model, { target: 'target', prereqs: ['prerequisite'], dir }, budget));
    return lines.join('\n');
  }
  const seen = new Set<string>();
  const stack = [...(goals.length > 0 ? goals : model.first ? [model.first] : [])].reverse();
  while (stack.length > 0 && seen.size < MAX_GOALS) {
    const t = stack.pop()!;
    if (seen.has(t)) continue;
    seen.add(t);
    const r = model.rules.get(t);
    if (!r) continue;
    for (const p of [...r.prereqs].reverse()) if (!seen.has(p) && p !== '|') stack.push(p);
    for (const l of r.recipe) lines.push(expandMake(l, model, { target: t, prereqs: r.prereqs, dir }, budget));
  }
  return lines.join('\n');
}

// ---- justfiles ----

export interface JustRecipe {
  name: string;
  deps: string[];
  body: string[];
}

/** A justfile's recipes (`name args: deps` then indented lines) with `{{var}}` from `name := "value"` assignments. */
export function parseJustfile(text: string): JustRecipe[] {
  const vars = new Map<string, string>();
  const recipes: JustRecipe[] = [];
  let current: JustRecipe | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s+\S/.test(line) && current) {
      current.body.push(line.trim());
      continue;
    }
    const l = line.trim();
    if (l === '' || l.startsWith('#') || l.startsWith('[')) {
      if (l !== '' && !l.startsWith('#!')) current = null;
      continue;
    }
    current = null;
    const assign = /^(?:export\s+)?([A-Za-z_][\w-]*)\s*:=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S.*))$/.exec(l);
    if (assign) {
      vars.set(assign[1]!, assign[2] ?? assign[3] ?? '__just_value__');
      continue;
    }
    if (/^(?:set|alias|import|mod)\s/.test(l)) continue;
    const name = /^@?([A-Za-z_][\w-]*)/.exec(l)?.[1];
    const colon = l.indexOf(':');
    if (!name || colon < 0 || l[colon + 1] === '=') continue;
    current = {
      name,
      deps: l
        .slice(colon + 1)
        .trim()
        .split(/\s+/)
        .filter((d) => /^[A-Za-z_][\w-]*$/.test(d)),
      body: [],
    };
    recipes.push(current);
  }
  for (const r of recipes)
    r.body = r.body.map((b) => b.replace(/^[@-]+/, '').replace(/\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g, (_m, name: string) => vars.get(name) ?? '__just_value__'));
  return recipes;
}

/** The bodies `just recipe…` runs (with their dependencies, each once); no recipe: the first one. */
export function justBodies(recipes: JustRecipe[], names: string[] | 'all'): string[][] {
  if (names === 'all') return recipes.map((r) => r.body);
  const byName = new Map(recipes.map((r) => [r.name, r]));
  const out: string[][] = [];
  const seen = new Set<string>();
  const visit = (n: string, depth: number) => {
    const r = byName.get(n);
    if (!r || seen.has(n) || depth > 32) return;
    seen.add(n);
    for (const d of r.deps) visit(d, depth + 1);
    out.push(r.body);
  };
  for (const n of names.length > 0 ? names : recipes[0] ? [recipes[0].name] : []) visit(n, 0);
  return out;
}
