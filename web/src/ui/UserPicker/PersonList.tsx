import { useId, type ReactNode } from 'react';
import {
  Button,
  DataList,
  DataListAction,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
} from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';

export interface Person {
  id: string;
  name: string;
}

/** What a row's one button does: add a found user, or remove a member. */
export type PersonActionKind = 'add' | 'remove';

/**
 * A member list row's button, named with the person ("Add alice", "Remove alice") so a screen
 * reader, and a test, can tell one row's from another's. `nameId`: the id of the element that
 * shows the person's name.
 */
export function PersonAction({
  person,
  nameId,
  kind,
  onClick,
}: {
  person: Person;
  nameId: string;
  kind: PersonActionKind;
  onClick: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  const label =
    kind === 'add'
      ? t('Add {{name}}', { name: person.name })
      : t('Remove {{name}}', { name: person.name });
  return (
    <DataListAction id={id} aria-labelledby={`${id} ${nameId}`} aria-label={label}>
      <Button
        variant={kind === 'add' ? 'secondary' : 'link'}
        isDanger={kind === 'remove'}
        size="sm"
        aria-label={label}
        onClick={onClick}
      >
        {kind === 'add' ? t('Add') : t('Remove')}
      </Button>
    </DataListAction>
  );
}

/** A compact list of people by name, each with one button (PersonAction). */
export function PersonList<P extends Person>({
  label,
  people,
  kind,
  onAction,
}: {
  label: string;
  people: readonly P[];
  kind: PersonActionKind;
  onAction: (person: P) => void;
}): ReactNode {
  // Ids from useId, not from the label: a label has spaces, and aria-labelledby is a list of
  // ids separated by spaces.
  const prefix = useId();
  return (
    <DataList aria-label={label} isCompact>
      {people.map((person) => {
        const nameId = `${prefix}-${person.id}`;
        return (
          <DataListItem key={person.id} aria-labelledby={nameId}>
            <DataListItemRow>
              <DataListItemCells
                dataListCells={[
                  <DataListCell key="name">
                    <span id={nameId}>{person.name}</span>
                  </DataListCell>,
                ]}
              />
              <PersonAction
                person={person}
                nameId={nameId}
                kind={kind}
                onClick={() => onAction(person)}
              />
            </DataListItemRow>
          </DataListItem>
        );
      })}
    </DataList>
  );
}
