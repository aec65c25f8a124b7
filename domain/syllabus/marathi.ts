// domain/syllabus/marathi.ts
import type { SubjectSyllabus } from "../model-papers.ts";

/**
 * Marathi, first language (कुमारभारती, Std X, 2018): the areas of the board's activity sheet (कृतिपत्रिका)
 * and its written-paper blueprint. The "chapters" are the paper's areas, since every question is an activity on
 * a kind of text (prose, poem, grammar, writing) rather than on one textbook lesson.
 */
export const syllabus: SubjectSyllabus = {
  subject: "marathi",
  language: "mr",
  chapters: [
    { id: "gadya-pathit", name: "गद्य (पठित)", weight: 14 },
    { id: "gadya-apathit", name: "गद्य (अपठित)", weight: 4 },
    { id: "padya", name: "पद्य", weight: 24 },
    { id: "sthulvachan", name: "स्थूलवाचन", weight: 9 },
    { id: "bhashabhyas-vyakaran", name: "भाषाभ्यास (व्याकरण)", weight: 8 },
    { id: "bhashabhyas-shabdasampatti", name: "भाषाभ्यास (शब्दसंपत्ती व लेखननियम)", weight: 8 },
    { id: "upayojit-patralekhan", name: "उपयोजित लेखन : पत्रलेखन", weight: 12 },
    { id: "upayojit-saranshlekhan", name: "उपयोजित लेखन : सारांशलेखन", weight: 5 },
    { id: "upayojit-jahirat-batmi-katha", name: "उपयोजित लेखन : जाहिरातलेखन, बातमीलेखन, कथालेखन", weight: 15 },
    { id: "upayojit-nibandh", name: "उपयोजित लेखन : लेखनकौशल्य (प्रसंगलेखन, आत्मकथन, वैचारिक लेखन)", weight: 24 },
  ],
  blueprint: {
    subject: "marathi",
    pattern: "Board pattern 2024-2026",
    marks: 80,
    marksWithOptions: 123,
    durationMinutes: 180,
    inferred:
      "Confirmed: the five sections and their marks (गद्य 18 = पठित 7 + पठित 7 + अपठित 4, पद्य 16, स्थूलवाचन 6, भाषाभ्यास 16, " +
      "उपयोजित लेखन 24), each पठित passage as आकलन 2 + आकलन 2 + स्वमत 3 and the unseen one as 2 + 2 (a teachers' " +
      "blueprint), and the summary of the unseen passage in प्र. ५ (अ) (२). Inferred, to be checked against a real paper: " +
      "पद्य as (अ) one poem 8 (आकलन 2, आकलन 2, सरळ अर्थ 2, काव्यसौंदर्य 2) and (आ) a मुद्दे-based activity on any one of " +
      "two poems, 8 (the teachers' blueprint shows (आ) as 4 marks; its remaining 4 marks of पद्य were not visible); " +
      "स्थूलवाचन as any two of three questions of 3 marks; भाषाभ्यास as (अ) समास, प्रयोग, अलंकार, वृत्त 2 each and (आ) " +
      "शब्दसंपत्ती 4, लेखननियम 2, विरामचिन्हे 1, पारिभाषिक शब्द 1, without choice; उपयोजित लेखन as पत्रलेखन 6 (one of " +
      "two letters on one notice), सारांशलेखन 5, any one of जाहिरात/बातमी/कथा 5 and any one of प्रसंगलेखन/आत्मकथन/वैचारिक " +
      "लेखन 8 (the split of these 24 marks was not found in a source). Our papers print their own passages and poems " +
      "(the board's पठित passages and poems, the two poems of प्र. २ (आ) and the स्थूलवाचन lessons come from the " +
      "textbook), so प्र. २ (आ) prints two short poems and asks for their theme and message instead of the poet's name, " +
      "and प्र. ३ prints a स्थूलवाचन text.",
    questions: [
      {
        number: "1",
        heading: "विभाग १ : गद्य",
        sections: [
          {
            label: "अ",
            kind: "पठित गद्य : उताऱ्याच्या आधारे सूचनेनुसार कृती (आकलन, आकलन, स्वमत)",
            marks: 7,
            marksWithOptions: 7,
            halfMarks: true,
          },
          {
            label: "आ",
            kind: "पठित गद्य : उताऱ्याच्या आधारे सूचनेनुसार कृती (आकलन, आकलन, स्वमत)",
            marks: 7,
            marksWithOptions: 7,
            halfMarks: true,
          },
          {
            label: "इ",
            kind: "अपठित गद्य : उताऱ्याच्या आधारे सूचनेनुसार कृती (आकलन, आकलन)",
            marks: 4,
            marksWithOptions: 4,
            halfMarks: true,
          },
        ],
      },
      {
        number: "2",
        heading: "विभाग २ : पद्य",
        sections: [
          {
            label: "अ",
            kind: "कवितेच्या आधारे सूचनेनुसार कृती (आकलन, आकलन, सरळ अर्थ, काव्यसौंदर्य)",
            marks: 8,
            marksWithOptions: 8,
            halfMarks: true,
          },
          {
            label: "आ",
            kind: "मुद्द्यांच्या आधारे कोणत्याही एका कवितेसंबंधी कृती",
            of: 2,
            attempt: 1,
            marksEach: 8,
            halfMarks: true,
          },
        ],
      },
      {
        number: "3",
        heading: "विभाग ३ : स्थूलवाचन",
        sections: [
          { label: "", kind: "खालील प्रश्नांपैकी कोणतेही दोन प्रश्न सोडवा", of: 3, attempt: 2, marksEach: 3, halfMarks: true },
        ],
      },
      {
        number: "4",
        heading: "विभाग ४ : भाषाभ्यास",
        sections: [
          {
            label: "अ",
            kind: "व्याकरण घटकांवर आधारित कृती (समास, प्रयोग, अलंकार, वृत्त)",
            of: 4,
            attempt: 4,
            marksEach: 2,
            halfMarks: true,
          },
          {
            label: "आ",
            kind: "भाषिक घटकांवर आधारित कृती (शब्दसंपत्ती, लेखननियम, विरामचिन्हे, पारिभाषिक शब्द)",
            marks: 8,
            marksWithOptions: 8,
            halfMarks: true,
          },
        ],
      },
      {
        number: "5",
        heading: "विभाग ५ : उपयोजित लेखन",
        sections: [
          { label: "अ१", kind: "पत्रलेखन : निवेदनावर आधारित दोन पत्रांपैकी एक", of: 2, attempt: 1, marksEach: 6 },
          { label: "अ२", kind: "सारांशलेखन : प्र. १ (इ) मधील अपठित उताऱ्याचा सारांश", of: 1, attempt: 1, marksEach: 5 },
          {
            label: "आ",
            kind: "खालीलपैकी कोणतीही एक कृती (जाहिरातलेखन, बातमीलेखन, कथालेखन)",
            of: 3,
            attempt: 1,
            marksEach: 5,
          },
          {
            label: "इ",
            kind: "लेखनकौशल्य : खालीलपैकी कोणतीही एक कृती (प्रसंगलेखन, आत्मकथन, वैचारिक लेखन)",
            of: 3,
            attempt: 1,
            marksEach: 8,
          },
        ],
      },
    ],
  },
};
