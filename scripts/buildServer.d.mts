/** Types of scripts/buildServer.mjs, for the tests' global set-up and test files. */
export declare function buildServer(): Promise<void>;
export declare function serverEntry(name: 'index' | 'migrate' | 'createAdmin'): string;
export declare function buildServerIfStale(): Promise<void>;
export declare function stale(built: string, sources: string[]): boolean;
