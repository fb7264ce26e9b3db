import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { abuseReportsService } from './abuse-reports/abuse-reports.service.ts';
import { reportedContentService } from './abuse-reports/reported-content.service.ts';
import { applicationSettingsService } from './application-settings/application-settings.service.ts';
import { authService } from './auth/auth.service.ts';
import { awardsService } from './awards/awards.service.ts';
import { recomputeEpicDatesForIssues, recomputeEpicDatesForMilestones } from './epics/epic-dates.repository.ts';
import { epicLinksService } from './epics/epic-links.service.ts';
import { epicsService } from './epics/epics.service.ts';
import { eventsService } from './events/events.service.ts';
import { frequentItemsService } from './frequent-items/frequent-items.service.ts';
import { groupsService } from './groups/groups.service.ts';
import { issueTemplatesService } from './issue-templates/issue-templates.service.ts';
import { issuePageService } from './issues/issue-page.service.ts';
import { issuesService } from './issues/issues.service.ts';
import { timeTrackingService } from './issues/time-tracking.service.ts';
import { iterationsService } from './iterations/iterations.service.ts';
import { labelsService } from './labels/labels.service.ts';
import { createMailer } from './mail/mailer.ts';
import { markdownService } from './markdown/markdown.service.ts';
import { membersService } from './members/members.service.ts';
import { milestonesService } from './milestones/milestones.service.ts';
import { notesService } from './notes/notes.service.ts';
import { projectsService } from './projects/projects.service.ts';
import { searchService } from './search/search.service.ts';
import { todosService } from './todos/todos.service.ts';
import { avatarsService } from './uploads/avatars.service.ts';
import { uploadsService } from './uploads/uploads.service.ts';
import { accountService } from './users/account.service.ts';
import { adminUsersService } from './users/admin-users.service.ts';
import { autocompleteService } from './users/autocomplete.service.ts';
import { profileService } from './users/profile.service.ts';
import { usersService } from './users/users.service.ts';
import { webPagesService } from './web-pages/web-pages.service.ts';

/** Every service, built once per app over one database handle. Transports call only these. */
import { workItemsService } from './work-items/work-items.service.ts';

export function createServices(
  db: Db,
  config: Pick<
    Config,
    | 'sessionDays'
    | 'maxLoginAttempts'
    | 'failedLoginUnlockMinutes'
    | 'protectedPathsLimit'
    | 'apiRateLimitPerUser'
    | 'apiRateLimitPerIp'
    | 'patPrefix'
    | 'maxAttachmentSizeMb'
    | 'smtpUrl'
    | 'emailFrom'
    | 'externalUrl'
  >,
) {
  const milestones = milestonesService(db);
  // Inherited epic dates follow their issues' milestones, in the same transaction as the change.
  milestones.onDatesChanged(async (tx, change) => {
    await recomputeEpicDatesForMilestones(tx, change.milestoneIds);
    await recomputeEpicDatesForIssues(tx, change.detachedIssueIds);
  });
  const issues = issuesService(db);
  const groups = groupsService(db);
  const projects = projectsService(db);
  const epics = epicsService(db);
  const notes = notesService(db);
  const applicationSettings = applicationSettingsService(db, config);
  const timeTracking = timeTrackingService(db, issues);
  return {
    applicationSettings,
    auth: authService(db, { ...config, throttles: () => applicationSettings.throttles() }),
    users: usersService(db),
    profile: profileService(db),
    account: accountService(db, {
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.emailFrom }),
      externalUrl: config.externalUrl,
    }),
    adminUsers: adminUsersService(db, { externalUrl: config.externalUrl }),
    groups,
    projects,
    members: membersService(db),
    labels: labelsService(db),
    milestones,
    epics,
    epicLinks: epicLinksService(db),
    issues,
    timeTracking,
    iterations: iterationsService(db),
    issueTemplates: issueTemplatesService(db),
    awards: awardsService(db),
    notes,
    autocomplete: autocompleteService(db),
    abuseReports: abuseReportsService(db),
    reportedContent: reportedContentService(
      { groups, projects, epics, issues, notes },
      { externalUrl: config.externalUrl },
    ),
    issuePage: issuePageService(db),
    search: searchService(db),
    workItems: workItemsService(db, issues, timeTracking),
    markdown: markdownService(db),
    todos: todosService(db),
    events: eventsService(db),
    frequentItems: frequentItemsService(db),
    uploads: uploadsService(db, { maxBytes: config.maxAttachmentSizeMb * 1024 * 1024 }),
    avatars: avatarsService(db),
    webPages: webPagesService(db, { groups, projects, epics, issues, milestones }),
  };
}

export type Services = ReturnType<typeof createServices>;
