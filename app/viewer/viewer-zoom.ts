/**
 * The viewer's zoom, in percent of the fit width: 100 is the page as wide as the screen (issue 12:
 * the viewer opens there). Buttons step through ZOOM_STEPS; a pinch can land anywhere in between.
 */
export const FIT_ZOOM = 100;
export const DOUBLE_TAP_ZOOM = 200;
const ZOOM_STEPS = [50, 75, 100, 125, 150, 200, 250, 300, 400] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? 400;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return FIT_ZOOM;
  return Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)));
}

/** The next step up from any zoom (a pinch may leave it between steps). */
export function zoomInStep(zoom: number): number {
  return ZOOM_STEPS.find((step) => step > zoom) ?? MAX_ZOOM;
}

export function zoomOutStep(zoom: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom) ?? MIN_ZOOM;
}
