/** The one visible focus style, for keyboard users, on every interactive element. */
export const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2";
