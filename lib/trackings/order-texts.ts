import type { PageLanguage } from "./shopper-texts";

/** The order view's and the delivery question's words, per language ({name} marks a value). */
export interface OrderTexts {
  orderTitle: string;
  parcelCount: string;
  parcel: string;
  preparing: string;
  preparingNote: string;
  latestUpdate: string;
  journey: string;
  wholeOrder: string;
  carrierWords: string;
  feedbackTitle: string;
  ratings: [string, string, string, string, string];
  comment: string;
  send: string;
  thanks: string;
  changeUntil: string;
  feedbackFailed: string;
}

export const ORDER_TEXTS: Record<PageLanguage, OrderTexts> = {
  en: {
    orderTitle: "Order {number}",
    parcelCount: "{count} parcels",
    parcel: "Parcel {index}",
    preparing: "Being prepared",
    preparingNote: "These items have not shipped yet:",
    latestUpdate: "Latest update",
    journey: "Show its journey",
    wholeOrder: "This order comes in more than one parcel: see the whole order",
    carrierWords: "Carrier's words",
    feedbackTitle: "How was your delivery?",
    ratings: ["Very poor", "Poor", "OK", "Good", "Excellent"],
    comment: "Anything to add? (optional)",
    send: "Send",
    thanks: "Thank you! Your answer is saved.",
    changeUntil: "You can change it until {date}.",
    feedbackFailed: "Your answer could not be saved. Please try again later.",
  },
  de: {
    orderTitle: "Bestellung {number}",
    parcelCount: "{count} Pakete",
    parcel: "Paket {index}",
    preparing: "Wird vorbereitet",
    preparingNote: "Diese Artikel sind noch nicht verschickt:",
    latestUpdate: "Letzte Meldung",
    journey: "Sendungsverlauf zeigen",
    wholeOrder: "Diese Bestellung kommt in mehreren Paketen: ganze Bestellung ansehen",
    carrierWords: "Meldung des Versanddienstes",
    feedbackTitle: "Wie war Ihre Zustellung?",
    ratings: ["Sehr schlecht", "Schlecht", "In Ordnung", "Gut", "Ausgezeichnet"],
    comment: "Möchten Sie etwas ergänzen? (optional)",
    send: "Senden",
    thanks: "Danke! Ihre Antwort ist gespeichert.",
    changeUntil: "Sie können sie bis {date} ändern.",
    feedbackFailed: "Ihre Antwort konnte nicht gespeichert werden. Bitte versuchen Sie es später noch einmal.",
  },
  fr: {
    orderTitle: "Commande {number}",
    parcelCount: "{count} colis",
    parcel: "Colis {index}",
    preparing: "En préparation",
    preparingNote: "Ces articles ne sont pas encore expédiés :",
    latestUpdate: "Dernière mise à jour",
    journey: "Voir son parcours",
    wholeOrder: "Cette commande arrive en plusieurs colis : voir toute la commande",
    carrierWords: "Message du transporteur",
    feedbackTitle: "Comment s'est passée votre livraison ?",
    ratings: ["Très mauvaise", "Mauvaise", "Correcte", "Bonne", "Excellente"],
    comment: "Quelque chose à ajouter ? (facultatif)",
    send: "Envoyer",
    thanks: "Merci ! Votre réponse est enregistrée.",
    changeUntil: "Vous pouvez la modifier jusqu'au {date}.",
    feedbackFailed: "Votre réponse n'a pas pu être enregistrée. Veuillez réessayer plus tard.",
  },
  es: {
    orderTitle: "Pedido {number}",
    parcelCount: "{count} paquetes",
    parcel: "Paquete {index}",
    preparing: "En preparación",
    preparingNote: "Estos artículos aún no se han enviado:",
    latestUpdate: "Última actualización",
    journey: "Ver su recorrido",
    wholeOrder: "Este pedido llega en varios paquetes: ver el pedido completo",
    carrierWords: "Mensaje del transportista",
    feedbackTitle: "¿Qué tal fue la entrega?",
    ratings: ["Muy mala", "Mala", "Correcta", "Buena", "Excelente"],
    comment: "¿Algo que añadir? (opcional)",
    send: "Enviar",
    thanks: "¡Gracias! Su respuesta se ha guardado.",
    changeUntil: "Puede cambiarla hasta el {date}.",
    feedbackFailed: "No se pudo guardar su respuesta. Inténtelo de nuevo más tarde.",
  },
  nl: {
    orderTitle: "Bestelling {number}",
    parcelCount: "{count} pakketten",
    parcel: "Pakket {index}",
    preparing: "Wordt klaargemaakt",
    preparingNote: "Deze artikelen zijn nog niet verzonden:",
    latestUpdate: "Laatste update",
    journey: "Toon de route",
    wholeOrder: "Deze bestelling komt in meerdere pakketten: bekijk de hele bestelling",
    carrierWords: "Bericht van de vervoerder",
    feedbackTitle: "Hoe was de bezorging?",
    ratings: ["Zeer slecht", "Slecht", "Redelijk", "Goed", "Uitstekend"],
    comment: "Nog iets toe te voegen? (optioneel)",
    send: "Versturen",
    thanks: "Bedankt! Uw antwoord is opgeslagen.",
    changeUntil: "U kunt het wijzigen tot {date}.",
    feedbackFailed: "Uw antwoord kon niet worden opgeslagen. Probeer het later opnieuw.",
  },
  it: {
    orderTitle: "Ordine {number}",
    parcelCount: "{count} pacchi",
    parcel: "Pacco {index}",
    preparing: "In preparazione",
    preparingNote: "Questi articoli non sono ancora stati spediti:",
    latestUpdate: "Ultimo aggiornamento",
    journey: "Mostra il percorso",
    wholeOrder: "Questo ordine arriva in più pacchi: vedi l'ordine completo",
    carrierWords: "Messaggio del corriere",
    feedbackTitle: "Com'è andata la consegna?",
    ratings: ["Pessima", "Scarsa", "Discreta", "Buona", "Ottima"],
    comment: "Qualcosa da aggiungere? (facoltativo)",
    send: "Invia",
    thanks: "Grazie! La sua risposta è stata salvata.",
    changeUntil: "Può modificarla fino al {date}.",
    feedbackFailed: "Non è stato possibile salvare la risposta. Riprovi più tardi.",
  },
};

/** A text with its `{name}` marks filled. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
