/** Types of scripts/services.mjs, for the test files. */
export declare function postgresAnswers(url: string): Promise<boolean>;
export declare function redisAnswers(url: string): Promise<boolean>;
