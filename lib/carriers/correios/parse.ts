import { z } from "zod";
import { type EventTime, eventTimeFromIso, eventTimeInZone, splitIsoDateTime } from "@/lib/carriers/event-time";
import { type CheckpointDraft, deriveShipmentFacts, finalizeCheckpoints } from "@/lib/carriers/normalize";
import { type ShipmentFacts, type TrackResult } from "@/lib/carriers/types";
import { correiosEventKey, correiosEventStatus } from "./status-map";

const text = z.string().nullish();

const unit = z.object({
  nome: text,
  /** "Agência dos Correios", "Unidade de Tratamento", … or "País" for a post abroad. */
  tipo: text,
  endereco: z.object({ cep: text, logradouro: text, numero: text, bairro: text, cidade: text, uf: text }).nullish(),
});
type CorreiosUnit = z.infer<typeof unit>;

const event = z.object({
  codigo: text,
  tipo: z.union([z.string(), z.number()]).nullish(),
  dtHrCriado: text,
  descricao: text,
  detalhe: text,
  unidade: unit.nullish(),
});

/** One `objetos[]` item of API Rastro: events newest first, or `mensagem` ("SRO-020: …") for a number it does not know. */
export const correiosObject = z.object({
  codObjeto: text,
  mensagem: text,
  tipoPostal: z.object({ sigla: text, descricao: text, categoria: text }).nullish(),
  dtPrevista: text,
  /** Kilograms (5.32 in public examples of parcels). */
  peso: z.number().nullish(),
  eventos: z.array(event).nullish(),
});
export type CorreiosObject = z.infer<typeof correiosObject>;

/** `dtHrCriado` is Brasília wall-clock time without an offset. */
const HOME_ZONE = "America/Sao_Paulo";

/**
 * A Brasília wall-clock time with the offset the zone had then (-03:00; -02:00 in the summers up to
 * 2019): the instant whose time in the zone reads `value`, found in two steps so that a stamp near a
 * DST change takes the offset of its own side. A time the change skipped keeps no instant.
 */
function brasiliaEventTime(value: string): EventTime | null {
  const split = splitIsoDateTime(value);
  if (!split) return null;
  if (split.offset) return eventTimeFromIso(value);
  const wallClock = Date.parse(`${split.local}Z`);
  let instant = wallClock;
  for (let step = 0; step < 2; step += 1) instant += wallClock - Date.parse(`${eventTimeInZone(new Date(instant), HOME_ZONE).checkpointTime}Z`);
  const time = eventTimeInZone(new Date(instant), HOME_ZONE);
  return time.checkpointTime === split.local ? time : { checkpointTime: split.local, occurredAt: null };
}

/** Where a unit is: a Brazilian city and state, or a post abroad known by its country's name. */
function place(unidade: CorreiosUnit | null | undefined): Pick<CheckpointDraft, "location" | "city" | "state" | "zip" | "country"> {
  const address = unidade?.endereco;
  if (unidade?.tipo === "País") return { location: unidade.nome ?? null, country: address?.uf ?? unidade.nome ?? null };
  if (!address?.cidade && !address?.uf) return { location: unidade?.nome ?? null };
  return { city: address.cidade, state: address.uf, zip: address.cep, country: "BR" };
}

/** The counter's street address, for an item waiting there to be collected. */
function pickupAddress(unidade: CorreiosUnit | null | undefined): string | null {
  const address = unidade?.endereco;
  if (!address?.logradouro) return null;
  const street = [address.logradouro, address.numero].filter(Boolean).join(", ");
  const town = [address.cidade, address.uf].filter(Boolean).join(" - ");
  return [unidade?.nome, street, address.bairro, town].filter(Boolean).join(", ");
}

/** The estimate as a date: the Correios send the end of the day ("2024-03-19T23:59:59"). */
function estimatedDay(value: string | null | undefined): string | null {
  return (value && splitIsoDateTime(value)?.local.slice(0, 10)) || null;
}

/** An object with events (`eventos` not empty). */
export function parseCorreiosObject(item: CorreiosObject): TrackResult {
  const drafts: CheckpointDraft[] = [];
  for (const scan of item.eventos ?? []) {
    const time = scan.dtHrCriado ? brasiliaEventTime(scan.dtHrCriado) : null;
    if (!time) continue;
    const key = correiosEventKey(scan.codigo, scan.tipo);
    const status = correiosEventStatus(key);
    const where = place(scan.unidade);
    drafts.push({
      ...time,
      ...where,
      location: (status?.[0] === "AvailableForPickup" ? pickupAddress(scan.unidade) : null) ?? where.location,
      message: [scan.descricao, scan.detalhe].filter(Boolean).join(" - "),
      status,
      rawTag: key,
    });
  }
  const checkpoints = finalizeCheckpoints(drafts);
  const product = item.tipoPostal?.categoria ?? item.tipoPostal?.descricao ?? null;
  const reported: ShipmentFacts = {
    expectedDelivery: estimatedDay(item.dtPrevista),
    shipmentType: product,
    serviceType: product,
    shipmentWeight: item.peso || null,
    shipmentWeightUnit: item.peso ? "kg" : null,
  };
  return { kind: "found", checkpoints, shipment: deriveShipmentFacts(checkpoints, reported) };
}
