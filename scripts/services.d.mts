/** Types of scripts/services.mjs, for the test files. */
export declare const SERVICE_PATIENCE_MS: number;
export declare function postgresAnswers(url: string): Promise<boolean>;
export declare function redisAnswers(url: string): Promise<boolean>;
