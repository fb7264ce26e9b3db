/**
 * The content an abuse report was filed from (GitLab's admin 'reported content'): the report keeps
 * the page's URL; an issue or epic page — with `#note_<id>` for a comment — is looked up again with
 * the viewer's rights (administrators read everything), so the administrator sees what was reported
 * as it is now. Other pages (a profile, a list) have no single piece of content: null.
 */
import { groupSubPage, parseNamespacePath, projectSubPage } from '@milepost/shared';
import type { Actor } from '../../authz/actor.ts';
import type { AbuseReportRow } from '../../db/schema.ts';
import type { epicsService } from '../epics/epics.service.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import type { groupsService } from '../groups/groups.service.ts';
import type { issuesService } from '../issues/issues.service.ts';
import type { IssueNode } from '../issues/issues.types.ts';
import type { notesService } from '../notes/notes.service.ts';
import type { NoteNode } from '../notes/notes.types.ts';
import type { projectsService } from '../projects/projects.service.ts';

export type ReportedContent = { issue: IssueNode | null; epic: EpicNode | null; note: NoteNode | null };

type Deps = {
  groups: ReturnType<typeof groupsService>;
  projects: ReturnType<typeof projectsService>;
  epics: ReturnType<typeof epicsService>;
  issues: ReturnType<typeof issuesService>;
  notes: ReturnType<typeof notesService>;
};

/** The path and the note id (`#note_12`) of a same-origin URL, or null for another site or a non-URL. */
export function reportedLocation(url: string, externalUrl: string): { path: string; noteId: number | null } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(externalUrl).origin) return null;
  const note = /^#note_(\d{1,15})$/.exec(parsed.hash);
  return { path: decodeURIComponent(parsed.pathname), noteId: note ? Number(note[1]) : null };
}

export function reportedContentService(deps: Deps, opts: { externalUrl: string }) {
  return {
    async of(actor: Actor, report: AbuseReportRow): Promise<ReportedContent | null> {
      const at = report.reportedFromUrl ? reportedLocation(report.reportedFromUrl, opts.externalUrl) : null;
      const location = at && parseNamespacePath(at.path);
      if (!at || !location) return null;
      let issue: IssueNode | null = null;
      let epic: EpicNode | null = null;
      if (!location.groupsPrefix) {
        const sub = projectSubPage(location.subPath);
        if (sub && (sub.page === 'issue' || sub.page === 'incident')) {
          const project = await deps.projects.find(actor, location.fullPath);
          issue = (project && (await deps.issues.find(actor, project, Number(sub.iid)))) || null;
        }
      } else {
        const sub = groupSubPage(location.subPath);
        if (sub?.page === 'epic') {
          const group = await deps.groups.find(actor, location.fullPath);
          epic = (group && (await deps.epics.find(actor, group, Number(sub.iid)))) || null;
        }
      }
      if (!issue && !epic) return null;
      let note: NoteNode | null = null;
      if (at.noteId !== null) {
        const found = await deps.notes.findById(actor, at.noteId);
        const sameItem =
          found &&
          ((issue && found.noteable.type === 'Issue' && found.noteable.node.issue.id === issue.issue.id) ||
            (epic && found.noteable.type === 'Epic' && found.noteable.node.epic.id === epic.epic.id));
        note = sameItem ? found : null;
      }
      return { issue, epic, note };
    },
  };
}
