// Vitest setup: tests send events as the server does, through the embedded runner's transport.
import { embeddedFetch } from "@/inngest/embedded/transport";
import { handEmbeddedTransport } from "@/lib/events/client";

handEmbeddedTransport(embeddedFetch);
