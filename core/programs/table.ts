// Tables looked up by names a command line controls (programs, subcommands, options, variables):
// with no prototype, so that `constructor`, `valueOf`, `__proto__` and the other members of every
// object are unknown names there, not hits. A hit that is not a row made guards throw, and a guard
// that throws has no opinion: `valueOf; rm -rf ~` ran unjudged (test/prototype-names.test.ts).

/** `rows`, without a prototype (the same object, for its type and its literal's shape). */
export function namesOnly<T extends object>(rows: T): T {
  return Object.setPrototypeOf(rows, null) as T;
}
