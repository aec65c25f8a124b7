/**
 * Every subject's syllabus and board blueprint, by subject key. One file per subject lives beside this one
 * (`domain/syllabus/<subject_key>.ts`).
 */
import type { SubjectSyllabus } from "../model-papers.ts";
import type { SubjectKey } from "../subjects.ts";
import { syllabus as english } from "./english.ts";
import { syllabus as geography } from "./geography.ts";
import { syllabus as hindiFull } from "./hindi_full.ts";
import { syllabus as hindiHalf } from "./hindi_half.ts";
import { syllabus as historyAndPoliticalScience } from "./history_and_political_science.ts";
import { syllabus as marathi } from "./marathi.ts";
import { syllabus as math1 } from "./math_1.ts";
import { syllabus as math2 } from "./math_2.ts";
import { syllabus as sanskritFull } from "./sanskrit_full.ts";
import { syllabus as sanskritHalf } from "./sanskrit_half.ts";
import { syllabus as science1 } from "./science_1.ts";
import { syllabus as science2 } from "./science_2.ts";

export const SYLLABUSES: Record<SubjectKey, SubjectSyllabus> = {
  english,
  hindi_full: hindiFull,
  hindi_half: hindiHalf,
  sanskrit_full: sanskritFull,
  sanskrit_half: sanskritHalf,
  marathi,
  history_and_political_science: historyAndPoliticalScience,
  geography,
  math_1: math1,
  math_2: math2,
  science_1: science1,
  science_2: science2,
};
