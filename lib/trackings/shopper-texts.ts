import type { Tag } from "@/lib/tags";

/** Languages the tracking page speaks; a merchant offers some or all of them. */
export const PAGE_LANGUAGES = ["en", "de", "fr", "es", "nl", "it"] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** Each language in its own words, for switchers and pickers. */
export const LANGUAGE_NAMES: Record<PageLanguage, string> = { en: "English", de: "Deutsch", fr: "Français", es: "Español", nl: "Nederlands", it: "Italiano" };

export interface ShopperTexts {
  /** Intl locale for dates. */
  locale: string;
  trackTitle: string;
  lookupIntro: string;
  byNumber: string;
  trackingNumber: string;
  byOrder: string;
  orderNumber: string;
  emailOrPostalCode: string;
  lookUp: string;
  notFound: string;
  tooMany: string;
  status: Record<Tag, string>;
  milestones: [string, string, string, string];
  estimatedDelivery: string;
  deliveredOn: string;
  timeline: string;
  noEvents: string;
  courier: string;
  courierLink: string;
  order: string;
  help: string;
  contact: string;
  anotherShipment: string;
  language: string;
}

/** What shoppers read, per language: the tracking page's words and the status words its e-mails use too. */
export const SHOPPER_TEXTS: Record<PageLanguage, ShopperTexts> = {
  en: {
    locale: "en-GB",
    trackTitle: "Track your order",
    lookupIntro: "Enter your tracking number, or your order number with the e-mail address or postal code of the order.",
    byNumber: "By tracking number",
    trackingNumber: "Tracking number",
    byOrder: "By order number",
    orderNumber: "Order number",
    emailOrPostalCode: "E-mail address or postal code",
    lookUp: "Track",
    notFound: "We could not find a shipment with these details. Check them and try again.",
    tooMany: "Too many attempts from your connection. Please wait a few minutes and try again.",
    status: {
      Pending: "Waiting for the first update",
      InfoReceived: "Label created",
      InTransit: "On its way",
      OutForDelivery: "Out for delivery",
      AttemptFail: "Delivery attempt failed",
      Delivered: "Delivered",
      AvailableForPickup: "Ready for pickup",
      Exception: "There is a problem with the delivery",
      Expired: "No longer updated",
    },
    milestones: ["Ordered", "Shipped", "Out for delivery", "Delivered"],
    estimatedDelivery: "Estimated delivery",
    deliveredOn: "Delivered on",
    timeline: "Shipment history",
    noEvents: "No scans yet. The courier's first update will show here.",
    courier: "Courier",
    courierLink: "See it at the courier",
    order: "Order",
    help: "Need help?",
    contact: "Contact us",
    anotherShipment: "Track another shipment",
    language: "Language",
  },
  de: {
    locale: "de-DE",
    trackTitle: "Sendung verfolgen",
    lookupIntro: "Geben Sie Ihre Sendungsnummer ein, oder Ihre Bestellnummer mit der E-Mail-Adresse oder Postleitzahl der Bestellung.",
    byNumber: "Mit Sendungsnummer",
    trackingNumber: "Sendungsnummer",
    byOrder: "Mit Bestellnummer",
    orderNumber: "Bestellnummer",
    emailOrPostalCode: "E-Mail-Adresse oder Postleitzahl",
    lookUp: "Verfolgen",
    notFound: "Wir haben keine Sendung mit diesen Angaben gefunden. Bitte prüfen Sie sie und versuchen Sie es erneut.",
    tooMany: "Zu viele Versuche von Ihrer Verbindung. Bitte warten Sie einige Minuten.",
    status: {
      Pending: "Warten auf die erste Meldung",
      InfoReceived: "Versandetikett erstellt",
      InTransit: "Unterwegs",
      OutForDelivery: "In Zustellung",
      AttemptFail: "Zustellversuch fehlgeschlagen",
      Delivered: "Zugestellt",
      AvailableForPickup: "Zur Abholung bereit",
      Exception: "Es gibt ein Problem bei der Zustellung",
      Expired: "Keine Aktualisierungen mehr",
    },
    milestones: ["Bestellt", "Versandt", "In Zustellung", "Zugestellt"],
    estimatedDelivery: "Voraussichtliche Zustellung",
    deliveredOn: "Zugestellt am",
    timeline: "Sendungsverlauf",
    noEvents: "Noch keine Scans. Die erste Meldung des Zustellers erscheint hier.",
    courier: "Zusteller",
    courierLink: "Beim Zusteller ansehen",
    order: "Bestellung",
    help: "Brauchen Sie Hilfe?",
    contact: "Kontakt",
    anotherShipment: "Weitere Sendung verfolgen",
    language: "Sprache",
  },
  fr: {
    locale: "fr-FR",
    trackTitle: "Suivre votre commande",
    lookupIntro: "Saisissez votre numéro de suivi, ou votre numéro de commande avec l'adresse e-mail ou le code postal de la commande.",
    byNumber: "Par numéro de suivi",
    trackingNumber: "Numéro de suivi",
    byOrder: "Par numéro de commande",
    orderNumber: "Numéro de commande",
    emailOrPostalCode: "Adresse e-mail ou code postal",
    lookUp: "Suivre",
    notFound: "Nous n'avons trouvé aucun envoi avec ces informations. Vérifiez-les et réessayez.",
    tooMany: "Trop de tentatives depuis votre connexion. Patientez quelques minutes avant de réessayer.",
    status: {
      Pending: "En attente de la première mise à jour",
      InfoReceived: "Étiquette créée",
      InTransit: "En chemin",
      OutForDelivery: "En cours de livraison",
      AttemptFail: "Échec de la tentative de livraison",
      Delivered: "Livré",
      AvailableForPickup: "Disponible au retrait",
      Exception: "Un problème est survenu lors de la livraison",
      Expired: "Plus mis à jour",
    },
    milestones: ["Commandé", "Expédié", "En livraison", "Livré"],
    estimatedDelivery: "Livraison estimée",
    deliveredOn: "Livré le",
    timeline: "Historique de l'envoi",
    noEvents: "Aucun scan pour l'instant. La première mise à jour du transporteur s'affichera ici.",
    courier: "Transporteur",
    courierLink: "Voir chez le transporteur",
    order: "Commande",
    help: "Besoin d'aide ?",
    contact: "Nous contacter",
    anotherShipment: "Suivre un autre envoi",
    language: "Langue",
  },
  es: {
    locale: "es-ES",
    trackTitle: "Sigue tu pedido",
    lookupIntro: "Introduce tu número de seguimiento, o tu número de pedido con el correo electrónico o el código postal del pedido.",
    byNumber: "Por número de seguimiento",
    trackingNumber: "Número de seguimiento",
    byOrder: "Por número de pedido",
    orderNumber: "Número de pedido",
    emailOrPostalCode: "Correo electrónico o código postal",
    lookUp: "Seguir",
    notFound: "No encontramos ningún envío con estos datos. Compruébalos e inténtalo de nuevo.",
    tooMany: "Demasiados intentos desde tu conexión. Espera unos minutos e inténtalo de nuevo.",
    status: {
      Pending: "Esperando la primera actualización",
      InfoReceived: "Etiqueta creada",
      InTransit: "En camino",
      OutForDelivery: "En reparto",
      AttemptFail: "Intento de entrega fallido",
      Delivered: "Entregado",
      AvailableForPickup: "Listo para recoger",
      Exception: "Hay un problema con la entrega",
      Expired: "Ya no se actualiza",
    },
    milestones: ["Pedido", "Enviado", "En reparto", "Entregado"],
    estimatedDelivery: "Entrega estimada",
    deliveredOn: "Entregado el",
    timeline: "Historial del envío",
    noEvents: "Aún no hay escaneos. La primera actualización del transportista aparecerá aquí.",
    courier: "Transportista",
    courierLink: "Ver en el transportista",
    order: "Pedido",
    help: "¿Necesitas ayuda?",
    contact: "Contáctanos",
    anotherShipment: "Seguir otro envío",
    language: "Idioma",
  },
  nl: {
    locale: "nl-NL",
    trackTitle: "Volg je bestelling",
    lookupIntro: "Vul je trackingnummer in, of je bestelnummer met het e-mailadres of de postcode van de bestelling.",
    byNumber: "Met trackingnummer",
    trackingNumber: "Trackingnummer",
    byOrder: "Met bestelnummer",
    orderNumber: "Bestelnummer",
    emailOrPostalCode: "E-mailadres of postcode",
    lookUp: "Volgen",
    notFound: "We hebben geen zending met deze gegevens gevonden. Controleer ze en probeer het opnieuw.",
    tooMany: "Te veel pogingen vanaf je verbinding. Wacht een paar minuten en probeer het opnieuw.",
    status: {
      Pending: "Wachten op de eerste update",
      InfoReceived: "Verzendlabel aangemaakt",
      InTransit: "Onderweg",
      OutForDelivery: "Wordt vandaag bezorgd",
      AttemptFail: "Bezorgpoging mislukt",
      Delivered: "Bezorgd",
      AvailableForPickup: "Klaar om op te halen",
      Exception: "Er is een probleem met de bezorging",
      Expired: "Wordt niet meer bijgewerkt",
    },
    milestones: ["Besteld", "Verzonden", "Onderweg naar jou", "Bezorgd"],
    estimatedDelivery: "Verwachte bezorging",
    deliveredOn: "Bezorgd op",
    timeline: "Verzendgeschiedenis",
    noEvents: "Nog geen scans. De eerste update van de vervoerder verschijnt hier.",
    courier: "Vervoerder",
    courierLink: "Bekijk bij de vervoerder",
    order: "Bestelling",
    help: "Hulp nodig?",
    contact: "Neem contact op",
    anotherShipment: "Nog een zending volgen",
    language: "Taal",
  },
  it: {
    locale: "it-IT",
    trackTitle: "Traccia il tuo ordine",
    lookupIntro: "Inserisci il numero di tracciamento, oppure il numero d'ordine con l'indirizzo e-mail o il CAP dell'ordine.",
    byNumber: "Con il numero di tracciamento",
    trackingNumber: "Numero di tracciamento",
    byOrder: "Con il numero d'ordine",
    orderNumber: "Numero d'ordine",
    emailOrPostalCode: "Indirizzo e-mail o CAP",
    lookUp: "Traccia",
    notFound: "Non abbiamo trovato spedizioni con questi dati. Controllali e riprova.",
    tooMany: "Troppi tentativi dalla tua connessione. Attendi qualche minuto e riprova.",
    status: {
      Pending: "In attesa del primo aggiornamento",
      InfoReceived: "Etichetta creata",
      InTransit: "In viaggio",
      OutForDelivery: "In consegna",
      AttemptFail: "Tentativo di consegna non riuscito",
      Delivered: "Consegnato",
      AvailableForPickup: "Pronto per il ritiro",
      Exception: "C'è un problema con la consegna",
      Expired: "Non più aggiornato",
    },
    milestones: ["Ordinato", "Spedito", "In consegna", "Consegnato"],
    estimatedDelivery: "Consegna prevista",
    deliveredOn: "Consegnato il",
    timeline: "Cronologia della spedizione",
    noEvents: "Ancora nessuna scansione. Il primo aggiornamento del corriere apparirà qui.",
    courier: "Corriere",
    courierLink: "Vedi sul sito del corriere",
    order: "Ordine",
    help: "Serve aiuto?",
    contact: "Contattaci",
    anotherShipment: "Traccia un'altra spedizione",
    language: "Lingua",
  },
};
