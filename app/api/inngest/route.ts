import { serve } from "inngest/next";
import { inngest } from "@/lib/events/client";
import { functions } from "@/inngest/functions";
import { jobsMode } from "@/lib/events/mode";
import { errorResponseFor } from "@/lib/api/envelope";

// Embedded mode is Inngest dev mode, whose serve() runs unsigned requests: never expose it.
const notFound = async () => errorResponseFor(404);

export const { GET, POST, PUT } = jobsMode === "inngest" ? serve({ client: inngest, functions }) : { GET: notFound, POST: notFound, PUT: notFound };
