import { routes } from './routes.ts';

export type Crumb = { label: string; to: string };

/**
 * One crumb per group (and the project) in `fullPath`, named from `fullName`
 * ('Acme Corp / Platform / Web'). When the names cannot be paired with the path
 * segments, the segments themselves are the labels.
 */
export function namespaceBreadcrumbs(fullPath: string, fullName: string | null | undefined): Crumb[] {
  const segments = fullPath.split('/').filter(Boolean);
  const names = (fullName ?? '').split(' / ').map((name) => name.trim());
  const useNames = names.length === segments.length && names.every(Boolean);
  return segments.map((segment, index) => ({
    label: useNames ? (names[index] as string) : segment,
    to: routes.group(segments.slice(0, index + 1).join('/')),
  }));
}
