import { isSubtag, subtagMessage, type Subtag } from "@/lib/carriers/subtags";
import type { Checkpoint } from "@/db/schema";
import type { PageLanguage } from "../shopper-texts";

type Translated = Exclude<PageLanguage, "en">;

/** Each subtag's wording in the page's other languages: de, fr, es, nl, it. */
const WORDING: Record<Subtag, [string, string, string, string, string]> = {
  Pending_001: ["Ausstehend", "En attente", "Pendiente", "In afwachting", "In attesa"],
  InfoReceived_001: ["Sendungsdaten erhalten", "Informations reçues", "Información recibida", "Gegevens ontvangen", "Informazioni ricevute"],
  InTransit_001: ["Unterwegs", "En transit", "En tránsito", "Onderweg", "In transito"],
  InTransit_002: [
    "Vom Versanddienst angenommen",
    "Pris en charge par le transporteur",
    "Admitido por el transportista",
    "Aangenomen door de vervoerder",
    "Accettato dal corriere",
  ],
  InTransit_003: ["Im Zentrum angekommen", "Arrivé au centre", "Llegada al centro", "Aangekomen in het centrum", "Arrivato al centro"],
  InTransit_004: [
    "Im Zielland angekommen",
    "Arrivé dans le pays de destination",
    "Llegada al país de destino",
    "Aangekomen in het land van bestemming",
    "Arrivato nel paese di destinazione",
  ],
  InTransit_005: [
    "Verzollung abgeschlossen",
    "Dédouanement terminé",
    "Despacho de aduanas completado",
    "Douaneafhandeling voltooid",
    "Sdoganamento completato",
  ],
  InTransit_006: ["Verzollung begonnen", "Dédouanement en cours", "Despacho de aduanas iniciado", "Douaneafhandeling gestart", "Sdoganamento iniziato"],
  InTransit_007: ["Abgangsscan", "Parti du centre", "Salida del centro", "Vertrokken uit het centrum", "Partito dal centro"],
  InTransit_008: ["Problem behoben", "Problème résolu", "Problema resuelto", "Probleem opgelost", "Problema risolto"],
  InTransit_009: [
    "An eine andere Adresse weitergeleitet",
    "Réacheminé vers une autre adresse",
    "Reenviado a otra dirección",
    "Doorgestuurd naar een ander adres",
    "Inoltrato a un altro indirizzo",
  ],
  OutForDelivery_001: ["In Zustellung", "En cours de livraison", "En reparto", "Wordt bezorgd", "In consegna"],
  OutForDelivery_002: ["In Zustellung", "En cours de livraison", "En reparto", "Wordt bezorgd", "In consegna"],
  OutForDelivery_003: ["Empfänger kontaktiert", "Destinataire contacté", "Destinatario contactado", "Ontvanger gecontacteerd", "Destinatario contattato"],
  OutForDelivery_004: [
    "Zustelltermin vereinbart",
    "Rendez-vous de livraison fixé",
    "Cita de entrega programada",
    "Bezorgafspraak gemaakt",
    "Appuntamento di consegna fissato",
  ],
  AttemptFail_001: [
    "Zustellversuch fehlgeschlagen",
    "Tentative de livraison échouée",
    "Intento de entrega fallido",
    "Bezorgpoging mislukt",
    "Tentativo di consegna non riuscito",
  ],
  AttemptFail_002: ["Empfänger nicht angetroffen", "Destinataire absent", "Destinatario ausente", "Ontvanger niet aanwezig", "Destinatario assente"],
  AttemptFail_003: ["Geschäft geschlossen", "Établissement fermé", "Negocio cerrado", "Bedrijf gesloten", "Attività chiusa"],
  Delivered_001: ["Zugestellt", "Livré", "Entregado", "Bezorgd", "Consegnato"],
  Delivered_002: [
    "Vom Empfänger abgeholt",
    "Retiré par le destinataire",
    "Recogido por el destinatario",
    "Opgehaald door de ontvanger",
    "Ritirato dal destinatario",
  ],
  Delivered_003: [
    "Vom Empfänger unterschrieben",
    "Signé par le destinataire",
    "Firmado por el destinatario",
    "Getekend door de ontvanger",
    "Firmato dal destinatario",
  ],
  Delivered_004: [
    "Zugestellt, Nachnahme kassiert",
    "Livré, paiement à la livraison encaissé",
    "Entregado y cobrado contra reembolso",
    "Bezorgd, rembours ontvangen",
    "Consegnato, contrassegno incassato",
  ],
  Delivered_005: ["Beim Nachbarn zugestellt", "Livré chez un voisin", "Entregado a un vecino", "Bezorgd bij de buren", "Consegnato a un vicino"],
  AvailableForPickup_001: ["Zur Abholung bereit", "Disponible au retrait", "Disponible para recoger", "Klaar om op te halen", "Pronto per il ritiro"],
  Exception_001: ["Problem bei der Zustellung", "Incident de livraison", "Incidencia en la entrega", "Probleem met de bezorging", "Problema con la consegna"],
  Exception_002: ["Empfänger verzogen", "Destinataire a déménagé", "El destinatario se ha mudado", "Ontvanger verhuisd", "Destinatario trasferito"],
  Exception_003: ["Annahme verweigert", "Livraison refusée", "Entrega rechazada", "Aanname geweigerd", "Consegna rifiutata"],
  Exception_004: ["Verzögert (Zollabfertigung)", "Retardé (dédouanement)", "Retrasado (aduanas)", "Vertraagd (douane)", "In ritardo (dogana)"],
  Exception_005: [
    "Verzögert (äußere Umstände)",
    "Retardé (facteurs externes)",
    "Retrasado (factores externos)",
    "Vertraagd (externe factoren)",
    "In ritardo (fattori esterni)",
  ],
  Exception_006: ["Wartet auf Zahlung", "En attente de paiement", "Retenido a la espera de pago", "Wacht op betaling", "In attesa di pagamento"],
  Exception_007: ["Adresse fehlerhaft", "Adresse incorrecte", "Dirección incorrecta", "Onjuist adres", "Indirizzo errato"],
  Exception_008: ["Abholung verpasst", "Enlèvement manqué", "Recogida no realizada", "Ophaling gemist", "Ritiro mancato"],
  Exception_009: [
    "Vom Versanddienst abgelehnt",
    "Refusé par le transporteur",
    "Rechazado por el transportista",
    "Geweigerd door de vervoerder",
    "Rifiutato dal corriere",
  ],
  Exception_010: [
    "Wird an den Absender zurückgeschickt",
    "En retour à l'expéditeur",
    "En devolución al remitente",
    "Wordt teruggestuurd naar de afzender",
    "In restituzione al mittente",
  ],
  Exception_011: [
    "An den Absender zurückgeschickt",
    "Retourné à l'expéditeur",
    "Devuelto al remitente",
    "Teruggestuurd naar de afzender",
    "Restituito al mittente",
  ],
  Exception_012: ["Sendung beschädigt", "Colis endommagé", "Envío dañado", "Zending beschadigd", "Spedizione danneggiata"],
  Exception_013: ["Sendung verloren", "Colis perdu", "Envío perdido", "Zending verloren", "Spedizione smarrita"],
  Exception_016: ["Verzögert (Bearbeitung)", "Retardé (traitement)", "Retrasado (procesamiento)", "Vertraagd (verwerking)", "In ritardo (lavorazione)"],
  Exception_017: ["Verzögert (Unwetter)", "Retardé (intempéries)", "Retrasado (mal tiempo)", "Vertraagd (extreem weer)", "In ritardo (maltempo)"],
  Exception_018: [
    "Dokumente fehlen oder sind fehlerhaft",
    "Documents manquants ou incorrects",
    "Documentos incorrectos o ausentes",
    "Documenten onjuist of ontbrekend",
    "Documenti errati o mancanti",
  ],
  Expired_001: ["Keine Neuigkeiten mehr", "Plus de nouvelles", "Sin novedades", "Geen nieuws meer", "Nessuna novità"],
};

const COLUMN: Record<Translated, number> = { de: 0, fr: 1, es: 2, nl: 3, it: 4 };

/**
 * A scan's wording in the page's language, when the carrier's message is one of its known phrases
 * (the carrier's own code was read, or the message is the subtag's wording); null otherwise, or in
 * English, where the carrier's words stand alone.
 */
export function scanWording(checkpoint: Pick<Checkpoint, "subtag" | "rawTag" | "message">, language: PageLanguage): string | null {
  if (language === "en" || !isSubtag(checkpoint.subtag)) return null;
  const known = checkpoint.rawTag !== null || checkpoint.message.trim() === subtagMessage(checkpoint.subtag);
  if (!known) return null;
  const wording = WORDING[checkpoint.subtag][COLUMN[language]]!;
  return wording === checkpoint.message.trim() ? null : wording;
}
