/** Runs the calls given to it one after another, in the order given: each starts once the one before has settled. */
export type OneAtATime = <T>(call: () => Promise<T>) => Promise<T>;

export function oneAtATime(): OneAtATime {
  let last: Promise<unknown> = Promise.resolve();
  return (call) => {
    const next = last.then(call);
    last = next.catch(() => undefined);
    return next;
  };
}
