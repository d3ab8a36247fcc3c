import type { ApiError } from "@/lib/api/errors";
import type { Checkpoint } from "@/db/schema";
import type { CreateTrackingInput } from "@/lib/trackings/create-tracking";
import type { TrackingListFilter, TrackingListPaging, TrackingListResult } from "@/lib/trackings/list-trackings";
import type { CompletionReason } from "@/lib/trackings/mark-tracking-completed";
import type { TrackingRecord } from "@/lib/trackings/tracking-record";
import type { UpdateTrackingInput } from "@/lib/trackings/update-tracking";

export interface ListRequest {
  filter: TrackingListFilter;
  paging: TrackingListPaging;
  fields: string | null;
  /** Filters as the version echoes them back beside the page. */
  echo: Record<string, unknown>;
}

/** What differs between API versions about trackings: request shapes and response shapes. */
export interface TrackingCodec {
  parseCreate(body: unknown): CreateTrackingInput;
  parseUpdate(body: unknown): UpdateTrackingInput;
  parseCompletion(body: unknown): { reason: CompletionReason; eventDatetime?: string };
  /** `now` is the list's pinned time: the request's, or page 1's for page-based versions (see listSnapshot). */
  parseList(query: URLSearchParams, now: Date): ListRequest;
  /** Page-based versions: the query's snapshot key and page, whose page 1 pins "now" for later pages. */
  listSnapshot?(query: URLSearchParams): { key: string; page: number };
  /** The `data` of create, get, update and mark-as-completed. */
  single(record: TrackingRecord, fields?: string | null): unknown;
  deleted(record: TrackingRecord): unknown;
  retracked(record: TrackingRecord): unknown;
  list(result: TrackingListResult, request: ListRequest): unknown;
  /** The tracking itself, unwrapped: webhooks carry it as `msg`. */
  tracking(record: TrackingRecord): Record<string, unknown>;
  checkpoint(checkpoint: Checkpoint): Record<string, unknown>;
  /** What an error about a request body echoes in `data` (v4: the `tracking` sent); undefined: nothing. */
  errorEcho?(body: unknown): unknown;
  /** Errors name fields as the version does (2025-04 renamed some). */
  renameErrorFields?(error: ApiError): ApiError;
}
