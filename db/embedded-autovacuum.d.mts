/** What a pass did to one table. */
export interface AutovacuumAction {
  table: string;
  action: "vacuum" | "analyze";
}

/** The part of PGlite's interface a pass uses. */
interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

export declare function vacuumDueTables(db: Queryable): Promise<AutovacuumAction[]>;
export declare function startAutovacuum(db: Queryable, intervalMs?: number): () => void;
