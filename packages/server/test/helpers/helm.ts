// Renders deploy/helm/tarmac as `helm template` does, for the subset of Go templates the chart
// keeps to (no Helm binary on these machines): text with `{{- … -}}` trimming and comments;
// `if` / `else if` / `else` / `end`, `range` over a list (`.` is the item, `$` the root),
// `define` / `include`; pipelines with `(…)`; the functions in FUNCTIONS below. Anything else
// is an error, so a template that strays from the subset fails the test instead of passing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';

type Value = unknown;
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'action'; expr: string }
  | { kind: 'if'; branches: { cond: string | undefined; body: Node[] }[] }
  | { kind: 'range'; expr: string; body: Node[] };

interface Scope {
  dot: Value;
  root: Value;
  defines: Map<string, Node[]>;
}

/** The template's text split into text and actions, with `{{-` / `-}}` trimming applied. */
function tokenize(source: string): ({ text: string } | { action: string })[] {
  const tokens: ({ text: string } | { action: string })[] = [];
  const pattern = /\{\{(-\s)?([\s\S]*?)(\s-)?\}\}/g;
  let last = 0;
  let trimNext = false;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    let text = source.slice(last, match.index);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (match[1]) text = text.replace(/\s+$/, '');
    tokens.push({ text });
    const action = match[2]!.trim();
    if (!action.startsWith('/*')) tokens.push({ action });
    trimNext = Boolean(match[3]);
    last = pattern.lastIndex;
  }
  tokens.push({ text: trimNext ? source.slice(last).replace(/^\s+/, '') : source.slice(last) });
  return tokens;
}

/** Nodes until `end` (or `else` when inside an `if`); the defines go to `defines`. */
type Tokens = ReturnType<typeof tokenize>;

function parseNodes(tokens: Tokens, at: { i: number }, defines: Map<string, Node[]>, stopAt: RegExp | undefined): Node[] {
  const nodes: Node[] = [];
  while (at.i < tokens.length) {
    const token = tokens[at.i++]!;
    if ('text' in token) {
      if (token.text) nodes.push({ kind: 'text', text: token.text });
      continue;
    }
    const action = token.action;
    if (stopAt?.test(action)) {
      at.i--;
      return nodes;
    }
    const [keyword, rest = ''] = action.split(/\s+(.*)/s);
    if (keyword === 'if') nodes.push(parseIf(tokens, at, defines, rest));
    else if (keyword === 'range') {
      if (rest.includes(':=')) throw new Error(`range with variables is outside the subset: {{ ${action} }}`);
      nodes.push({ kind: 'range', expr: rest, body: parseNodes(tokens, at, defines, /^end$/) });
      at.i++;
    } else if (keyword === 'define') {
      defines.set(JSON.parse(rest) as string, parseNodes(tokens, at, defines, /^end$/));
      at.i++;
    } else if (/^(end|else)\b/.test(action)) throw new Error(`unexpected {{ ${action} }}`);
    else nodes.push({ kind: 'action', expr: action });
  }
  if (stopAt) throw new Error('missing {{ end }}');
  return nodes;
}

function parseIf(tokens: Tokens, at: { i: number }, defines: Map<string, Node[]>, cond: string): Node {
  const branches: { cond: string | undefined; body: Node[] }[] = [];
  let current: string | undefined = cond;
  for (;;) {
    const body = parseNodes(tokens, at, defines, /^(end|else)\b/);
    branches.push({ cond: current, body });
    const closing = (tokens[at.i++] as { action: string }).action;
    if (closing === 'end') return { kind: 'if', branches };
    if (closing === 'else') current = undefined;
    else if (closing.startsWith('else if ')) current = closing.slice('else if '.length);
    else throw new Error(`unexpected {{ ${closing} }}`);
  }
}

/** Go templates' truth: false, 0, nil, "" and empty lists and maps are false. */
export function truthy(value: Value): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function print(value: Value): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') throw new Error(`printing a map or list needs toYaml: ${JSON.stringify(value)}`);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const compare = (fn: (a: number, b: number) => boolean) => (a: Value, b: Value) => {
  if (typeof a !== 'number' || typeof b !== 'number') throw new Error(`comparing ${typeof a} with ${typeof b}`);
  return fn(a, b);
};

const FUNCTIONS: Record<string, (scope: Scope, ...args: Value[]) => Value> = {
  include: (scope, name, dot) => {
    const body = scope.defines.get(name as string);
    if (!body) throw new Error(`no template "${String(name)}"`);
    return renderNodes(body, { ...scope, dot });
  },
  quote: (_, value) => JSON.stringify(print(value)),
  toYaml: (_, value) => stringify(value).replace(/\n$/, ''),
  nindent: (_, spaces, text) => '\n' + indentLines(String(text), spaces as number),
  indent: (_, spaces, text) => indentLines(String(text), spaces as number),
  default: (_, fallback, value) => (truthy(value) ? value : fallback),
  required: (_, message, value) => {
    if (value === null || value === undefined || value === '') throw new Error(message as string);
    return value;
  },
  fail: (_, message) => {
    throw new Error(message as string);
  },
  contains: (_, part, text) => String(text).includes(String(part)),
  int: (_, value) => Math.trunc(Number(value)),
  not: (_, value) => !truthy(value),
  and: (_, ...values) => values.find((value) => !truthy(value)) ?? values.at(-1),
  or: (_, ...values) => values.find((value) => truthy(value)) ?? values.at(-1),
  eq: (_, a, b) => a === b,
  ne: (_, a, b) => a !== b,
  gt: (_, a, b) => compare((x, y) => x > y)(a, b),
  lt: (_, a, b) => compare((x, y) => x < y)(a, b),
};

