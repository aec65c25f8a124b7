import { describe, expect, it } from "vitest";
import { calibratedCpuSlowdown, PRESET_CPU_SLOWDOWN, REFERENCE_BENCHMARK_INDEX } from "./calibrate.ts";

describe("calibratedCpuSlowdown", () => {
  it("keeps the preset's 4x on a host as fast as the reference or faster, never more", () => {
    expect(PRESET_CPU_SLOWDOWN).toBe(4);
    expect(calibratedCpuSlowdown(REFERENCE_BENCHMARK_INDEX)).toBe(4);
    expect(calibratedCpuSlowdown(2721)).toBe(4);
    expect(calibratedCpuSlowdown(10_000)).toBe(4);
  });

  it("slows a slower host proportionally less, to one decimal", () => {
    expect(calibratedCpuSlowdown(875)).toBe(2);
    expect(calibratedCpuSlowdown(1312)).toBe(3);
    expect(calibratedCpuSlowdown(1000)).toBe(2.3);
  });

  it("never goes below 1x, whatever the host measured", () => {
    expect(calibratedCpuSlowdown(300)).toBe(1);
    expect(calibratedCpuSlowdown(0)).toBe(1);
  });
});
