import type { ReactNode } from 'react';
import { Button, Flex } from '@patternfly/react-core';
import { useTranslation } from '../../i18n/useTranslation';

export interface PrevNextPagerProps {
  /** The markers of the pages before this one and of this one (the last); none on the first. */
  markers: readonly string[];
  onChange: (update: (markers: string[]) => string[]) => void;
  hasMore: boolean | undefined;
  /** Where the next page starts (the API's next_marker). */
  nextMarker: string | undefined;
}

/**
 * Prev and Next links over a marker-paged API (Swift's containers and objects; the server-paged tables have ResourceTable's MarkerPager): the markers walked so
 * far are a stack, so Prev needs no backwards paging from the API.
 */
export function PrevNextPager({
  markers,
  onChange,
  hasMore,
  nextMarker,
}: PrevNextPagerProps): ReactNode {
  const { t } = useTranslation();
  return (
    <Flex>
      <Button
        variant="link"
        isDisabled={markers.length === 0}
        onClick={() => onChange((m) => m.slice(0, -1))}
      >
        {t('Prev')}
      </Button>
      <Button
        variant="link"
        isDisabled={!hasMore}
        onClick={() => {
          // An empty marker would be the first page again.
          if (nextMarker) onChange((m) => [...m, nextMarker]);
        }}
      >
        {t('Next')}
      </Button>
    </Flex>
  );
}
