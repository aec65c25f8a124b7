// domain/syllabus/sanskrit_full.ts
import type { SubjectSyllabus } from "../model-papers.ts";

/**
 * Sanskrit (full, आमोदः): the areas of the Std X textbook (2018) that the written paper tests, and the
 * written-paper blueprint used for PaperStation's model papers (80 marks to write, 3 hours).
 */
export const syllabus: SubjectSyllabus = {
  subject: "sanskrit_full",
  language: "sa",
  chapters: [
    { id: "sugama-sanskritam", name: "सुगमसंस्कृतम्", weight: 13 },
    { id: "gadyam", name: "गद्यम्", weight: 20 },
    { id: "padyam", name: "पद्यम्", weight: 20 },
    { id: "sandhih", name: "भाषाभ्यासः – सन्धिः", weight: 5 },
    { id: "samasah", name: "भाषाभ्यासः – समासः", weight: 5 },
    { id: "dhaturupani", name: "भाषाभ्यासः – धातुरूपाणि (लकाराः)", weight: 5 },
    { id: "shabdarupani", name: "भाषाभ्यासः – शब्दरूपाणि (विभक्तयः)", weight: 5 },
    { id: "pratyayah", name: "भाषाभ्यासः – प्रत्ययाः", weight: 5 },
    { id: "apathitam", name: "रचना – अपठितगद्यांशः", weight: 4 },
    { id: "chitravarnanam", name: "रचना – चित्रवर्णनम्", weight: 5 },
    { id: "anucchedalekhanam", name: "रचना – अनुच्छेदलेखनम्", weight: 5 },
    { id: "patralekhanam", name: "रचना – पत्रलेखनम्", weight: 5 },
    { id: "samvadalekhanam", name: "रचना – संवादलेखनम्", weight: 5 },
  ],
  blueprint: {
    subject: "sanskrit_full",
    pattern: "Board pattern 2024-2026",
    marks: 80,
    marksWithOptions: 102,
    durationMinutes: 180,
    inferred:
      "Confirmed: 80 written marks in 3 hours, and a first section सुगमसंस्कृतम् that asks for the names of pictured items, " +
      "numbers in words and clock times, followed by गद्यम्, पद्यम्, भाषाभ्यासः and रचना. " +
      "Inferred by PaperStation, to be checked against a real paper: every mark split below. " +
      "सुगमसंस्कृतम् 10 (names of pictures any 4 of 5, numbers any 3 of 4, clock times any 3 of 4); " +
      "गद्यम् 20 (two पठित passages of 8 with four 2-mark activities each, and a short passage of 4); " +
      "पद्यम् 16 (two पठित verse pairs of 6, and अन्वयपूर्तिः of 4 on any one of two verses); " +
      "भाषाभ्यासः 20 (सन्धिः, समासः, धातुरूपाणि, शब्दरूपाणि/विभक्तयः, प्रत्ययाः: any 4 of 5 at 1 mark each); " +
      "रचना 14 (an unseen passage of 4; चित्रवर्णनम् or अनुच्छेदलेखनम् of 5; पत्रलेखनम् or संवादलेखनम् of 5). " +
      "The printed total of 102 follows from these choices. Because textbook extracts cannot be reproduced, the पठित passages and " +
      "verses are PaperStation's own writing printed in the paper.",
    questions: [
      {
        number: "1",
        heading: "विभागः १ – सुगमसंस्कृतम् (१० गुणाः)",
        sections: [
          { label: "A", kind: "चित्रं दृष्ट्वा वस्तूनां नामानि संस्कृतेन लिखत", of: 5, attempt: 4, marksEach: 1 },
          { label: "B", kind: "अङ्कान् संस्कृतशब्दैः लिखत", of: 4, attempt: 3, marksEach: 1 },
          { label: "C", kind: "घटिकां दृष्ट्वा समयं संस्कृतेन लिखत", of: 4, attempt: 3, marksEach: 1 },
        ],
      },
      {
        number: "2",
        heading: "विभागः २ – गद्यम् (२० गुणाः)",
        sections: [
          { label: "A", kind: "पठितं गद्यांशं पठित्वा निर्दिष्टाः कृतीः कुरुत", marks: 8, marksWithOptions: 8, halfMarks: true },
          { label: "B", kind: "पठितं गद्यांशं पठित्वा निर्दिष्टाः कृतीः कुरुत", marks: 8, marksWithOptions: 8, halfMarks: true },
          { label: "C", kind: "गद्यांशं पठित्वा निर्दिष्टाः कृतीः कुरुत", marks: 4, marksWithOptions: 4, halfMarks: true },
        ],
      },
      {
        number: "3",
        heading: "विभागः ३ – पद्यम् (१६ गुणाः)",
        sections: [
          { label: "A", kind: "पठितं पद्यांशं पठित्वा निर्दिष्टाः कृतीः कुरुत", marks: 6, marksWithOptions: 6, halfMarks: true },
          { label: "B", kind: "पठितं पद्यांशं पठित्वा निर्दिष्टाः कृतीः कुरुत", marks: 6, marksWithOptions: 6, halfMarks: true },
          { label: "C", kind: "मञ्जूषायाः साहाय्येन श्लोकस्य अन्वयं पूरयत", of: 2, attempt: 1, marksEach: 4 },
        ],
      },
      {
        number: "4",
        heading: "विभागः ४ – भाषाभ्यासः (२० गुणाः)",
        sections: [
          { label: "A", kind: "सन्धिविग्रहं सन्धिं वा कुरुत", of: 5, attempt: 4, marksEach: 1, halfMarks: true },
          { label: "B", kind: "समासविग्रहं कृत्वा समासनाम लिखत", of: 5, attempt: 4, marksEach: 1, halfMarks: true },
          { label: "C", kind: "कोष्ठके दत्तं लकारं प्रयुज्य वाक्यं पुनर्लिखत", of: 5, attempt: 4, marksEach: 1 },
          { label: "D", kind: "कोष्ठके दत्तस्य शब्दस्य उचितं रूपं लिखित्वा वाक्यं पुनर्लिखत", of: 5, attempt: 4, marksEach: 1 },
          { label: "E", kind: "धातुं प्रत्ययं च पृथक् कुरुत", of: 5, attempt: 4, marksEach: 1, halfMarks: true },
        ],
      },
      {
        number: "5",
        heading: "विभागः ५ – रचना (१४ गुणाः)",
        sections: [
          { label: "A", kind: "अपठितं गद्यांशं पठित्वा निर्दिष्टाः कृतीः कुरुत", marks: 4, marksWithOptions: 4, halfMarks: true },
          { label: "B", kind: "चित्रवर्णनम् अथवा अनुच्छेदलेखनम्", of: 2, attempt: 1, marksEach: 5 },
          { label: "C", kind: "पत्रलेखनम् अथवा संवादलेखनम्", of: 2, attempt: 1, marksEach: 5 },
        ],
      },
    ],
  },
};
