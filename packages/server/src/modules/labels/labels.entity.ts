import { textColorFor } from '@milepost/shared';
import type { LabelRow } from '../../db/schema.ts';
import { renderMarkdown } from '../../markdown/render.ts';

/** GitLab's `GroupLabel` / `ProjectLabel` REST entity. */
export function labelEntity(label: LabelRow, subscribed = false, priority: number | null = null) {
  return {
    id: label.id,
    name: label.title,
    description: label.description === '' ? null : label.description,
    description_html: label.description === '' ? '' : renderMarkdown(label.description),
    text_color: textColorFor(label.color),
    color: label.color,
    subscribed,
    priority,
    is_project_label: label.projectId !== null,
  };
}

/** The web UI's label JSON (`LabelSerializer#represent_appearance` plus the description). */
export function labelAppearance(label: LabelRow) {
  return {
    id: label.id,
    title: label.title,
    color: label.color,
    text_color: textColorFor(label.color),
    description: label.description === '' ? null : label.description,
    ...(label.projectId !== null ? { project_id: label.projectId } : {}),
  };
}
