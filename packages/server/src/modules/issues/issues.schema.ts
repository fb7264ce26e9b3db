// GraphQL of the issues domain: the Issue type, its lists, mutations and the epic ↔ issue relation.
import './issue-enums.schema.ts';
import './issue-fields.schema.ts';
import './issue-action-fields.schema.ts';
import './issue-queries.schema.ts';
import './issue-mutations.schema.ts';
import './epic-issues.schema.ts';
import './time-tracking.schema.ts';
import './issue-lists.schema.ts';
import './issue-page.schema.ts';
import './issue-sidebar.schema.ts';
