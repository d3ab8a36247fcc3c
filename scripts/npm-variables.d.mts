export function dropNpmVariables(env?: Record<string, string | undefined>): void;
