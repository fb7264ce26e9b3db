/**
 * What a file's name says about it, as GitLab's uploaders decide it: the stored name
 * (CarrierWave's sanitising), the content type it is served with (from its extension, never from
 * what the browser claimed), whether it is shown inline (raster images only) and its markdown.
 */

/** Content types by extension; anything else is served as `application/octet-stream`. */
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  yml: 'text/yaml',
  yaml: 'text/yaml',
  html: 'text/html',
  htm: 'text/html',
  js: 'text/javascript',
  css: 'text/css',
  zip: 'application/zip',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Images a browser draws without running anything: the only files served inline. */
const RASTER = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/x-icon',
  'image/avif',
]);

/** The longest stored name (the column's limit). */
export const MAX_FILENAME_LENGTH = 255;

function extension(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

/**
 * The name a file is stored and served under: every character but letters, digits, '_', '.', '-'
 * and '+' becomes '_' (CarrierWave's rule), at most 255 characters keeping the extension; a name of
 * dots only gets a leading '_', an empty one becomes 'unnamed'.
 */
export function sanitizeFilename(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  let name = base.normalize('NFC').replace(/[^\p{L}\p{N}_.+-]/gu, '_');
  if (/^\.+$/.test(name)) name = `_${name}`;
  if (name === '') name = 'unnamed';
  if (name.length > MAX_FILENAME_LENGTH) {
    const ext = extension(name);
    const keep = ext && ext.length < 20 ? `.${ext}` : '';
    name = name.slice(0, MAX_FILENAME_LENGTH - keep.length) + keep;
  }
  return name;
}

export function contentTypeOf(filename: string): string {
  return TYPES[extension(filename)] ?? 'application/octet-stream';
}

/** Raster images are shown inline; everything else is a download (`Content-Disposition: attachment`). */
export function isInline(contentType: string): boolean {
  return RASTER.has(contentType);
}

/** Images (raster or SVG) are embedded in markdown as `![name](url)`; an `<img>` never runs script. */
export function isEmbeddable(contentType: string): boolean {
  return contentType.startsWith('image/');
}

/** GitLab's `markdown_name`: an image's name without its extension, any other file's whole name. */
export function markdownName(filename: string, contentType: string): string {
  if (!isEmbeddable(contentType)) return filename;
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
}

/** `![name](url)` for images, `[name](url)` for other files (`]` escaped, as GitLab does). */
export function markdownLink(filename: string, contentType: string, url: string): string {
  const link = `[${markdownName(filename, contentType).replaceAll(']', '\\]')}](${url})`;
  return isEmbeddable(contentType) ? `!${link}` : link;
}

/** `Content-Disposition` for a download: the name as ASCII and as UTF-8 (RFC 6266). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
