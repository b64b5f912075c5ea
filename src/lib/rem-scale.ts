/**
 * How much larger than the browser's default (16 px) one rem is now: 1 normally, 1.25 on a 1920 px
 * wall in kiosk mode, 2.5 on a 3840 px one. For what is drawn in pixels (map markers, chart text).
 */
export const remScale = (): number => (parseFloat(getComputedStyle(document.documentElement).fontSize) || 16) / 16;
