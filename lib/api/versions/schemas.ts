import type { ApiVersion } from "../types";
import { schemas202407 } from "./2024-07";
import { schemas202504 } from "./2025-04";
import { schemas202507 } from "./2025-07";
import { schemas202601 } from "./2026-01";
import { schemas202607 } from "./2026-07";
import { schemasV4 } from "./v4";
import type { VersionSchemas } from "./version-schemas";

/** Each version's request and answer schemas, which its OpenAPI document is generated from. */
export const versionSchemas: Record<ApiVersion, VersionSchemas> = {
  v4: schemasV4,
  "2024-07": schemas202407,
  "2025-04": schemas202504,
  "2025-07": schemas202507,
  "2026-01": schemas202601,
  "2026-07": schemas202607,
};
