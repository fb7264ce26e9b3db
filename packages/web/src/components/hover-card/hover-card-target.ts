/**
 * What a hover card is about, read from a link's data attributes: the server's rendered references
 * (`<a class="gfm gfm-issue" data-reference-type="issue" data-project-path data-iid>`) and the app's
 * own links that carry the same attributes (`hoverCardAttributes`).
 */
export type HoverCardTarget =
  | { kind: 'user'; username: string }
  | { kind: 'issue'; projectPath: string; iid: string }
  | { kind: 'epic'; groupPath: string; iid: string }
  /** a milestone's id, or its global id (`gid://gitlab/Milestone/1`) */
  | { kind: 'milestone'; id: string }
  | { kind: 'label'; title: string; groupPath: string | null; projectPath: string | null };

/** The links that open a hover card. */
export const HOVER_CARD_SELECTOR = 'a[data-reference-type]';

/** The target of a link, or null when its attributes name nothing a card can show. */
export function hoverCardTarget(link: HTMLElement): HoverCardTarget | null {
  const d = link.dataset;
  switch (d.referenceType) {
    case 'user':
      return d.username ? { kind: 'user', username: d.username } : null;
    case 'issue':
      return d.projectPath && d.iid ? { kind: 'issue', projectPath: d.projectPath, iid: d.iid } : null;
    case 'epic':
      return d.groupPath && d.iid ? { kind: 'epic', groupPath: d.groupPath, iid: d.iid } : null;
    case 'milestone':
      return d.milestone ? { kind: 'milestone', id: d.milestone } : null;
    case 'label': {
      const title = link.textContent?.trim() ?? '';
      if (!title || (!d.groupPath && !d.projectPath)) return null;
      return { kind: 'label', title, groupPath: d.groupPath ?? null, projectPath: d.projectPath ?? null };
    }
    default:
      return null;
  }
}

/** The project path of an issue's web path (`/acme/web/-/issues/3` → `acme/web`). */
export function issueTargetOfPath(webPath: string): HoverCardTarget | null {
  const m = /^\/(.+?)\/-\/issues\/(?:incident\/)?(\d+)$/.exec(webPath);
  return m?.[1] && m[2] ? { kind: 'issue', projectPath: decodeURIComponent(m[1]), iid: m[2] } : null;
}

/** The same target's identity (a card stays open while the pointer moves between its links). */
export function targetKey(target: HoverCardTarget): string {
  return JSON.stringify(target);
}

/** Data attributes that give one of the app's own links (an author, an issue in a list) a hover card. */
export function hoverCardAttributes(target: HoverCardTarget | null): Record<string, string> {
  if (!target) return {};
  switch (target.kind) {
    case 'user':
      return { 'data-reference-type': 'user', 'data-username': target.username };
    case 'issue':
      return { 'data-reference-type': 'issue', 'data-project-path': target.projectPath, 'data-iid': target.iid };
    case 'epic':
      return { 'data-reference-type': 'epic', 'data-group-path': target.groupPath, 'data-iid': target.iid };
    case 'milestone':
      return { 'data-reference-type': 'milestone', 'data-milestone': target.id };
    case 'label':
      return {
        'data-reference-type': 'label',
        ...(target.groupPath ? { 'data-group-path': target.groupPath } : {}),
        ...(target.projectPath ? { 'data-project-path': target.projectPath } : {}),
      };
  }
}
