/**
 * Splits a SQL script into its statements, the way psql reads one: a semicolon ends a statement unless it
 * sits in a string ('...', E'...'), a quoted name ("..."), a dollar-quoted body ($tag$...$tag$) or a
 * comment. The schema files are applied one statement at a time (schema-files.ts), so each is cut here.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const n = script.length;
  while (i < n) {
    const c = script[i];
    const next = script[i + 1];
    if (c === '-' && next === '-') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === "'") {
      // E'...' strings escape with backslashes; standard strings only by doubling the quote.
      const escaped = i > 0 && /[eE]/.test(script[i - 1] ?? '') && !/[\w$]/.test(script[i - 2] ?? '');
      i++;
      while (i < n) {
        if (escaped && script[i] === '\\') i += 2;
        else if (script[i] === "'" && script[i + 1] === "'") i += 2;
        else if (script[i] === "'") break;
        else i++;
      }
      i++;
    } else if (c === '"') {
      const end = script.indexOf('"', i + 1);
      i = end === -1 ? n : end + 1;
    } else if (c === '$' && !/[\w$]/.test(script[i - 1] ?? '')) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(i, i + 64));
      if (tag) {
        const end = script.indexOf(tag[0], i + tag[0].length);
        i = end === -1 ? n : end + tag[0].length;
      } else i++;
    } else if (c === ';') {
      push(script.slice(start, i + 1));
      start = ++i;
    } else i++;
  }
  push(script.slice(start));
  return statements;

  function push(text: string) {
    // A statement made only of comments and blank lines is nothing to run.
    const code = text.replace(/--[^\n]*/g, '').trim();
    if (code && code !== ';') statements.push(text.trim());
  }
}
