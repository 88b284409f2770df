/** Spec 1 §9: a pie is "nearly full" at 80 % or more and "full" at 100 %. */
export const NEARLY_FULL = 0.8;

export type PieState = 'normal' | 'nearly-full' | 'full';

export function pieState(used: number, max: number): PieState {
  if (max <= 0) return 'normal';
  const ratio = used / max;
  if (ratio >= 1) return 'full';
  if (ratio >= NEARLY_FULL) return 'nearly-full';
  return 'normal';
}

/** The SVG path of a slice from 12 o'clock, clockwise, for a fraction in [0, 1). */
export function slicePath(fraction: number, radius: number): string {
  const f = Math.min(Math.max(fraction, 0), 0.9999);
  const angle = f * 2 * Math.PI;
  const x = radius + radius * Math.sin(angle);
  const y = radius - radius * Math.cos(angle);
  const large = f > 0.5 ? 1 : 0;
  return `M ${radius} ${radius} L ${radius} 0 A ${radius} ${radius} 0 ${large} 1 ${x.toFixed(3)} ${y.toFixed(3)} Z`;
}
