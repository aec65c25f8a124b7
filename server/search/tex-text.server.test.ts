import { describe, expect, it } from "vitest";
import { texToText } from "./tex-text.server.ts";

describe("texToText", () => {
  it.each([
    ["x^2 - 5x + 6 = 0", "x² - 5x + 6 = 0"],
    ["\\frac{a+b}{2}", "(a+b)/2"],
    ["\\dfrac{1}{\\tan\\theta}", "1/(tan θ)"],
    ["\\frac{\\sqrt{3}}{2}", "√3/2"],
    ["\\sqrt{b^2 - 4ac}", "√(b² - 4ac)"],
    ["\\sqrt[3]{27}", "∛27"],
    ["\\sum f_i x_i = 2400", "Σ fᵢ xᵢ = 2400"],
    ["S_{15} = \\frac{15}{2} \\times \\boxed{\\phantom{00}}", "S₁₅ = 15/2 × □"],
    ["\\sin^2\\theta + \\cos^2\\theta = 1", "sin² θ + cos² θ = 1"],
    ["\\angle ABC = 60^\\circ", "∠ABC = 60°"],
    ["\\triangle ABC \\sim \\triangle PQR", "△ABC ∼ △PQR"],
    ["x^{n-1} + a^{x+y}", "xⁿ⁻¹ + a^(x+y)"],
    ["10^{-3}", "10⁻³"],
    ["\\bar{d}", "d̄"],
    ["\\begin{vmatrix} 3 & -4 \\\\ 4 & 3 \\end{vmatrix}", "| 3 -4; 4 3 |"],
    ["\\text{Area} = \\pi r^2", "Area = π r²"],
    ["\\operatorname{cosec}\\theta", "cosec θ"],
  ])("%s → %s", (tex, text) => {
    expect(texToText(tex)).toBe(text);
  });

  it("writes chemical formulae as people type them", () => {
    expect(texToText("\\mathrm{CH_3COOH}")).toBe("CH3COOH");
    expect(texToText("\\mathrm{CuCO_3 \\cdot Cu(OH)_2}")).toBe("CuCO3 · Cu(OH)2");
    expect(texToText("\\mathrm{2H_2 + O_2 \\xrightarrow{\\Delta} 2H_2O}")).toBe("2H2 + O2 →(Δ) 2H2O");
  });

  it("never fails on broken TeX", () => {
    for (const tex of ["\\frac{1", "x^", "\\sqrt[3", "}}{{", "\\", "\\begin{", "_{_{_"]) {
      expect(typeof texToText(tex)).toBe("string");
    }
  });
});
