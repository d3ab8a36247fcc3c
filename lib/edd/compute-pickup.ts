import { addBusinessDays, type BusinessCalendar, isBusinessDay, MONDAY_TO_FRIDAY, nextBusinessDay } from "./business-days";
import { datePart, formatClock, secondsOfDay } from "./local-dates";
import { type HolidayRegion } from "./public-holidays";

/** `estimated_pickup` of the compatible API, with its defaults applied by `computePickup`. */
export interface EstimatedPickup {
  /** "YYYY-MM-DD HH:mm:ss", local time at the origin. */
  orderTime: string;
  /** "HH:mm:ss"; orders placed later roll to the next business day. Default "18:00:00". */
  orderCutoffTime?: string | null;
  /** ISO weekdays the shipper works (1 = Monday … 7 = Sunday). Default Monday to Friday. */
  businessDays?: readonly number[] | null;
  /** Business days between accepting an order and handing it to the carrier. Default 0. */
  orderProcessingDays?: number | null;
}

export const DEFAULT_ORDER_CUTOFF_TIME = "18:00:00";

/**
 * When the carrier gets the parcel, as "YYYY-MM-DD HH:mm:ss" local time at the origin: the order's
 * first business day (the next one when ordered after the cutoff or on a day off), plus the processing
 * days counted in business days. The time is the cutoff: the carrier collects what was ready by then.
 * `originHolidays` are the shipper's public holidays (usually the origin's region).
 */
export function computePickup(pickup: EstimatedPickup, originHolidays: readonly HolidayRegion[]): string {
  const cutoff = pickup.orderCutoffTime ?? DEFAULT_ORDER_CUTOFF_TIME;
  const calendar: BusinessCalendar = {
    weekdays: pickup.businessDays?.length ? pickup.businessDays : MONDAY_TO_FRIDAY,
    regions: originHolidays,
  };
  const orderDate = datePart(pickup.orderTime);
  const inTime = isBusinessDay(orderDate, calendar) && secondsOfDay(pickup.orderTime) <= secondsOfDay(cutoff);
  const firstDay = inTime ? orderDate : nextBusinessDay(orderDate, calendar);
  const pickupDate = addBusinessDays(firstDay, pickup.orderProcessingDays ?? 0, calendar);
  return `${pickupDate} ${formatClock(secondsOfDay(cutoff))}`;
}
