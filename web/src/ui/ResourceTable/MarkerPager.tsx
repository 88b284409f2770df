import { useState, type ReactNode } from 'react';
import {
  Button,
  Flex,
  FlexItem,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
} from '@patternfly/react-core';
import AngleDoubleLeftIcon from '@patternfly/react-icons/dist/esm/icons/angle-double-left-icon';
import AngleLeftIcon from '@patternfly/react-icons/dist/esm/icons/angle-left-icon';
import AngleRightIcon from '@patternfly/react-icons/dist/esm/icons/angle-right-icon';
import { useTranslation } from '../../i18n/useTranslation';
import type { ServerPager } from './useResourceList';

/** Page sizes offered; past a few hundred the rows are virtualised. */
export const PAGE_SIZES = [10, 20, 50, 100, 500, 1000];

/** The sizes a menu offers: the usual ones plus the default and the current size. */
export function pageSizeOptions(...extra: number[]): number[] {
  return [...new Set([...PAGE_SIZES, ...extra])].sort((a, b) => a - b);
}

/**
 * Prev / Next over a server-paged list (issue 14 §4). Marker paging knows its neighbours, not
 * its total, so there is no page count, no last page and no "of N".
 */
export function MarkerPager({
  pager,
  position,
}: {
  pager: ServerPager;
  position: 'top' | 'bottom';
}): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const sizes = pageSizeOptions(pager.defaultPerPage, pager.perPage);
  return (
    <nav aria-label={t('Pagination')} className={`sd-marker-pager sd-marker-pager-${position}`}>
      <Flex spaceItems={{ default: 'spaceItemsSm' }} alignItems={{ default: 'alignItemsCenter' }}>
        <FlexItem>
          <Select
            isOpen={open}
            selected={pager.perPage}
            onOpenChange={setOpen}
            onSelect={(_e, value) => {
              setOpen(false);
              if (typeof value === 'number' && value !== pager.perPage) pager.setPerPage(value);
            }}
            popperProps={{ direction: position === 'bottom' ? 'up' : 'down' }}
            toggle={(ref) => (
              <MenuToggle
                ref={ref}
                variant="plainText"
                isExpanded={open}
                onClick={() => setOpen((o) => !o)}
              >
                {t('{{size}} per page', { size: pager.perPage })}
              </MenuToggle>
            )}
          >
            <SelectList>
              {sizes.map((size) => (
                <SelectOption key={size} value={size}>
                  {t('{{size}} per page', { size })}
                </SelectOption>
              ))}
            </SelectList>
          </Select>
        </FlexItem>
        <FlexItem>
          <Button
            variant="plain"
            aria-label={t('Go to first page')}
            icon={<AngleDoubleLeftIcon />}
            // Enabled on any later page, even one whose marker no longer lists (no Prev there).
            isDisabled={!pager.paged}
            onClick={pager.first}
          />
          <Button
            variant="plain"
            aria-label={t('Go to previous page')}
            icon={<AngleLeftIcon />}
            isDisabled={!pager.hasPrev}
            onClick={pager.prev}
          />
          <Button
            variant="plain"
            aria-label={t('Go to next page')}
            icon={<AngleRightIcon />}
            isDisabled={!pager.hasNext}
            onClick={pager.next}
          />
        </FlexItem>
      </Flex>
    </nav>
  );
}
