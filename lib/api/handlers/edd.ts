import { getEddModel } from "@/lib/edd/get-edd-model";
import { predictDelivery } from "@/lib/edd/predict-delivery";
import { type PredictionItem, toPredictionRequest } from "@/lib/edd/prediction-request-schema";
import type { ApiContext, ApiHandler } from "../types";
import { parsePredictBatch, parsePredictItem, predictionAnswer } from "../versions/edd-codec";

async function predictItems(ctx: ApiContext, items: PredictionItem[]) {
  const model = await getEddModel(ctx.db);
  return items.map((item) => predictionAnswer(ctx.version, item, predictDelivery(model, toPredictionRequest(item), { organizationId: ctx.organization.id })));
}

/** POST /estimated-delivery-date/predict-batch: `data.estimated_delivery_dates`, one answer per item. */
export const predictBatchHandler: ApiHandler = async (ctx) => {
  return { data: { estimated_delivery_dates: await predictItems(ctx, parsePredictBatch(ctx.version, ctx.body)) } };
};

/** POST /estimated-delivery-date/predict (2025-04): the one answer as `data`. */
export const predictHandler: ApiHandler = async (ctx) => {
  const [answer] = await predictItems(ctx, [parsePredictItem(ctx.version, ctx.body)]);
  return { data: answer };
};
