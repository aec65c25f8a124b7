import { describe, expect, it } from "vitest";
import { clampZoom, MAX_ZOOM, MIN_ZOOM, zoomInStep, zoomOutStep } from "./viewer-zoom";

describe("viewer zoom", () => {
  it("steps up and down from a step and from a pinched value in between", () => {
    expect(zoomInStep(100)).toBe(125);
    expect(zoomOutStep(100)).toBe(75);
    expect(zoomInStep(163)).toBe(200);
    expect(zoomOutStep(163)).toBe(150);
  });

  it("stops at the ends", () => {
    expect(zoomInStep(MAX_ZOOM)).toBe(MAX_ZOOM);
    expect(zoomOutStep(MIN_ZOOM)).toBe(MIN_ZOOM);
  });

  it("clamps a pinch to the range and to whole percents", () => {
    expect(clampZoom(1000)).toBe(MAX_ZOOM);
    expect(clampZoom(10)).toBe(MIN_ZOOM);
    expect(clampZoom(133.6)).toBe(134);
    expect(clampZoom(Number.NaN)).toBe(100);
  });
});
