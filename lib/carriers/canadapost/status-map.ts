import { lookupStatus, type TagSubtag } from "@/lib/carriers/subtags";

/**
 * `event-identifier` codes (leading zeros stripped) grouped as karrio groups them
 * (research/carriers.md §6, reference/carrier-status-maps.json). null: informational, takes the status before it.
 */
const GROUPS: ReadonlyArray<readonly [TagSubtag | null, string]> = [
  // "Signature image recorded for online viewing": comes beside the delivery scan.
  [null, "20"],
  // "Item processed at postal facility" is a sorting scan, not the acceptance karrio lumps it with.
  [["InTransit", "InTransit_001"], "100"],
  [["InTransit", "InTransit_002"], "101 102 103 104 105 106 107 1400 1401 1402 1403 1404 1405"],
  [["InTransit", "InTransit_004"], "4310"],
  [["OutForDelivery", "OutForDelivery_001"], "174 500"],
  [["AvailableForPickup", "AvailableForPickup_001"], "118 156 1407 1410 1435 1436 1437 1438 1479 1488 1701 2410"],
  [["Delivered", "Delivered_001"], "1408 1409 1421 1422 1423 1424 1425 1426 1427 1428 1429 1430 1431 1432 1433 1434 1441 1442 1496 1497 1498 1499"],
  [["AttemptFail", "AttemptFail_001"], "154 167 168 169 183 184 190 1100 1417 1418 1419 1420 1450 1481 1491 1492 1493 2600 2802 3001 4650"],
  [["AttemptFail", "AttemptFail_003"], "179 181 182"],
  [["Exception", "Exception_001"], "1411 1414 2411 2414 4700"],
  [["Exception", "Exception_003"], "150 1415 1416"],
  [["Exception", "Exception_004"], "117 120 121 810 1443 1484 1487"],
  [["Exception", "Exception_005"], "159 160 161 162 163 2412"],
  [["Exception", "Exception_006"], "125 127 1494"],
  [["Exception", "Exception_007"], "172 173 1482 1483"],
];

export const CANADAPOST_EVENT_CODES: Readonly<Record<string, TagSubtag | null>> = Object.fromEntries(
  GROUPS.flatMap(([status, codes]) => codes.split(" ").map((code) => [code, status])),
);

const IN_TRANSIT: TagSubtag = ["InTransit", "InTransit_001"];
const SIGNED: TagSubtag = ["Delivered", "Delivered_003"];

/** An event's status; other codes are scans along the way (karrio's default). A delivery someone signed for is Delivered_003. */
export function canadapostEventStatus(identifier: string | null | undefined, signed: boolean): TagSubtag | null {
  const code = identifier?.trim().replace(/^0+(?=\d)/, "");
  const known = lookupStatus(CANADAPOST_EVENT_CODES, code);
  if (known === undefined) return IN_TRANSIT;
  return known?.[1] === "Delivered_001" && signed ? SIGNED : known;
}
