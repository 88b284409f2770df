import './utilities.css';

/**
 * Class names of utilities.css. Importing this module is what loads the sheet, so a component
 * that names a class here always has its rule (a bare class string would not).
 */
export const u = {
  mtMd: 'sd-u-mt-md',
  mtLg: 'sd-u-mt-lg',
  mbMd: 'sd-u-mb-md',
  mbLg: 'sd-u-mb-lg',
  mlSm: 'sd-u-ml-sm',
  pSm: 'sd-u-p-sm',
  pXl: 'sd-u-p-xl',
  textSubtle: 'sd-u-text-subtle',
  fontSizeSm: 'sd-u-font-size-sm',
} as const;
