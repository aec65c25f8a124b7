import { describe, expect, it } from "vitest";
import { formField } from "./form-data.ts";

describe("formField", () => {
  const form = new FormData();
  form.append("name", "  Asha Patil ");
  form.append("empty", "");
  form.append("upload", new File(["%PDF-1.7"], "paper.pdf", { type: "application/pdf" }));
  form.append("twice", "first");
  form.append("twice", "second");

  it("gives a text field as it was typed, spaces and all", () => {
    expect(formField(form, "name")).toBe("  Asha Patil ");
    expect(formField(form, "empty")).toBe("");
  });

  it("gives an empty string for a missing field or a file", () => {
    expect(formField(form, "missing")).toBe("");
    expect(formField(form, "upload")).toBe("");
  });

  it("gives the first value of a field sent twice", () => {
    expect(formField(form, "twice")).toBe("first");
  });
});
