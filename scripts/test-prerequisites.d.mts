export declare const DEFAULT_TEST_POSTGRES_URL: string;
export declare function missingPrerequisites(options: { postgresUrl: string; chromiumPath: string; browserTests: boolean }): Promise<string[]>;
