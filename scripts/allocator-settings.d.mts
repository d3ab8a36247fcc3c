export function environmentWithAllocatorSettings(env?: Record<string, string | undefined>, platform?: string): Record<string, string | undefined> | null;
export function restartWithAllocatorSettings(): void;
