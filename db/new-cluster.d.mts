export declare function ensureCluster(dataDir: string, template?: string): Promise<void>;
export declare function makeClusterTemplate(template?: string): Promise<void>;
