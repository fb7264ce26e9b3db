import { routes } from './routes.ts';

/** A crumb of the trail; a group's or project's names it (`namespace`: its full path) for its avatar. */
export type Crumb = { label: string; to: string; namespace?: string };

/**
 * One crumb per group (and the project) in `fullPath`, named from `fullName`
 * ('Acme Corp / Platform / Web'). When the names cannot be paired with the path
 * segments, the segments themselves are the labels.
 */
export function namespaceBreadcrumbs(fullPath: string, fullName: string | null | undefined): Crumb[] {
  const segments = fullPath.split('/').filter(Boolean);
  const names = (fullName ?? '').split(' / ').map((name) => name.trim());
  const useNames = names.length === segments.length && names.every(Boolean);
  return segments.map((segment, index) => {
    const namespace = segments.slice(0, index + 1).join('/');
    return { label: useNames ? (names[index] as string) : segment, to: routes.group(namespace), namespace };
  });
}
