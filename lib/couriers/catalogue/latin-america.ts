import { courier } from "./define-courier";

/** Couriers based in Latin America (postal operators live in postal-operators.ts). */
export const LATIN_AMERICA = [
  courier({
    slug: "total-express",
    name: "Total Express",
    webUrl: "https://totalexpress.com.br",
    required: ["tracking_account_number"],
    languages: ["pt"],
    from: ["BRA"],
  }),
  courier({ slug: "loggi", name: "Loggi", webUrl: "https://www.loggi.com", languages: ["pt"], from: ["BRA"] }),
  courier({ slug: "braspress-web", name: "BrasPress", webUrl: "https://www.braspress.com", languages: ["pt"], from: ["BRA"] }),
  courier({ slug: "intelipost", name: "Intelipost (TMS for LATAM)", webUrl: "https://www.intelipost.com.br", languages: ["pt"], from: ["BRA"] }),
  courier({ slug: "tntbrasil", name: "TNT Brasil", webUrl: "https://www.tnt.com.br", languages: ["pt"], from: ["BRA"] }),
  courier({ slug: "estafeta", name: "Estafeta", otherName: "Estafeta Mexicana", webUrl: "https://www.estafeta.com", languages: ["es", "en"], from: ["MEX"] }),
  courier({ slug: "paquetexpress", name: "Paquetexpress", webUrl: "https://www.paquetexpress.com.mx", languages: ["es"], from: ["MEX"] }),
  courier({ slug: "mexico-redpack", name: "Mexico Redpack", otherName: "TNT Mexico", webUrl: "https://www.redpack.com.mx", languages: ["es"], from: ["MEX"] }),
  courier({
    slug: "mexico-senda-express",
    name: "Mexico Senda Express",
    otherName: "Mexico Senda Express",
    webUrl: "https://www.sendaexpress.com.mx",
    languages: ["es"],
    from: ["MEX"],
  }),
  courier({ slug: "99minutos", name: "99minutos", webUrl: "https://www.99minutos.com", languages: ["es"], from: ["MEX", "COL", "CHL", "PER"] }),
  courier({ slug: "andreani", name: "Grupo logistico Andreani", webUrl: "https://www.andreani.com", languages: ["es"], from: ["ARG"] }),
  courier({ slug: "oca-ar", name: "OCA Argentina", otherName: "OCA e-Pak", webUrl: "https://www.oca.com.ar", languages: ["es"], from: ["ARG"] }),
  courier({ slug: "chilexpress", name: "Chile Express", webUrl: "https://www.chilexpress.cl", languages: ["es"], from: ["CHL"] }),
  courier({ slug: "starken", name: "STARKEN", webUrl: "https://www.starken.cl", languages: ["es"], from: ["CHL"] }),
  courier({ slug: "bluex", name: "Blue Express", webUrl: "https://www.blue.cl", languages: ["es"], from: ["CHL"] }),
  courier({ slug: "servientrega", name: "Servientrega", webUrl: "https://www.servientrega.com", languages: ["es"], from: ["COL", "ECU"] }),
  courier({ slug: "coordinadora", name: "Coordinadora", webUrl: "https://www.coordinadora.com", languages: ["es"], from: ["COL"] }),
  courier({ slug: "sky-postal", name: "SkyPostal", webUrl: "https://www.skypostal.com", languages: ["en", "es"], from: ["USA"] }),
  courier({ slug: "mailamericas", name: "MailAmericas", webUrl: "https://www.mailamericas.com", languages: ["en", "es"], from: ["USA"] }),
];
