// A function's own length: the lines that hold its code, leaving out blank lines, comments and the
// functions nested inside it. ESLint's max-lines-per-function counts a factory (createXService,
// registerXRoutes) with every method it returns, so a factory of twenty short methods would fail it
// while a real 120-line function nested in a short one would pass; this counts each function once.
const FUNCTION = ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'];

function nameOf(node) {
  if (node.id?.name) return node.id.name;
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key.type === 'Identifier') return parent.key.name;
  return 'function';
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'limit the lines a function holds of its own, nested functions left out' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: { long: '{{name}} holds {{lines}} lines of its own (at most {{max}}): split it along its seams.' },
  },
  create(context) {
    const max = context.options[0]?.max ?? 80;
    const source = context.sourceCode;
    const frames = [];
    const enter = (node) => {
      if (frames.length > 0) frames[frames.length - 1].nested.push(node.range);
      frames.push({ nested: [] });
    };
    const exit = (node) => {
      const { nested } = frames.pop();
      const inside = (range) => nested.some(([start, end]) => range[0] >= start && range[1] <= end);
      const lines = new Set();
      for (const token of source.getTokens(node)) {
        if (inside(token.range)) continue;
        for (let line = token.loc.start.line; line <= token.loc.end.line; line += 1) lines.add(line);
      }
      if (lines.size > max) {
        context.report({ node, loc: node.loc.start, messageId: 'long', data: { name: nameOf(node), lines: lines.size, max } });
      }
    };
    const listeners = {};
    for (const type of FUNCTION) {
      listeners[type] = enter;
      listeners[`${type}:exit`] = exit;
    }
    return listeners;
  },
};

export default { rules: { 'own-lines': rule } };
