// domain/syllabus/hindi_half.ts
import type { SubjectSyllabus } from "../model-papers.ts";

/**
 * Hindi (composite, लोकवाणी): the areas of the Std X textbook (2018) that the written paper tests, and the
 * written-paper blueprint used for PaperStation's model papers (40 marks to write, 2 hours).
 */
export const syllabus: SubjectSyllabus = {
  subject: "hindi_half",
  language: "hi",
  chapters: [
    { id: "gadya-pathit", name: "गद्य (पठित)", weight: 6 },
    { id: "gadya-apathit", name: "गद्य (अपठित)", weight: 4 },
    { id: "padya", name: "पद्य", weight: 12 },
    { id: "bhasha-adhyayan", name: "भाषा अध्ययन (व्याकरण)", weight: 8 },
    { id: "patra-lekhan", name: "पत्रलेखन", weight: 10 },
    { id: "kahani-lekhan", name: "कहानी लेखन", weight: 4 },
    { id: "vigyapan-lekhan", name: "विज्ञापन लेखन", weight: 4 },
    { id: "nibandh-lekhan", name: "निबंध लेखन", weight: 10 },
  ],
  blueprint: {
    subject: "hindi_half",
    pattern: "Board pattern 2024-2026",
    marks: 40,
    marksWithOptions: 58,
    durationMinutes: 120,
    inferred:
      "Only the sections (गद्य, पद्य, भाषा अध्ययन, रचना) and 2 hours are confirmed; the board's composite paper has printed 50 marks, " +
      "and whether it is now 40 written + 10 internal is not known. This blueprint uses 40 written marks in 2 hours (as domain/subjects.ts), " +
      "split as गद्य 10 (पठित 6, अपठित 4), पद्य 8 (पठित पद्यांश 4, पद्य विश्लेषण 4 on any one of two poems), भाषा अध्ययन 8 " +
      "(eight one-mark activities, choices inside items) and रचना 14 (पत्रलेखन 5 अथवा, कहानी अथवा विज्ञापन 4, निबंध 5 on any one of two); " +
      "every one of these splits is inferred and must be checked against a real paper. The printed total of 58 follows from these choices. " +
      "Because textbook extracts cannot be reproduced, the पठित passage and poems are PaperStation's own writing printed in the paper.",
    questions: [
      {
        number: "1",
        heading: "विभाग 1 – गद्य (10 अंक)",
        sections: [
          {
            label: "A",
            kind: "पठित गद्यांश पढ़कर दी गई सूचनाओं के अनुसार कृतियाँ कीजिए",
            marks: 6,
            marksWithOptions: 6,
            halfMarks: true,
          },
          {
            label: "B",
            kind: "अपठित गद्यांश पढ़कर दी गई सूचनाओं के अनुसार कृतियाँ कीजिए",
            marks: 4,
            marksWithOptions: 4,
            halfMarks: true,
          },
        ],
      },
      {
        number: "2",
        heading: "विभाग 2 – पद्य (8 अंक)",
        sections: [
          {
            label: "A",
            kind: "पठित पद्यांश पढ़कर दी गई सूचनाओं के अनुसार कृतियाँ कीजिए",
            marks: 4,
            marksWithOptions: 4,
            halfMarks: true,
          },
          {
            label: "B",
            kind: "निम्नलिखित मुद्दों के आधार पर किसी एक कविता का पद्य विश्लेषण कीजिए",
            of: 2,
            attempt: 1,
            marksEach: 4,
          },
        ],
      },
      {
        number: "3",
        heading: "विभाग 3 – भाषा अध्ययन (व्याकरण) (8 अंक)",
        sections: [{ label: "", kind: "सूचना के अनुसार कृतियाँ कीजिए", marks: 8, marksWithOptions: 8, halfMarks: true }],
      },
      {
        number: "4",
        heading: "विभाग 4 – रचना विभाग (उपयोजित लेखन) (14 अंक)",
        sections: [
          { label: "A", kind: "पत्रलेखन (अथवा)", of: 2, attempt: 1, marksEach: 5 },
          { label: "B", kind: "कहानी लेखन अथवा विज्ञापन लेखन", of: 2, attempt: 1, marksEach: 4 },
          { label: "C", kind: "निबंध लेखन (किसी एक विषय पर)", of: 2, attempt: 1, marksEach: 5 },
        ],
      },
    ],
  },
};
