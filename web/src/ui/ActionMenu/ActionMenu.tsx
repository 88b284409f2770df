import { useState, type ReactNode, type Ref } from 'react';
import {
  Button,
  Dropdown,
  DropdownItem,
  DropdownList,
  Flex,
  MenuToggle,
  type MenuToggleElement,
  Tooltip,
} from '@patternfly/react-core';
import EllipsisVIcon from '@patternfly/react-icons/dist/esm/icons/ellipsis-v-icon';
import { useTranslation } from '../../i18n/useTranslation';
import type { Action } from '../../registry/types';
import type { ActionDecision } from './useActionDecisions';

export interface ActionMenuProps<Target> {
  /** The item's name, for the kebab's accessible name "Actions for {name}". */
  name: string;
  decisions: readonly ActionDecision<Target>[];
  onRun: (action: Action<Target>) => void;
}

/** Row and details-page actions are shown only when permitted and applicable (spec 2 §6). */
export function visibleActions<Target>(
  decisions: readonly ActionDecision<Target>[],
): Action<Target>[] {
  return decisions.filter((d) => d.permitted && d.applicable).map((d) => d.action);
}

/**
 * A row's (or details page's) actions: those marked `primary` as buttons, all of them in a
 * kebab. Declared-but-unavailable actions show disabled with their reason as a tooltip.
 */
export function ActionMenu<Target>({ name, decisions, onRun }: ActionMenuProps<Target>): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The menu is built the first time it opens: a closed PatternFly dropdown still runs its
  // popper's hooks on every render, once per row of a table that re-renders on each search
  // keystroke. Until then the kebab is the same toggle on its own.
  const [built, setBuilt] = useState(false);
  const actions = visibleActions(decisions);
  if (actions.length === 0) return null;
  const primary = actions.filter((a) => a.primary && !a.unavailable);
  const toggle = (ref?: Ref<MenuToggleElement>): ReactNode => (
    <MenuToggle
      ref={ref}
      variant="plain"
      aria-label={t('Actions for {{name}}', { name })}
      isExpanded={open}
      onClick={() => {
        if (built) {
          setOpen((o) => !o);
          return;
        }
        setBuilt(true);
        // Opened once this click is over: a menu mounted during it would take the click,
        // still on its way up to the document, for one outside the menu and close again.
        // Built closed and then opened, the dropdown also puts the focus on its first item.
        setTimeout(() => setOpen(true));
      }}
      icon={<EllipsisVIcon />}
    />
  );
  return (
    <Flex
      flexWrap={{ default: 'nowrap' }}
      spaceItems={{ default: 'spaceItemsSm' }}
      justifyContent={{ default: 'justifyContentFlexEnd' }}
    >
      {primary.map((action) => (
        <Button
          key={action.id}
          variant={action.danger ? 'danger' : 'secondary'}
          size="sm"
          onClick={() => onRun(action)}
        >
          {t(action.label)}
        </Button>
      ))}
      {!built ? (
        toggle()
      ) : (
        <Dropdown
          isOpen={open}
          onOpenChange={setOpen}
          popperProps={{ position: 'right' }}
          onSelect={() => setOpen(false)}
          // The menu button pattern: the keyboard lands on the first item when the menu opens,
          // and on the toggle again once an item is chosen, so the modal an item opens gives the
          // focus back to the toggle when it closes (the item itself is gone by then).
          shouldFocusFirstItemOnOpen
          shouldFocusToggleOnSelect
          toggle={toggle}
        >
          <DropdownList>
            {actions.map((action) => (
              <DropdownItem
                key={action.id}
                isDanger={action.danger}
                isAriaDisabled={!!action.unavailable}
                tooltipProps={action.unavailable ? { content: t(action.unavailable) } : undefined}
                onClick={() => {
                  if (!action.unavailable) onRun(action);
                }}
              >
                {t(action.label)}
              </DropdownItem>
            ))}
          </DropdownList>
        </Dropdown>
      )}
    </Flex>
  );
}

export interface ActionButtonsProps<Target> {
  decisions: readonly ActionDecision<Target>[];
  onRun: (action: Action<Target>) => void;
  /** Batch actions: shown when permitted, enabled only when applicable (a selection exists). */
  batch?: boolean;
}

/** Table actions (Create …) and batch actions (Delete …) in the toolbar. */
export function ActionButtons<Target>({
  decisions,
  onRun,
  batch = false,
}: ActionButtonsProps<Target>): ReactNode {
  const { t } = useTranslation();
  return decisions
    .filter((d) => d.permitted && (batch || d.applicable))
    .map(({ action, applicable }) => {
      const disabled = !!action.unavailable || !applicable;
      const button = (
        <Button
          key={action.id}
          variant={action.danger ? 'danger' : batch ? 'secondary' : 'primary'}
          isAriaDisabled={disabled}
          onClick={() => {
            if (!disabled) onRun(action);
          }}
        >
          {t(action.label)}
        </Button>
      );
      return action.unavailable ? (
        <Tooltip key={action.id} content={t(action.unavailable)}>
          {button}
        </Tooltip>
      ) : (
        button
      );
    });
}
