import type { CSSProperties } from 'react';
// The CommonJS build: the .mjs one imports its CSS as a module, which Node (Vitest) cannot load.
import tableStyles from '@patternfly/react-styles/css/components/Table/table.js';
import type { CellModifier, ResourceType } from '../../registry/types';

/** PatternFly's class for a column's cell modifier (none when the column has none). */
export const cellModifierClass = (modifier: CellModifier | undefined): string | undefined =>
  modifier && tableStyles.modifiers[modifier];

/**
 * The classes that hide a column the window has no room for (spec 2 §2): priority 3 below
 * 1200 px, priority 2 below 768 px as well (PatternFly's xl and md breakpoints). Media queries
 * in the stylesheet, not in a render: a page rendered on the server shows the columns its
 * window has room for from its first paint, with nothing removed once it hydrates. A table
 * still wider than its box gives up more of them (columnRoom.ts).
 */
export const priorityClass = (priority: 1 | 2 | 3): string | undefined =>
  priority === 1
    ? undefined
    : `${tableStyles.modifiers.hidden} ${
        priority === 2 ? tableStyles.modifiers.visibleOnMd : tableStyles.modifiers.visibleOnXl
      }`;

/**
 * The compact density as PatternFly's own custom properties, set on the table: its `compact`
 * variant narrows only the rows' height, while a table of a dozen columns needs the room
 * between them (16 px a side per cell, 16 px more before each sort arrow).
 */
const COMPACT: CSSProperties = {
  '--pf-v6-c-table--cell--Padding--base': 'var(--pf-t--global--spacer--sm)',
  '--pf-v6-c-table__button--PaddingInlineStart': 'var(--pf-t--global--spacer--sm)',
  '--pf-v6-c-table__button--PaddingInlineEnd': 'var(--pf-t--global--spacer--sm)',
  '--pf-v6-c-table__sort-indicator--MarginInlineStart': 'var(--pf-t--global--spacer--xs)',
} as CSSProperties;

/** The Table's props for a resource's density. */
export const densityProps = (
  density: ResourceType<unknown>['density'],
): { variant?: 'compact'; style?: CSSProperties } =>
  density === 'compact' ? { variant: 'compact', style: COMPACT } : {};
