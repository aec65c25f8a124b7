// domain/syllabus/hindi_full.ts
import type { SubjectSyllabus } from "../model-papers.ts";

/**
 * Hindi (full, लोकभारती): the areas of the Std X textbook (2018) that the written paper tests, and the
 * board's written-paper blueprint (80 marks to write, 3 hours).
 */
export const syllabus: SubjectSyllabus = {
  subject: "hindi_full",
  language: "hi",
  chapters: [
    { id: "gadya-pathit", name: "गद्य (पठित)", weight: 16 },
    { id: "gadya-apathit", name: "गद्य (अपठित)", weight: 4 },
    { id: "padya", name: "पद्य", weight: 18 },
    { id: "purak-pathan", name: "पूरक पठन", weight: 8 },
    { id: "bhasha-adhyayan", name: "भाषा अध्ययन (व्याकरण)", weight: 14 },
    { id: "patra-lekhan", name: "पत्रलेखन", weight: 10 },
    { id: "gadya-aakalan", name: "गद्य आकलन (प्रश्ननिर्मिति)", weight: 4 },
    { id: "vrittant-lekhan", name: "वृत्तांत लेखन", weight: 5 },
    { id: "kahani-lekhan", name: "कहानी लेखन", weight: 5 },
    { id: "vigyapan-lekhan", name: "विज्ञापन लेखन", weight: 5 },
    { id: "nibandh-lekhan", name: "निबंध लेखन", weight: 21 },
  ],
  blueprint: {
    subject: "hindi_full",
    pattern: "Board pattern 2024-2026",
    marks: 80,
    marksWithOptions: 110,
    durationMinutes: 180,
    inferred:
      "The section totals (गद्य 20: पठित 8 + पठित 8 + अपठित 4; पद्य 12; पूरक पठन 8; व्याकरण 14; रचना 26) and 3 hours are confirmed (one source gives पठित 7; 8 is used). " +
      "Inferred from secondary sources, to be checked against a real paper: the activities inside each passage (2 marks each); " +
      "पद्य 12 as a पठित पद्यांश of 6 plus a पद्य विश्लेषण of 6 on any one of two poems; पूरक पठन 8 as a गद्यांश of 4 and a पद्यांश of 4; " +
      "the split of the 14 grammar marks (शब्दभेद, अव्यय, संधि, सहायक क्रिया, प्रेरणार्थक क्रिया, मुहावरे 2, कारक, विरामचिह्न, काल परिवर्तन 2, " +
      "वाक्य भेद 2, वाक्य शुद्धि; choices inside single items, so the grammar question prints 14); रचना 26 as पत्रलेखन 5 (अथवा), " +
      "गद्य आकलन-प्रश्ननिर्मिति 4, वृत्तांत अथवा कहानी 5, विज्ञापन 5 and निबंध 7 (any one of three). " +
      "The printed total of 110 follows from these choices. Because textbook extracts cannot be reproduced, the पठित passages and poems, " +
      "and the two poems offered for पद्य विश्लेषण, are PaperStation's own writing printed in the paper.",
    questions: [
      {
        number: "1",
        heading: "विभाग 1 – गद्य (20 अंक)",
        sections: [
          {
            label: "A",
            kind: "पठित गद्यांश पढ़कर दी गई सूचनाओं के अनुसार कृतियाँ कीजिए",
            marks: 8,
            marksWithOptions: 8,
            halfMarks: true,
          },
          {
            label: "B",
            kind: "पठित गद्यांश पढ़कर दी गई सूचनाओं के अनुसार कृतियाँ कीजिए",
            marks: 8,
            marksWithOptions: 8,
            halfMarks: true,
          },
          {
            label: "C",
            kind: "अपठित गद्यांश पढ़कर दी गई सूचनाओं के अनुसार कृतियाँ कीजिए",
            marks: 4,
            marksWithOptions: 4,
            halfMarks: true,
          },
        ],
      },
      {
        number: "2",
        heading: "विभाग 2 – पद्य (12 अंक)",
        sections: [
          {
            label: "A",
            kind: "पठित पद्यांश पढ़कर दी गई सूचनाओं के अनुसार कृतियाँ कीजिए",
            marks: 6,
            marksWithOptions: 6,
            halfMarks: true,
          },
          {
            label: "B",
            kind: "निम्नलिखित मुद्दों के आधार पर किसी एक कविता का पद्य विश्लेषण कीजिए",
            of: 2,
            attempt: 1,
            marksEach: 6,
          },
        ],
      },
      {
        number: "3",
        heading: "विभाग 3 – पूरक पठन (8 अंक)",
        sections: [
          {
            label: "A",
            kind: "पठित गद्यांश (पूरक पठन) पढ़कर दी गई सूचनाओं के अनुसार कृतियाँ कीजिए",
            marks: 4,
            marksWithOptions: 4,
            halfMarks: true,
          },
          {
            label: "B",
            kind: "पठित पद्यांश (पूरक पठन) पढ़कर दी गई सूचनाओं के अनुसार कृतियाँ कीजिए",
            marks: 4,
            marksWithOptions: 4,
            halfMarks: true,
          },
        ],
      },
      {
        number: "4",
        heading: "विभाग 4 – भाषा अध्ययन (व्याकरण) (14 अंक)",
        sections: [{ label: "", kind: "सूचना के अनुसार कृतियाँ कीजिए", marks: 14, marksWithOptions: 14, halfMarks: true }],
      },
      {
        number: "5",
        heading: "विभाग 5 – रचना विभाग (उपयोजित लेखन) (26 अंक)",
        sections: [
          { label: "A1", kind: "पत्रलेखन (अथवा)", of: 2, attempt: 1, marksEach: 5 },
          { label: "A2", kind: "गद्य आकलन – प्रश्ननिर्मिति", of: 1, attempt: 1, marksEach: 4 },
          { label: "B1", kind: "वृत्तांत लेखन अथवा कहानी लेखन", of: 2, attempt: 1, marksEach: 5 },
          { label: "B2", kind: "विज्ञापन लेखन", of: 1, attempt: 1, marksEach: 5 },
          { label: "C", kind: "निबंध लेखन (किसी एक विषय पर)", of: 3, attempt: 1, marksEach: 7 },
        ],
      },
    ],
  },
};
