import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { useQuery } from '@tanstack/react-query';
import {
  List,
  ListItem,
  type MenuToggleElement,
  Popover,
  ToggleGroup,
  ToggleGroupItem,
  ToolbarItem,
} from '@patternfly/react-core';
import InfoCircleIcon from '@patternfly/react-icons/dist/esm/icons/info-circle-icon';
import type { HeaderSection } from '@skydeck/contract';
import { readCookie } from '../api/http';
import { HEADER_SECTION_COOKIE, headerQueries, isSafeLink } from '../data/header';
import { writePreferenceCookie } from '../settings/preferences';
import { MastheadToggle } from './MastheadSwitchers';
import { u } from '../ui/utilities/utilities';

function storedSectionId(): string | undefined {
  try {
    return readCookie(HEADER_SECTION_COOKIE);
  } catch {
    // A malformed escape in the cookie is no choice at all.
    return undefined;
  }
}

/** One item: text, or a link to another site (new tab, no opener, no referrer). */
function HeaderItemView({ item }: { item: HeaderSection['items'][number] }): ReactNode {
  return (
    <ListItem>
      {isSafeLink(item.url) ? (
        <a href={item.url} target="_blank" rel="noopener noreferrer">
          {item.text}
        </a>
      ) : (
        <span>{item.text}</span>
      )}
      {item.description ? (
        <div className={`${u.textSubtle} ${u.fontSizeSm}`}>{item.description}</div>
      ) : null}
    </ListItem>
  );
}

/**
 * The extensible header (spec 1 §2): the operator's sections (GET header/) behind one masthead
 * toggle. Every field is rendered as text by React: the header is data, never markup. The chosen
 * section is kept in a cookie and preselected on the next visit; no sections, no toggle.
 */
export function ExtensibleHeader(): ReactNode {
  const { t } = useTranslation();
  const { data: sections = [] } = useQuery(headerQueries.sections());
  const [chosenId, setChosenId] = useState(storedSectionId);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<MenuToggleElement>(null);
  const chosen = sections.find((s) => s.id === chosenId) ?? sections[0];
  if (!chosen) return null;

  const choose = (id: string): void => {
    setChosenId(id);
    writePreferenceCookie(HEADER_SECTION_COOKIE, id);
  };

  return (
    <ToolbarItem>
      <MastheadToggle
        ref={toggleRef}
        icon={<InfoCircleIcon />}
        label={t('Information: {{title}}', { title: chosen.title })}
        text={chosen.title}
        isExpanded={open}
        // The popover opens and closes on its trigger's clicks itself (shouldOpen/shouldClose).
        onClick={() => undefined}
      />
      <Popover
        triggerRef={toggleRef}
        isVisible={open}
        shouldOpen={() => setOpen(true)}
        shouldClose={() => setOpen(false)}
        // Named by its heading, the chosen section's title.
        closeBtnAriaLabel={t('Close')}
        position="bottom-end"
        headerContent={chosen.title}
        headerComponent="h2"
        bodyContent={
          <>
            {sections.length > 1 ? (
              <ToggleGroup aria-label={t('Information sections')} className={u.mbMd}>
                {sections.map((section) => (
                  <ToggleGroupItem
                    key={section.id}
                    text={section.title}
                    isSelected={section.id === chosen.id}
                    onChange={() => choose(section.id)}
                  />
                ))}
              </ToggleGroup>
            ) : null}
            {chosen.items.length > 0 ? (
              <List isPlain aria-label={chosen.title}>
                {chosen.items.map((item, i) => (
                  <HeaderItemView key={i} item={item} />
                ))}
              </List>
            ) : (
              <p>{t('Nothing in this section.')}</p>
            )}
          </>
        }
      />
    </ToolbarItem>
  );
}
