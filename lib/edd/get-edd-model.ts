import type { Executor } from "@/db/client";
import { loadDeliverySamples } from "./load-delivery-samples";
import { trainModel } from "./train-model";
import { type EddModel } from "./types";
import { errorSummary } from "@/lib/log-server-error";
import { log } from "@/lib/observability/log";

/** A model older than this is retrained; the old one keeps answering meanwhile. */
export const MODEL_MAX_AGE_MS = 60 * 60 * 1000;
// The most recent deliveries only: loading and training 20,000 takes about 1.7 s here, most of it blocking the event loop.
export const MAX_TRAINING_SAMPLES = 20_000;
/** No organisation fills more than a quarter of the model's history. */
export const MAX_TRAINING_SAMPLES_PER_ORGANIZATION = 5_000;

interface TrainedModel {
  model: EddModel;
  trainedAt: number;
}

interface ModelCache {
  current?: TrainedModel;
  training?: Promise<TrainedModel>;
}

// On globalThis: Next.js may load this module once per bundle, but a process needs one model.
const cache: ModelCache = ((globalThis as unknown as { __waybillEddModel?: ModelCache }).__waybillEddModel ??= {});

async function train(db: Executor): Promise<TrainedModel> {
  const samples = await loadDeliverySamples(db, MAX_TRAINING_SAMPLES, MAX_TRAINING_SAMPLES_PER_ORGANIZATION);
  return { model: trainModel(samples), trainedAt: Date.now() };
}

/** Starts one training at a time and caches what it gives. */
function startTraining(db: Executor): Promise<TrainedModel> {
  cache.training ??= train(db)
    .then((trained) => (cache.current = trained))
    .finally(() => (cache.training = undefined));
  return cache.training;
}

/**
 * The process's EDD model, trained on the database's deliveries (all organisations: the model keeps
 * each one's own lanes beside the pooled ones). Only the first call waits for training.
 */
export async function getEddModel(db: Executor): Promise<EddModel> {
  const current = cache.current;
  if (current && Date.now() - current.trainedAt < MODEL_MAX_AGE_MS) return current.model;
  const training = startTraining(db);
  if (!current) return (await training).model;
  training.catch((error: unknown) =>
    log().error({ event: "edd_retraining_failed", error: errorSummary(error) }, "[edd] retraining failed; the previous model keeps answering"),
  );
  return current.model;
}

/** Retrains now and returns the new model: for tests that have just stored deliveries. */
export async function refreshEddModel(db: Executor): Promise<EddModel> {
  await cache.training?.catch(() => undefined);
  return (await startTraining(db)).model;
}
