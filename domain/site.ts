/**
 * Site-wide constants shown in the UI: the one place for names and outside links.
 * Outside links are plain anchors (no third-party scripts are ever loaded).
 */
export const SITE = { name: "PaperStation" } as const;

/**
 * The spec's English texts for the site as a whole. Pages show them from the catalog (`common.site.*`, whose
 * English must equal these, a test checks it); they live here for the tests, apart from `SITE`, so that the
 * browser's bundle does not carry them twice.
 */
export const SITE_TEXTS = {
  tagline: "One vision, one mission, question papers at single station",
  defaultTitle: "Crack Maharashtra 10th SSC Board Exams with Free Previous Year Question Papers and solutions",
  defaultDescription:
    "Free Maharashtra State Board 10th (SSC) previous-year question papers and solutions for every subject and medium, 2018 to 2023. Made by students for students.",
} as const;

export const SOCIAL_LINKS = {
  whatsapp: { label: "common.social.whatsapp", href: "https://chat.whatsapp.com/PaperStationSSC" },
  telegram: { label: "common.social.telegram", href: "https://t.me/PaperStationSSC" },
  youtube: { label: "common.social.youtube", href: "https://www.youtube.com/@PaperStationSSC" },
  instagram: { label: "common.social.instagram", href: "https://www.instagram.com/paperstation.ssc" },
  facebook: { label: "common.social.facebook", href: "https://www.facebook.com/PaperStationSSC" },
} as const;
