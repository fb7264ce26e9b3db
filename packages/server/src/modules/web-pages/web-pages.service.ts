/**
 * Which web addresses are real pages, for the server's answer to a page request: the app's own
 * pages (`@milepost/shared`'s `APP_PAGES`), group and project pages (their sub-pages by the same
 * shared matchers the web router uses), and user profiles. A missing page answers 404; so does a
 * hidden one — except that a signed-out visitor is sent to sign in first (GitLab's
 * `authenticate_user!` on a 404), since only an account can tell the two apart.
 */
import {
  appPageAccess,
  DEFAULT_FIRST_DAY_OF_WEEK,
  groupSubPage,
  isFirstDayOfWeek,
  normalizePathname,
  parseNamespacePath,
  profileUsername,
  projectSubPage,
  roadmapFirstListArgs,
  todayIn,
} from '@milepost/shared';
import type { Actor } from '../../authz/actor.ts';
import { can, GLOBAL } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { epicsService } from '../epics/epics.service.ts';
import type { groupsService } from '../groups/groups.service.ts';
import type { issuesService } from '../issues/issues.service.ts';
import type { milestonesService } from '../milestones/milestones.service.ts';
import type { projectsService } from '../projects/projects.service.ts';
import { usersRepository } from '../users/users.repository.ts';

/** `ok`: serve the page; `not-found`: 404 with the app's not-found page; `sign-in`: redirect to sign in. */
export type PageStatus = 'ok' | 'not-found' | 'sign-in';

type Deps = {
  groups: ReturnType<typeof groupsService>;
  projects: ReturnType<typeof projectsService>;
  epics: ReturnType<typeof epicsService>;
  issues: ReturnType<typeof issuesService>;
  milestones: ReturnType<typeof milestonesService>;
};

export function webPagesService(db: Db, deps: Deps) {
  const users = usersRepository(db);

  return {
    async pageStatus(actor: Actor, pathname: string): Promise<PageStatus> {
      const path = normalizePathname(pathname);
      const hidden: PageStatus = actor.user ? 'not-found' : 'sign-in';
      const access = appPageAccess(path);
      if (access === 'public') return 'ok';
      if (access === 'signed-in') return actor.user ? 'ok' : 'sign-in';
      if (access === 'admin') return (await can(db, actor, 'readAdminArea', GLOBAL)) ? 'ok' : hidden;

      const location = parseNamespacePath(path);
      if (!location) return 'not-found';
      if (!location.groupsPrefix) {
        const project = await deps.projects.find(actor, location.fullPath);
        if (project) {
          const sub = projectSubPage(location.subPath);
          if (!sub) return 'not-found';
          // GitLab's `authenticate_user!`: a visitor is sent to sign in before the form.
          if (sub.page === 'newIssue') return actor.user ? 'ok' : 'sign-in';
          // Settings are for those who may edit the project; to anyone else they do not exist.
          if (sub.page === 'settings') {
            return (await can(db, actor, 'adminProject', { type: 'Project', ...project })) ? 'ok' : hidden;
          }
          if (sub.page === 'issue' || sub.page === 'incident' || sub.page === 'workItem') {
            return (await deps.issues.find(actor, project, Number(sub.iid))) ? 'ok' : hidden;
          }
          if (sub.page === 'milestone') {
            const found = await deps.milestones.findByIid(actor, { type: 'Project', ...project }, Number(sub.iid));
            return found ? 'ok' : hidden;
          }
          return 'ok';
        }
      }
      const group = await deps.groups.find(actor, location.fullPath);
      if (group) {
        const sub = groupSubPage(location.subPath);
        if (!sub) return 'not-found';
        if (sub.page === 'epic') return (await deps.epics.find(actor, group, Number(sub.iid))) ? 'ok' : hidden;
        if (sub.page === 'settings')
          return (await can(db, actor, 'adminGroup', { type: 'Group', group })) ? 'ok' : hidden;
        if (sub.page === 'milestone') {
          return (await deps.milestones.findByIid(actor, { type: 'Group', group }, Number(sub.iid))) ? 'ok' : hidden;
        }
        return 'ok';
      }
      const username = profileUsername(location);
      if (username && (await users.findByUsername(username))) return 'ok';
      return hidden;
    },

    /**
     * Starts, as a page is served, work its first requests will need and cannot ask for before its
     * scripts have run (decision 0096): a group roadmap's first list (its position index, the pass
     * over every epic in the group's tree). The list is the page's URL read as the page reads it,
     * around today in the viewer's time zone, weeks starting on the viewer's first day. Settles when
     * that work is done; a page whose first request asks for another list only costs the build.
     */
    async prepare(actor: Actor, pathname: string, search: string): Promise<void> {
      const location = parseNamespacePath(normalizePathname(pathname));
      if (!location?.groupsPrefix || groupSubPage(location.subPath)?.page !== 'roadmap') return;
      const group = await deps.groups.find(actor, location.fullPath);
      if (!group) return;
      const firstDay = actor.user?.firstDayOfWeek;
      const args = roadmapFirstListArgs(
        search,
        todayIn(actor.user?.timeZone),
        isFirstDayOfWeek(firstDay) ? firstDay : DEFAULT_FIRST_DAY_OF_WEEK,
      );
      if (args) await deps.epics.warmRoadmapList(actor, group, args);
    },
  };
}
