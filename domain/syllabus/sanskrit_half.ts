// domain/syllabus/sanskrit_half.ts
import type { SubjectSyllabus } from "../model-papers.ts";

/**
 * Sanskrit (composite, आनन्दः): the areas of the Std X textbook (2018) that the written paper tests, and the
 * written-paper blueprint used for PaperStation's model papers (40 marks to write, 2 hours).
 */
export const syllabus: SubjectSyllabus = {
  subject: "sanskrit_half",
  language: "sa",
  chapters: [
    { id: "sugama-sanskritam", name: "सुगमसंस्कृतम्", weight: 9 },
    { id: "gadyam", name: "गद्यम्", weight: 14 },
    { id: "padyam", name: "पद्यम्", weight: 9 },
    { id: "sandhih", name: "भाषाभ्यासः – सन्धिः", weight: 3 },
    { id: "shabdarupani", name: "भाषाभ्यासः – शब्दरूपाणि (विभक्तयः)", weight: 3 },
    { id: "dhaturupani", name: "भाषाभ्यासः – धातुरूपाणि (लकाराः)", weight: 3 },
    { id: "pratyayah", name: "भाषाभ्यासः – प्रत्ययाः", weight: 3 },
    { id: "chitravarnanam", name: "रचना – चित्रवर्णनम्", weight: 5 },
    { id: "anucchedalekhanam", name: "रचना – अनुच्छेदलेखनम्", weight: 5 },
  ],
  blueprint: {
    subject: "sanskrit_half",
    pattern: "Board pattern 2024-2026",
    marks: 40,
    marksWithOptions: 54,
    durationMinutes: 120,
    inferred:
      "Confirmed: 2 hours, a first section सुगमसंस्कृतम् and a गद्यम् section of 14 marks. The paper's total is not known; " +
      "PaperStation uses 40 written marks in 2 hours (as domain/subjects.ts lists). Inferred, to be checked against a real paper: " +
      "सुगमसंस्कृतम् 6 (names of pictures, numbers in words and clock times, any 2 of 3 each); " +
      "गद्यम् 14 as two पठित passages of 7; पद्यम् 7 (a पठित verse pair of 5, and अन्वयपूर्तिः of 2 on any one of two verses); " +
      "भाषाभ्यासः 8 (सन्धिः, शब्दरूपाणि/विभक्तयः, धातुरूपाणि, प्रत्ययाः: any 2 of 3 at 1 mark each); " +
      "रचना 5 (चित्रवर्णनम् or अनुच्छेदलेखनम्). The printed total of 54 follows from these choices. " +
      "Because textbook extracts cannot be reproduced, the पठित passages and verses are PaperStation's own writing printed in the paper.",
    questions: [
      {
        number: "1",
        heading: "विभागः १ – सुगमसंस्कृतम् (६ गुणाः)",
        sections: [
          { label: "A", kind: "चित्रं दृष्ट्वा वस्तूनां नामानि संस्कृतेन लिखत", of: 3, attempt: 2, marksEach: 1 },
          { label: "B", kind: "अङ्कान् संस्कृतशब्दैः लिखत", of: 3, attempt: 2, marksEach: 1 },
          { label: "C", kind: "घटिकां दृष्ट्वा समयं संस्कृतेन लिखत", of: 3, attempt: 2, marksEach: 1 },
        ],
      },
      {
        number: "2",
        heading: "विभागः २ – गद्यम् (१४ गुणाः)",
        sections: [
          { label: "A", kind: "पठितं गद्यांशं पठित्वा निर्दिष्टाः कृतीः कुरुत", marks: 7, marksWithOptions: 7, halfMarks: true },
          { label: "B", kind: "पठितं गद्यांशं पठित्वा निर्दिष्टाः कृतीः कुरुत", marks: 7, marksWithOptions: 7, halfMarks: true },
        ],
      },
      {
        number: "3",
        heading: "विभागः ३ – पद्यम् (७ गुणाः)",
        sections: [
          { label: "A", kind: "पठितं पद्यांशं पठित्वा निर्दिष्टाः कृतीः कुरुत", marks: 5, marksWithOptions: 5, halfMarks: true },
          { label: "B", kind: "मञ्जूषायाः साहाय्येन श्लोकस्य अन्वयं पूरयत", of: 2, attempt: 1, marksEach: 2, halfMarks: true },
        ],
      },
      {
        number: "4",
        heading: "विभागः ४ – भाषाभ्यासः (८ गुणाः)",
        sections: [
          { label: "A", kind: "सन्धिविग्रहं सन्धिं वा कुरुत", of: 3, attempt: 2, marksEach: 1, halfMarks: true },
          { label: "B", kind: "कोष्ठके दत्तस्य शब्दस्य उचितं रूपं लिखित्वा वाक्यं पुनर्लिखत", of: 3, attempt: 2, marksEach: 1 },
          { label: "C", kind: "कोष्ठके दत्तं लकारं प्रयुज्य वाक्यं पुनर्लिखत", of: 3, attempt: 2, marksEach: 1 },
          { label: "D", kind: "धातुं प्रत्ययं च पृथक् कुरुत", of: 3, attempt: 2, marksEach: 1, halfMarks: true },
        ],
      },
      {
        number: "5",
        heading: "विभागः ५ – रचना (५ गुणाः)",
        sections: [{ label: "", kind: "चित्रवर्णनम् अथवा अनुच्छेदलेखनम्", of: 2, attempt: 1, marksEach: 5 }],
      },
    ],
  },
};
