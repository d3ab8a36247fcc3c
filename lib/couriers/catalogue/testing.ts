import { courier } from "./define-courier";

/** The sandbox courier of compat-reference §13: its numbers script the statuses the tracking goes through. */
export const TESTING = [courier({ slug: "testing-courier", name: "Testing Courier", from: [], link: "https://www.aftership.com/couriers" })];
