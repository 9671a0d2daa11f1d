// The work meter: every loop whose length grows with the input counts its steps here. Two uses:
//  - the deadline is checked every CHECK_EVERY steps wherever the work is (parse, expansion,
//    resolution, effects, every guard's loops, payload normalisation, translation), not only
//    between commands or guards: past it, OutOfTime is thrown and the call is denied as
//    unanalysable (dispatch.ts), in both fail modes;
//  - the growth tests count the steps of a whole evaluation at input size n and 2n: the count is
//    deterministic, unlike time, and every stage must stay linear.
// One evaluation runs at a time (the hook, lint and the language server are synchronous), so the
// meter is module state, installed by the dispatcher around each call.

/** Thrown by work() once the deadline has passed; the dispatcher turns it into the unanalysable deny. */
export class OutOfTime extends Error {
  constructor() {
    super("the guard's time limit passed");
    this.name = 'OutOfTime';
  }
}

const CHECK_EVERY = 2048;
let done = 0;
let nextCheck = CHECK_EVERY;
let expired: (() => boolean) | null = null;
/** Once a check found the deadline passed, every later step throws at once (loops that catch stop soon too). */
let past = false;

/** Counts `steps` units of work; throws OutOfTime when a check finds the deadline passed. */
export function work(steps = 1): void {
  done += steps;
  if (done < nextCheck && !past) return;
  nextCheck = done + CHECK_EVERY;
  if (past || expired?.()) {
    past = true;
    throw new OutOfTime();
  }
}

/** Steps counted so far (only differences mean anything). */
export function workDone(): number {
  return done;
}

/** Runs `fn` with `isExpired` as the deadline work() checks (none when undefined), then restores the previous one. */
export function withDeadline<T>(isExpired: (() => boolean) | undefined, fn: () => T): T {
  const before = expired;
  const wasPast = past;
  expired = isExpired ?? before;
  if (isExpired) past = false;
  try {
    return fn();
  } finally {
    expired = before;
    past = wasPast;
  }
}

/** True once the deadline work() checks has passed (for loops that want to stop cleanly instead of throwing). */
export function outOfTime(): boolean {
  return expired?.() === true;
}

export interface Deadline {
  expired(): boolean;
  /** Milliseconds left (for capping git calls). */
  remaining(): number;
}

/** A deadline `ms` from now. The hook's timeout is 10 s; a timed-out hook does not block, so it must answer well before. */
export function deadlineIn(ms: number, now: () => number = Date.now): Deadline {
  const end = now() + ms;
  return { expired: () => now() >= end, remaining: () => Math.max(0, end - now()) };
}
