/** GitLab's `GET /user/preferences` and `PUT /user/preferences`, for the signed-in user. */
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { requireUser } from '../../http/params.ts';
import type { Services } from '../services.ts';
import { textEditorName } from './users.service.ts';

/** GitLab's `UserPreferences` entity (the fields Milepost has). */
export function userPreferencesEntity(user: UserRow) {
  return {
    id: user.id,
    user_id: user.id,
    first_day_of_week: user.firstDayOfWeek,
    issue_notes_filter: user.issueNotesFilter,
    epic_notes_filter: user.epicNotesFilter,
    notes_sort: user.notesSort,
    text_editor: textEditorName(user.textEditorType),
    theme: user.theme,
    timezone: user.timeZone,
    date_format: user.dateFormat,
  };
}

export function preferencesRoutes(api: FastifyInstance, services: Services): void {
  api.get('/user/preferences', async (request) => {
    requireUser(request.actor);
    return userPreferencesEntity(request.actor.user!);
  });

  api.put('/user/preferences', async (request) => {
    requireUser(request.actor, true);
    const body = {
      ...((request.query as Record<string, unknown>) ?? {}),
      ...((request.body as Record<string, unknown>) ?? {}),
    };
    const user = await services.users.updatePreferences(request.actor, {
      firstDayOfWeek: body.first_day_of_week,
      issueNotesFilter: body.issue_notes_filter,
      epicNotesFilter: body.epic_notes_filter,
      notesSort: body.notes_sort,
      textEditor: body.text_editor,
      theme: body.theme,
      timeZone: body.timezone,
      dateFormat: body.date_format,
    });
    return userPreferencesEntity(user);
  });
}
