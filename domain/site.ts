/**
 * Site-wide constants shown in the UI: the one place for names and outside links.
 * Outside links are plain anchors (no third-party scripts are ever loaded).
 */
export const SITE = {
  name: "PaperStation",
  tagline: "One vision, one mission, question papers at single station",
  defaultTitle: "Crack Maharashtra 10th SSC Board Exams with Free Previous Year Question Papers and solutions",
  defaultDescription:
    "Free Maharashtra State Board 10th (SSC) previous-year question papers and solutions for every subject and medium, 2018 to 2023. Made by students for students.",
} as const;

export const SOCIAL_LINKS = {
  whatsapp: { label: "WhatsApp group", href: "https://chat.whatsapp.com/PaperStationSSC" },
  telegram: { label: "Telegram channel", href: "https://t.me/PaperStationSSC" },
  youtube: { label: "YouTube channel", href: "https://www.youtube.com/@PaperStationSSC" },
  instagram: { label: "Instagram", href: "https://www.instagram.com/paperstation.ssc" },
  facebook: { label: "Facebook", href: "https://www.facebook.com/PaperStationSSC" },
} as const;
