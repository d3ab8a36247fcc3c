import { InvalidError } from "@/lib/domain-errors";
import { BodyTooLarge, readLimitedBody } from "@/lib/read-limited-body";

// A little over the logo's 200 KB, so the size refusal names the logo's own limit.
const MAX_UPLOAD_BYTES = 256 * 1024;

export async function readLogoUpload(request: Request): Promise<Uint8Array> {
  try {
    return await readLimitedBody(request, MAX_UPLOAD_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new InvalidError("logo", "invalid", "The logo may be at most 200 KB.");
    throw error;
  }
}
