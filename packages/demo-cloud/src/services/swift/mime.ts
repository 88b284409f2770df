/**
 * The proxy guesses a missing Content-Type from the object name with Python's `mimetypes`
 * (Debian's /etc/mime.types); these are the common extensions of that table.
 */
const TYPES: Readonly<Record<string, string>> = {
  '7z': 'application/x-7z-compressed',
  avi: 'video/x-msvideo',
  bmp: 'image/bmp',
  c: 'text/x-csrc',
  css: 'text/css',
  csv: 'text/csv',
  deb: 'application/vnd.debian.binary-package',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  exe: 'application/x-msdos-program',
  gif: 'image/gif',
  h: 'text/x-chdr',
  htm: 'text/html',
  html: 'text/html',
  ico: 'image/vnd.microsoft.icon',
  iso: 'application/x-iso9660-image',
  jar: 'application/java-archive',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  js: 'text/javascript',
  json: 'application/json',
  md: 'text/markdown',
  mjs: 'text/javascript',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  odt: 'application/vnd.oasis.opendocument.text',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
  png: 'image/png',
  ppt: 'application/vnd.ms-powerpoint',
  py: 'text/x-python',
  rar: 'application/vnd.rar',
  rtf: 'application/rtf',
  sh: 'text/x-sh',
  sql: 'application/sql',
  svg: 'image/svg+xml',
  tar: 'application/x-tar',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  ts: 'text/vnd.trolltech.linguist',
  txt: 'text/plain',
  wasm: 'application/wasm',
  wav: 'audio/x-wav',
  webm: 'video/webm',
  webp: 'image/webp',
  woff: 'font/woff',
  woff2: 'font/woff2',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml',
  zip: 'application/zip',
};

// mimetypes strips a compression suffix and maps tar shorthands before looking the type up.
const ENCODINGS = new Set(['gz', 'z', 'bz2', 'xz', 'br']);
const SUFFIXES: Readonly<Record<string, string>> = {
  tgz: 'tar.gz',
  taz: 'tar.gz',
  tz: 'tar.gz',
  tbz2: 'tar.bz2',
  txz: 'tar.xz',
};

const typeOf = (ext: string): string | undefined => TYPES[ext] ?? TYPES[ext.toLowerCase()];

/** The type `mimetypes.guess_type` gives for a name, or application/octet-stream. */
export const guessContentType = (name: string): string => {
  let base = name.slice(name.lastIndexOf('/') + 1);
  let dot = base.lastIndexOf('.');
  if (dot < 0) return 'application/octet-stream';
  const suffix = SUFFIXES[base.slice(dot + 1)] ?? SUFFIXES[base.slice(dot + 1).toLowerCase()];
  if (suffix) {
    base = `${base.slice(0, dot)}.${suffix}`;
    dot = base.lastIndexOf('.');
  }
  if (ENCODINGS.has(base.slice(dot + 1).toLowerCase())) {
    base = base.slice(0, dot);
    dot = base.lastIndexOf('.');
    if (dot < 0) return 'application/octet-stream';
  }
  return typeOf(base.slice(dot + 1)) ?? 'application/octet-stream';
};
