// The stores @fastify/rate-limit ships (CommonJS, untyped); server/plugins/rateLimits.ts combines them.
declare module '@fastify/rate-limit/store/*.js' {
  export interface StoreResult {
    current: number;
    ttl: number;
  }
  export type StoreCallback = (err: Error | null, result?: StoreResult) => void;
  export interface CounterStore {
    incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
    read(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
    child(routeOptions: object): CounterStore;
  }
  const Store: new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => CounterStore;
  export default Store;
}
