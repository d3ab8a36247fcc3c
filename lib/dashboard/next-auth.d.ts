import "next-auth";
import "next-auth/jwt";

// What Waybill keeps in a dashboard session besides next-auth's own fields.
declare module "next-auth" {
  interface Session {
    userId?: string;
    /** Fingerprint of the password hash at sign-in: a password change ends the session. */
    stamp?: string;
  }
  interface User {
    stamp?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    stamp?: string;
  }
}
