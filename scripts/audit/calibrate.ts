import { throttling } from "lighthouse/core/config/constants.js";

/**
 * The mobile preset's 4x CPU slowdown assumes a host with a Lighthouse benchmarkIndex of about 1,750
 * (Lighthouse's throttling guide: 4x takes a high-end desktop, 1,500–2,000, to a mid-tier phone). A
 * slower host, or one still busy, would be slowed to well below that phone: CI scored the subject
 * page 75 where this machine, measured at 2,700, scores 98. So the multiplier follows the host's
 * measured index, as the guide says to calibrate, aiming at the same phone: 4x at 1,750 and above
 * (never more lenient than the preset), proportionally less below, at least 1x.
 */
export const REFERENCE_BENCHMARK_INDEX = 1750;
export const PRESET_CPU_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;

export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  const scaled = (PRESET_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.round(Math.min(PRESET_CPU_SLOWDOWN, Math.max(1, scaled)) * 10) / 10;
}
