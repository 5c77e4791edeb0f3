import type { Expr, FunctionDecl, MatchBlock, RulesFile } from './ast';
import { BUILTIN_FUNCTIONS } from './evaluator';
import type { RulesIssue } from './lexer';
import { KNOWN_METHODS, NAMESPACES } from './methods';
import { invalidPatternMessage, isValidPattern } from './regex';

const GLOBALS = new Set(['request', 'resource']);

interface Env {
  vars: Set<string>;
  functions: Map<string, FunctionDecl>;
  parent: Env | null;
}

function hasVar(env: Env | null, name: string): boolean {
  for (let e = env; e; e = e.parent) if (e.vars.has(name)) return true;
  return GLOBALS.has(name);
}

function findFunction(env: Env | null, name: string): FunctionDecl | null {
  for (let e = env; e; e = e.parent) {
    const f = e.functions.get(name);
    if (f) return f;
  }
  return null;
}

/**
 * Static checks made when rules load, so that nothing unsupported is silently evaluated:
 * unknown variables, functions, methods and namespaces, wrong argument counts, duplicates.
 */
export function checkRules(file: RulesFile): RulesIssue[] {
  const issues: RulesIssue[] = [];
  const report = (at: { line: number; column: number }, message: string) =>
    issues.push({ line: at.line, column: at.column, message });

  const declare = (decls: FunctionDecl[], parent: Env | null, vars: Set<string>): Env => {
    const functions = new Map<string, FunctionDecl>();
    for (const f of decls) {
      if (functions.has(f.name)) report(f, `Function ${f.name} is declared twice in this scope.`);
      functions.set(f.name, f);
    }
    return { vars, functions, parent };
  };

  const checkExpr = (expr: Expr, env: Env): void => {
    switch (expr.kind) {
      case 'literal':
        return;
      case 'ident':
        if (!hasVar(env, expr.name)) report(expr, `Unknown variable '${expr.name}'.`);
        return;
      case 'list':
        expr.items.forEach((item) => checkExpr(item, env));
        return;
      case 'map':
        expr.entries.forEach((e) => (checkExpr(e.key, env), checkExpr(e.value, env)));
        return;
      case 'path':
        expr.parts.forEach((p) => 'expr' in p && checkExpr(p.expr, env));
        return;
      case 'member':
        if (
          expr.object.kind === 'ident' &&
          NAMESPACES[expr.object.name] &&
          !hasVar(env, expr.object.name)
        ) {
          report(expr, `'${expr.object.name}.${expr.name}' is only valid as a function call.`);
          return;
        }
        checkExpr(expr.object, env);
        return;
      case 'index':
        checkExpr(expr.object, env);
        checkExpr(expr.index, env);
        return;
      case 'slice':
        checkExpr(expr.object, env);
        if (expr.from) checkExpr(expr.from, env);
        if (expr.to) checkExpr(expr.to, env);
        return;
      case 'unary':
        checkExpr(expr.operand, env);
        return;
      case 'is':
        checkExpr(expr.operand, env);
        return;
      case 'binary':
        checkExpr(expr.left, env);
        checkExpr(expr.right, env);
        return;
      case 'ternary':
        checkExpr(expr.test, env);
        checkExpr(expr.then, env);
        checkExpr(expr.otherwise, env);
        return;
      case 'call':
        checkCall(expr, env);
        expr.args.forEach((a) => checkExpr(a, env));
        return;
    }
  };

  const checkCall = (expr: Extract<Expr, { kind: 'call' }>, env: Env): void => {
    const callee = expr.callee;
    const count = expr.args.length;
    if (callee.kind === 'member') {
      const object = callee.object;
      if (object.kind === 'ident' && NAMESPACES[object.name] && !hasVar(env, object.name)) {
        const fn = NAMESPACES[object.name]![callee.name];
        if (!fn) report(callee, `Unknown function '${object.name}.${callee.name}'.`);
        else if (count < fn.arity[0] || count > fn.arity[1]) {
          report(
            callee,
            `Function '${object.name}.${callee.name}' takes ${fn.arity[0]} argument(s).`,
          );
        }
        return;
      }
      if (!KNOWN_METHODS.has(callee.name)) report(callee, `Unsupported method '${callee.name}()'.`);
      // Google's compiler refuses a literal pattern RE2 cannot compile in matches() and split()
      // (replace() fails only when evaluated), at the pattern's position.
      const pattern = expr.args[0];
      if (
        (callee.name === 'matches' || callee.name === 'split') &&
        pattern?.kind === 'literal' &&
        pattern.value.type === 'string' &&
        !isValidPattern(pattern.value.value)
      ) {
        report(pattern, invalidPatternMessage(pattern.value.value));
      }
      checkExpr(object, env);
      return;
    }
    if (callee.kind !== 'ident') {
      report(callee, 'Only functions and methods can be called.');
      return;
    }
    const user = findFunction(env, callee.name);
    if (user) {
      if (user.params.length !== count) {
        report(
          callee,
          `Function ${callee.name} expects ${user.params.length} argument(s), got ${count}.`,
        );
      }
      return;
    }
    const builtin = BUILTIN_FUNCTIONS[callee.name];
    if (!builtin) {
      report(callee, `Unknown function '${callee.name}'.`);
      return;
    }
    if (file.service !== 'cloud.firestore' && /^(get|exists)/.test(callee.name)) {
      report(callee, `Function '${callee.name}' is not supported in Storage rules.`);
    }
    if (count < builtin[0] || count > builtin[1]) {
      report(callee, `Function '${callee.name}' takes ${builtin[0]} argument(s).`);
    }
  };

  const checkFunctions = (env: Env): void => {
    for (const f of env.functions.values()) {
      if (new Set(f.params).size !== f.params.length)
        report(f, `Duplicate parameter in ${f.name}.`);
      const frame: Env = { vars: new Set(f.params), functions: new Map(), parent: env };
      for (const binding of f.lets) {
        checkExpr(binding.value, frame);
        if (frame.vars.has(binding.name))
          report(binding, `Variable ${binding.name} is already defined.`);
        frame.vars.add(binding.name);
      }
      checkExpr(f.body, frame);
    }
  };

  const checkBlock = (block: MatchBlock, parent: Env): void => {
    const names = block.pattern.flatMap((s) => (s.kind === 'literal' ? [] : [s.name]));
    const env = declare(block.functions, parent, new Set(names));
    checkFunctions(env);
    for (const allow of block.allows) if (allow.condition) checkExpr(allow.condition, env);
    for (const child of block.matches) checkBlock(child, env);
  };

  const root = declare(file.functions, null, new Set());
  checkFunctions(root);
  for (const block of file.matches) checkBlock(block, root);
  return issues;
}
