/** The GraphQL documents the benchmarks send: what the web roadmap, epic page and issue list ask for. */

// The brief's roadmap fields plus what the web roadmap's RoadmapEpic fragment also asks for.
const EPIC_FIELDS = `id iid title state color textColor startDate dueDate webPath webUrl blocked hasChildrenWithinTimeframe
    descendantCounts { openedEpics closedEpics openedIssues closedIssues }
    descendantWeightSum { openedIssues closedIssues }
    labels { nodes { id title color textColor } }
    group { id name fullPath }
    parent { id startDate dueDate }
    ancestors { nodes { id } }`;

/** A group's roadmap page: `Group.epics` by start date within a timeframe, optionally by label, `after` a cursor. */
export const roadmapQuery = `query BenchRoadmap($fullPath: ID!, $first: Int, $after: String, $timeframe: Timeframe, $labelName: [String!]) {
    group(fullPath: $fullPath) { id
      epics(first: $first, after: $after, state: all, sort: start_date_asc, timeframe: $timeframe, labelName: $labelName,
            includeDescendantGroups: true) {
        count pageInfo { hasNextPage endCursor }
        nodes { ${EPIC_FIELDS} } } } }`;

/** An epic's child-items tree: its first 100 children with their roll-ups. */
export const childrenQuery = `query BenchChildren($fullPath: ID!, $iid: ID!) {
    group(fullPath: $fullPath) { id
      epic(iid: $iid, includeDescendantGroups: false) { id children(first: 100) { count pageInfo { hasNextPage endCursor } nodes { ${EPIC_FIELDS} } } } } }`;

/** A project's issue list: the first 100 open issues, newest first. */
export const issuesQuery = `query BenchIssues($fullPath: ID!) {
    project(fullPath: $fullPath) { id
      issues(first: 100, state: opened, sort: CREATED_DESC) {
        count pageInfo { hasNextPage endCursor }
        nodes { id iid title state createdAt closedAt dueDate confidential webUrl weight healthStatus
          author { id username name } assignees { nodes { id username name } }
          labels { nodes { id title color } } milestone { id title dueDate } upvotes downvotes } } } }`;
