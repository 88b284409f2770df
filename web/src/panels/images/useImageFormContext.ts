import { useQuery } from '@tanstack/react-query';
import type { ImageSourceType, Settings } from '@skydeck/contract';
import { useAllowed } from '../../api/permissions';
import { shellQueries } from '../../data/shell';
import { policy } from '../../registry/types';
import { imageQueries } from '../../data/glance/images';
import {
  defaultSourceType,
  defaultVisibility,
  sourceTypeOptions,
  visibilityOptions,
  type VisibilityChoice,
} from './imageRules';

const PUBLICIZE = [policy('image', 'publicize_image')];
const COMMUNITIZE = [policy('image', 'communitize_image')];

export interface ImageFormContext {
  ready: boolean;
  settings: Settings | undefined;
  sources: ImageSourceType[];
  source: ImageSourceType | '';
  visibilities: VisibilityChoice[];
  visibility: VisibilityChoice;
}

/** What the create and edit forms need before they can render: settings, version, policies. */
export function useImageFormContext(): ImageFormContext {
  const settings = useQuery(shellQueries.settings()).data;
  const version = useQuery(imageQueries.version());
  const canPublicize = useAllowed(PUBLICIZE);
  const canCommunitize = useAllowed(COMMUNITIZE);
  const apiVersion = version.data?.version ?? settings?.HORIZON_ACTIVE_IMAGE_VERSION ?? 2;
  const ready =
    !!settings &&
    (version.isSuccess || version.isError) &&
    canPublicize !== undefined &&
    canCommunitize !== undefined;
  return {
    ready,
    settings,
    sources: settings ? sourceTypeOptions(settings, apiVersion) : [],
    source: settings ? defaultSourceType(settings, apiVersion) : '',
    visibilities: visibilityOptions(!!canCommunitize, !!canPublicize),
    visibility: defaultVisibility(settings?.CREATE_IMAGE_DEFAULTS),
  };
}
