import { courier } from "./define-courier";

/** Couriers based in the Middle East and Africa (postal operators live in postal-operators.ts). */
export const MIDDLE_EAST_AFRICA = [
  courier({
    slug: "aramex",
    name: "Aramex",
    otherName: "ارامكس",
    webUrl: "https://www.aramex.com",
    languages: ["en", "ar"],
    from: [],
    link: "https://www.aramex.com/track/results?ShipmentNumber={tracking_number}",
  }),
  courier({ slug: "smsa-express", name: "SMSA Express", webUrl: "https://www.smsaexpress.com", languages: ["ar", "en"], from: ["SAU"] }),
  courier({ slug: "naqel-express", name: "Naqel Express", webUrl: "https://www.naqelexpress.com", languages: ["ar", "en"], from: ["SAU"] }),
  courier({ slug: "zajil-express", name: "Zajil Express Company", webUrl: "https://zajil-express.com", languages: ["ar", "en"], from: ["SAU"] }),
  courier({
    slug: "postaplus",
    name: "Posta Plus",
    otherName: "PostaPlus",
    webUrl: "https://www.postaplus.com",
    languages: ["ar", "en"],
    from: ["KWT", "ARE"],
  }),
  courier({ slug: "fetchr", name: "Fetchr", webUrl: "https://fetchr.us", languages: ["ar", "en"], from: ["ARE"] }),
  courier({ slug: "yurtici-kargo", name: "Yurtici Kargo", webUrl: "https://www.yurticikargo.com", languages: ["tr", "en"], from: ["TUR"] }),
  courier({ slug: "araskargo", name: "Aras Cargo", webUrl: "https://www.araskargo.com.tr", languages: ["tr", "en"], from: ["TUR"] }),
  courier({ slug: "mng-kargo", name: "MNG Kargo", webUrl: "https://www.mngkargo.com.tr", languages: ["tr", "en"], from: ["TUR"] }),
  courier({ slug: "thecourierguy", name: "The Courier Guy", otherName: "TheCourierGuy", webUrl: "https://www.thecourierguy.co.za", from: ["ZAF"] }),
  courier({ slug: "dawnwing", name: "Dawn Wing", otherName: "DPD Laser Express Logistics", webUrl: "https://www.dawnwing.co.za", from: ["ZAF"] }),
  courier({
    slug: "fastway-za",
    name: "Fastway South Africa",
    otherName: "Fastway Couriers",
    webUrl: "https://www.fastway.co.za",
    from: ["ZAF"],
    groups: ["fastway-group"],
  }),
  courier({ slug: "ramgroup-za", name: "RAM", otherName: "RAM Group", webUrl: "https://www.ram.co.za", from: ["ZAF"] }),
];
