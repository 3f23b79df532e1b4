/**
 * A gate for costly work: at most `limits.concurrent` tasks run at once, up to `limits.queued` more wait their turn in
 * order, and a task beyond that is refused at once with `full()` instead of piling up. `peak` is the most that ever
 * ran at once (for the tests).
 */
export interface Gate {
  readonly limits: { concurrent: number; queued: number };
  readonly active: number;
  readonly waiting: number;
  peak: number;
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createGate(limits: { concurrent: number; queued: number }, full: () => Error): Gate {
  let active = 0;
  const waiting: Array<() => void> = [];
  const gate: Gate = {
    limits,
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    peak: 0,
    async run(task) {
      if (active < limits.concurrent) active += 1;
      else if (waiting.length < limits.queued) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw full();
      // A task that waited was handed the slot of the one that finished.
      gate.peak = Math.max(gate.peak, active);
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
  return gate;
}
