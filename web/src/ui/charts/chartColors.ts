/** PatternFly's non-status palette, one per line or bar, with a dash each so colour is never alone. */
export const SERIES_STYLES = [
  { color: 'var(--pf-t--global--color--nonstatus--blue--default)', dash: '' },
  { color: 'var(--pf-t--global--color--nonstatus--orange--default)', dash: '6 3' },
  { color: 'var(--pf-t--global--color--nonstatus--purple--default)', dash: '2 3' },
  { color: 'var(--pf-t--global--color--nonstatus--teal--default)', dash: '8 3 2 3' },
  { color: 'var(--pf-t--global--color--nonstatus--green--default)', dash: '12 4' },
  { color: 'var(--pf-t--global--color--nonstatus--gray--default)', dash: '1 2' },
] as const;

export const seriesStyle = (i: number): (typeof SERIES_STYLES)[number] =>
  SERIES_STYLES[i % SERIES_STYLES.length] ?? SERIES_STYLES[0];

/** Axis lines and labels. */
export const AXIS_COLOR = 'var(--pf-t--global--border--color--default)';
export const LABEL_COLOR = 'var(--pf-t--global--text--color--subtle)';
