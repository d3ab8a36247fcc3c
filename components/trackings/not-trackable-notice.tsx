import Link from "next/link";
import { Fragment } from "react";
import { Alert } from "@/components/ui/alert";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus-ring";
import type { NotTrackableView } from "@/lib/dashboard/types";

const linkClass = cn("rounded font-medium underline hover:no-underline", focusRing);

/** "Connect UPS or add a tracking provider", each a link into Settings. */
export function NotTrackableActions({ notTrackable, className }: { notTrackable: NotTrackableView; className?: string }) {
  if (!notTrackable.actions.length) return null;
  return (
    <span className={className}>
      {notTrackable.actions.map((action, index) => (
        <Fragment key={action.href}>
          {index > 0 && " or "}
          <Link href={action.href} className={linkClass}>
            {action.label}
          </Link>
        </Fragment>
      ))}
    </span>
  );
}

/** The tracking page's word on a shipment nobody follows: why, and what fixes it. */
export function NotTrackableNotice({ notTrackable }: { notTrackable: NotTrackableView }) {
  return (
    <Alert tone="warning" title="Not trackable yet" className="mb-6">
      <p>{notTrackable.message}</p>
      {notTrackable.actions.length > 0 && (
        <p className="mt-1">
          <NotTrackableActions notTrackable={notTrackable} />. Waybill looks again as soon as you do.
        </p>
      )}
    </Alert>
  );
}