function indentLines(text: string, spaces: number): string {
  return text
    .split('\n')
    .map((line) => ' '.repeat(spaces) + line)
    .join('\n');
}

/** Splits an expression into terms: strings, parenthesised groups, `|`, words. */
function terms(expr: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < expr.length) {
    const char = expr[i]!;
    if (/\s/.test(char)) i++;
    else if (char === '"') {
      const end = /^"(?:[^"\\]|\\.)*"/.exec(expr.slice(i))![0];
      out.push(end);
      i += end.length;
    } else if (char === '(') {
      let depth = 0;
      let j = i;
      for (; j < expr.length; j++) {
        if (expr[j] === '(') depth++;
        else if (expr[j] === ')' && --depth === 0) break;
      }
      out.push(expr.slice(i, j + 1));
      i = j + 1;
    } else if (char === '|') {
      out.push('|');
      i++;
    } else {
      const word = /^[^\s|()"]+/.exec(expr.slice(i))![0];
      out.push(word);
      i += word.length;
    }
  }
  return out;
}

function field(from: Value, chain: string): Value {
  let value = from;
  for (const key of chain.split('.').filter(Boolean)) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, Value>)[key] : undefined;
  }
  return value;
}

function operand(term: string, scope: Scope): Value {
  if (term.startsWith('(')) return evaluate(term.slice(1, -1), scope);
  if (term.startsWith('"')) return JSON.parse(term) as string;
  if (/^-?\d+(\.\d+)?$/.test(term)) return Number(term);
  if (term === 'true' || term === 'false') return term === 'true';
  if (term === '.' || term.startsWith('.')) return field(scope.dot, term);
  if (term === '$' || term.startsWith('$.')) return field(scope.root, term.slice(1));
  throw new Error(`"${term}" is outside the template subset`);
}

/** A pipeline: each command's result is the next one's last argument. */
export function evaluate(expr: string, scope: Scope): Value {
  const commands: string[][] = [[]];
  for (const term of terms(expr)) {
    if (term === '|') commands.push([]);
    else commands.at(-1)!.push(term);
  }
  let piped: Value[] = [];
  for (const [head, ...args] of commands) {
    if (head === undefined) throw new Error(`empty command in "${expr}"`);
    const fn = FUNCTIONS[head];
    if (!fn && !/^[.$("\d-]|^(true|false)$/.test(head)) throw new Error(`function "${head}" is outside the template subset`);
    const value = fn ? fn(scope, ...args.map((arg) => operand(arg, scope)), ...piped) : operand(head, scope);
    piped = [value];
  }
  return piped[0];
}

function renderNodes(nodes: Node[], scope: Scope): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'action') out += print(evaluate(node.expr, scope));
    else if (node.kind === 'if') {
      const branch = node.branches.find((b) => b.cond === undefined || truthy(evaluate(b.cond, scope)));
      if (branch) out += renderNodes(branch.body, scope);
    } else {
      const items = evaluate(node.expr, scope);
      if (items !== null && items !== undefined && !Array.isArray(items)) throw new Error('range over a map is outside the subset');
      for (const item of (items as Value[] | undefined) ?? []) out += renderNodes(node.body, { ...scope, dot: item });
    }
  }
  return out;
}

function merge(base: Value, over: Value): Value {
  if (base === null || typeof base !== 'object' || Array.isArray(base) || over === null || typeof over !== 'object' || Array.isArray(over)) {
    return over === undefined ? base : over;
  }
  const out: Record<string, Value> = { ...(base as Record<string, Value>) };
  for (const [key, value] of Object.entries(over)) out[key] = merge(out[key], value);
  return out;
}

export interface Rendered {
  /** Each template's documents, by file name (a template that renders nothing has none). */
  files: Record<string, Record<string, unknown>[]>;
  /** Every document, in file-name order. */
  documents: Record<string, unknown>[];
  /** templates/NOTES.txt rendered: what `helm install` prints. */
  notes: string;
}

/** `helm template RELEASE CHART --set …` with `values` merged over the chart's values.yaml. */
export function renderChart(chartDir: string, values: Record<string, unknown> = {}, release = 'tarmac'): Rendered {
  const chart = parse(readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) as Record<string, string>;
  const defaults = parse(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) as Record<string, unknown>;
  const root = {
    Values: merge(defaults, values),
    Release: { Name: release, Namespace: 'default', Service: 'Helm' },
    Chart: { Name: chart.name, Version: chart.version, AppVersion: chart.appVersion },
  };
  const dir = path.join(chartDir, 'templates');
  const names = readdirSync(dir).sort();
  const defines = new Map<string, Node[]>();
  const parsed = new Map(names.map((name) => [name, parseNodes(tokenize(readFileSync(path.join(dir, name), 'utf8')), { i: 0 }, defines, undefined)]));
  const files: Rendered['files'] = {};
  for (const name of names.filter((n) => !n.startsWith('_') && /\.ya?ml$/.test(n))) {
    const text = renderNodes(parsed.get(name)!, { dot: root, root, defines });
    files[name] = parseAllDocuments(text).flatMap((doc) => {
      if (doc.errors.length > 0) throw new Error(`${name} does not render to YAML: ${doc.errors[0]!.message}\n${text}`);
      const value = doc.toJS() as Record<string, unknown> | null;
      return value ? [value] : [];
    });
  }
  const notes = parsed.has('NOTES.txt') ? renderNodes(parsed.get('NOTES.txt')!, { dot: root, root, defines }) : '';
  return { files, documents: Object.values(files).flat(), notes };
}
