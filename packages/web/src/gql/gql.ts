/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query CurrentUserQuery {\n  currentUser {\n    id\n    username\n    name\n    avatarUrl\n    webPath\n    admin\n  }\n}": typeof types.CurrentUserQueryDocument,
    "query AdminGroupsQuery($search: String, $first: Int, $after: String) {\n  groups(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullName\n      fullPath\n      visibility\n      avatarUrl\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": typeof types.AdminGroupsQueryDocument,
    "query AdminProjectsQuery($search: String, $first: Int, $after: String) {\n  projects(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullPath\n      nameWithNamespace\n      visibility\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": typeof types.AdminProjectsQueryDocument,
    "query AdminUsersQuery($search: String, $first: Int, $after: String) {\n  users(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      username\n      name\n      avatarUrl\n      webPath\n      state\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": typeof types.AdminUsersQueryDocument,
    "mutation UserCreateMutation($input: UserCreateInput!) {\n  userCreate(input: $input) {\n    user {\n      id\n      username\n    }\n    errors\n  }\n}": typeof types.UserCreateMutationDocument,
    "query DashboardGroupsQuery($search: String, $first: Int, $after: String) {\n  currentUser {\n    id\n    groups(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullName\n        fullPath\n        description\n        visibility\n        avatarUrl\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": typeof types.DashboardGroupsQueryDocument,
    "query ExploreGroupsQuery($search: String, $first: Int, $after: String) {\n  groups(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullName\n      fullPath\n      description\n      visibility\n      avatarUrl\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": typeof types.ExploreGroupsQueryDocument,
    "mutation GroupCreateMutation($input: GroupCreateInput!) {\n  groupCreate(input: $input) {\n    group {\n      id\n      fullPath\n    }\n    errors\n  }\n}": typeof types.GroupCreateMutationDocument,
    "query GroupOverviewQuery($fullPath: ID!) {\n  group(fullPath: $fullPath) {\n    id\n    name\n    fullName\n    fullPath\n    description\n    visibility\n    avatarUrl\n    userPermissions {\n      createSubgroup\n      createProjects\n      adminGroupMember\n    }\n    groupMembers {\n      count\n    }\n  }\n}": typeof types.GroupOverviewQueryDocument,
    "query GroupProjectsQuery($fullPath: ID!, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    projects(includeSubgroups: false, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullPath\n        description\n        visibility\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": typeof types.GroupProjectsQueryDocument,
    "query GroupSearchQuery($search: String, $first: Int) {\n  groups(search: $search, first: $first) {\n    nodes {\n      id\n      fullName\n      fullPath\n    }\n  }\n}": typeof types.GroupSearchQueryDocument,
    "query GroupSubgroupsQuery($fullPath: ID!, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    descendantGroups(includeParentDescendants: false, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullName\n        fullPath\n        description\n        visibility\n        avatarUrl\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": typeof types.GroupSubgroupsQueryDocument,
    "mutation GroupMemberCreateMutation($input: GroupMemberCreateInput!) {\n  groupMemberCreate(input: $input) {\n    groupMember {\n      id\n    }\n    errors\n  }\n}": typeof types.GroupMemberCreateMutationDocument,
    "mutation GroupMemberDeleteMutation($input: GroupMemberDeleteInput!) {\n  groupMemberDelete(input: $input) {\n    errors\n  }\n}": typeof types.GroupMemberDeleteMutationDocument,
    "mutation GroupMemberUpdateMutation($input: GroupMemberUpdateInput!) {\n  groupMemberUpdate(input: $input) {\n    groupMember {\n      id\n      accessLevel {\n        integerValue\n        stringValue\n      }\n    }\n    errors\n  }\n}": typeof types.GroupMemberUpdateMutationDocument,
    "query GroupMembersQuery($fullPath: ID!, $search: String, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    fullPath\n    userPermissions {\n      adminGroupMember\n    }\n    groupMembers(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        accessLevel {\n          integerValue\n          stringValue\n        }\n        createdAt\n        expiresAt\n        inherited\n        user {\n          id\n          username\n          name\n          avatarUrl\n          webPath\n        }\n        group {\n          id\n          name\n          fullName\n          fullPath\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": typeof types.GroupMembersQueryDocument,
    "mutation ProjectMemberCreateMutation($input: ProjectMemberCreateInput!) {\n  projectMemberCreate(input: $input) {\n    projectMember {\n      id\n    }\n    errors\n  }\n}": typeof types.ProjectMemberCreateMutationDocument,
    "mutation ProjectMemberDeleteMutation($input: ProjectMemberDeleteInput!) {\n  projectMemberDelete(input: $input) {\n    errors\n  }\n}": typeof types.ProjectMemberDeleteMutationDocument,
    "mutation ProjectMemberUpdateMutation($input: ProjectMemberUpdateInput!) {\n  projectMemberUpdate(input: $input) {\n    projectMember {\n      id\n      accessLevel {\n        integerValue\n        stringValue\n      }\n    }\n    errors\n  }\n}": typeof types.ProjectMemberUpdateMutationDocument,
    "query ProjectMembersQuery($fullPath: ID!, $search: String, $first: Int, $after: String) {\n  project(fullPath: $fullPath) {\n    id\n    fullPath\n    userPermissions {\n      adminProjectMember\n    }\n    projectMembers(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        __typename\n        id\n        accessLevel {\n          integerValue\n          stringValue\n        }\n        createdAt\n        expiresAt\n        inherited\n        user {\n          id\n          username\n          name\n          avatarUrl\n          webPath\n        }\n        ... on GroupMember {\n          group {\n            id\n            name\n            fullName\n            fullPath\n          }\n        }\n        ... on ProjectMember {\n          project {\n            id\n            fullPath\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": typeof types.ProjectMembersQueryDocument,
    "query UserSearchQuery($search: String, $first: Int) {\n  users(search: $search, first: $first) {\n    nodes {\n      id\n      username\n      name\n      avatarUrl\n    }\n  }\n}": typeof types.UserSearchQueryDocument,
    "query ResolvePathQuery($fullPath: ID!) {\n  group(fullPath: $fullPath) {\n    id\n    name\n    fullName\n    fullPath\n    avatarUrl\n  }\n  project(fullPath: $fullPath) {\n    id\n    name\n    fullPath\n    nameWithNamespace\n  }\n}": typeof types.ResolvePathQueryDocument,
    "mutation ProjectCreateMutation($input: ProjectCreateInput!) {\n  projectCreate(input: $input) {\n    project {\n      id\n      fullPath\n    }\n    errors\n  }\n}": typeof types.ProjectCreateMutationDocument,
    "query ProjectOverviewQuery($fullPath: ID!) {\n  project(fullPath: $fullPath) {\n    id\n    name\n    fullPath\n    nameWithNamespace\n    description\n    visibility\n    group {\n      id\n      name\n      fullPath\n    }\n    projectMembers {\n      count\n    }\n  }\n}": typeof types.ProjectOverviewQueryDocument,
    "mutation PersonalAccessTokenCreateMutation($input: PersonalAccessTokenCreateInput!) {\n  personalAccessTokenCreate(input: $input) {\n    token\n    personalAccessToken {\n      id\n      name\n    }\n    errors\n  }\n}": typeof types.PersonalAccessTokenCreateMutationDocument,
    "mutation PersonalAccessTokenRevokeMutation($input: PersonalAccessTokenRevokeInput!) {\n  personalAccessTokenRevoke(input: $input) {\n    errors\n  }\n}": typeof types.PersonalAccessTokenRevokeMutationDocument,
    "query PersonalAccessTokensQuery {\n  currentUser {\n    id\n    personalAccessTokens {\n      id\n      name\n      scopes\n      createdAt\n      expiresAt\n      lastUsedAt\n      revoked\n      active\n    }\n  }\n}": typeof types.PersonalAccessTokensQueryDocument,
};
const documents: Documents = {
    "query CurrentUserQuery {\n  currentUser {\n    id\n    username\n    name\n    avatarUrl\n    webPath\n    admin\n  }\n}": types.CurrentUserQueryDocument,
    "query AdminGroupsQuery($search: String, $first: Int, $after: String) {\n  groups(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullName\n      fullPath\n      visibility\n      avatarUrl\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": types.AdminGroupsQueryDocument,
    "query AdminProjectsQuery($search: String, $first: Int, $after: String) {\n  projects(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullPath\n      nameWithNamespace\n      visibility\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": types.AdminProjectsQueryDocument,
    "query AdminUsersQuery($search: String, $first: Int, $after: String) {\n  users(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      username\n      name\n      avatarUrl\n      webPath\n      state\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": types.AdminUsersQueryDocument,
    "mutation UserCreateMutation($input: UserCreateInput!) {\n  userCreate(input: $input) {\n    user {\n      id\n      username\n    }\n    errors\n  }\n}": types.UserCreateMutationDocument,
    "query DashboardGroupsQuery($search: String, $first: Int, $after: String) {\n  currentUser {\n    id\n    groups(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullName\n        fullPath\n        description\n        visibility\n        avatarUrl\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": types.DashboardGroupsQueryDocument,
    "query ExploreGroupsQuery($search: String, $first: Int, $after: String) {\n  groups(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullName\n      fullPath\n      description\n      visibility\n      avatarUrl\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}": types.ExploreGroupsQueryDocument,
    "mutation GroupCreateMutation($input: GroupCreateInput!) {\n  groupCreate(input: $input) {\n    group {\n      id\n      fullPath\n    }\n    errors\n  }\n}": types.GroupCreateMutationDocument,
    "query GroupOverviewQuery($fullPath: ID!) {\n  group(fullPath: $fullPath) {\n    id\n    name\n    fullName\n    fullPath\n    description\n    visibility\n    avatarUrl\n    userPermissions {\n      createSubgroup\n      createProjects\n      adminGroupMember\n    }\n    groupMembers {\n      count\n    }\n  }\n}": types.GroupOverviewQueryDocument,
    "query GroupProjectsQuery($fullPath: ID!, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    projects(includeSubgroups: false, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullPath\n        description\n        visibility\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": types.GroupProjectsQueryDocument,
    "query GroupSearchQuery($search: String, $first: Int) {\n  groups(search: $search, first: $first) {\n    nodes {\n      id\n      fullName\n      fullPath\n    }\n  }\n}": types.GroupSearchQueryDocument,
    "query GroupSubgroupsQuery($fullPath: ID!, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    descendantGroups(includeParentDescendants: false, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullName\n        fullPath\n        description\n        visibility\n        avatarUrl\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": types.GroupSubgroupsQueryDocument,
    "mutation GroupMemberCreateMutation($input: GroupMemberCreateInput!) {\n  groupMemberCreate(input: $input) {\n    groupMember {\n      id\n    }\n    errors\n  }\n}": types.GroupMemberCreateMutationDocument,
    "mutation GroupMemberDeleteMutation($input: GroupMemberDeleteInput!) {\n  groupMemberDelete(input: $input) {\n    errors\n  }\n}": types.GroupMemberDeleteMutationDocument,
    "mutation GroupMemberUpdateMutation($input: GroupMemberUpdateInput!) {\n  groupMemberUpdate(input: $input) {\n    groupMember {\n      id\n      accessLevel {\n        integerValue\n        stringValue\n      }\n    }\n    errors\n  }\n}": types.GroupMemberUpdateMutationDocument,
    "query GroupMembersQuery($fullPath: ID!, $search: String, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    fullPath\n    userPermissions {\n      adminGroupMember\n    }\n    groupMembers(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        accessLevel {\n          integerValue\n          stringValue\n        }\n        createdAt\n        expiresAt\n        inherited\n        user {\n          id\n          username\n          name\n          avatarUrl\n          webPath\n        }\n        group {\n          id\n          name\n          fullName\n          fullPath\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": types.GroupMembersQueryDocument,
    "mutation ProjectMemberCreateMutation($input: ProjectMemberCreateInput!) {\n  projectMemberCreate(input: $input) {\n    projectMember {\n      id\n    }\n    errors\n  }\n}": types.ProjectMemberCreateMutationDocument,
    "mutation ProjectMemberDeleteMutation($input: ProjectMemberDeleteInput!) {\n  projectMemberDelete(input: $input) {\n    errors\n  }\n}": types.ProjectMemberDeleteMutationDocument,
    "mutation ProjectMemberUpdateMutation($input: ProjectMemberUpdateInput!) {\n  projectMemberUpdate(input: $input) {\n    projectMember {\n      id\n      accessLevel {\n        integerValue\n        stringValue\n      }\n    }\n    errors\n  }\n}": types.ProjectMemberUpdateMutationDocument,
    "query ProjectMembersQuery($fullPath: ID!, $search: String, $first: Int, $after: String) {\n  project(fullPath: $fullPath) {\n    id\n    fullPath\n    userPermissions {\n      adminProjectMember\n    }\n    projectMembers(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        __typename\n        id\n        accessLevel {\n          integerValue\n          stringValue\n        }\n        createdAt\n        expiresAt\n        inherited\n        user {\n          id\n          username\n          name\n          avatarUrl\n          webPath\n        }\n        ... on GroupMember {\n          group {\n            id\n            name\n            fullName\n            fullPath\n          }\n        }\n        ... on ProjectMember {\n          project {\n            id\n            fullPath\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}": types.ProjectMembersQueryDocument,
    "query UserSearchQuery($search: String, $first: Int) {\n  users(search: $search, first: $first) {\n    nodes {\n      id\n      username\n      name\n      avatarUrl\n    }\n  }\n}": types.UserSearchQueryDocument,
    "query ResolvePathQuery($fullPath: ID!) {\n  group(fullPath: $fullPath) {\n    id\n    name\n    fullName\n    fullPath\n    avatarUrl\n  }\n  project(fullPath: $fullPath) {\n    id\n    name\n    fullPath\n    nameWithNamespace\n  }\n}": types.ResolvePathQueryDocument,
    "mutation ProjectCreateMutation($input: ProjectCreateInput!) {\n  projectCreate(input: $input) {\n    project {\n      id\n      fullPath\n    }\n    errors\n  }\n}": types.ProjectCreateMutationDocument,
    "query ProjectOverviewQuery($fullPath: ID!) {\n  project(fullPath: $fullPath) {\n    id\n    name\n    fullPath\n    nameWithNamespace\n    description\n    visibility\n    group {\n      id\n      name\n      fullPath\n    }\n    projectMembers {\n      count\n    }\n  }\n}": types.ProjectOverviewQueryDocument,
    "mutation PersonalAccessTokenCreateMutation($input: PersonalAccessTokenCreateInput!) {\n  personalAccessTokenCreate(input: $input) {\n    token\n    personalAccessToken {\n      id\n      name\n    }\n    errors\n  }\n}": types.PersonalAccessTokenCreateMutationDocument,
    "mutation PersonalAccessTokenRevokeMutation($input: PersonalAccessTokenRevokeInput!) {\n  personalAccessTokenRevoke(input: $input) {\n    errors\n  }\n}": types.PersonalAccessTokenRevokeMutationDocument,
    "query PersonalAccessTokensQuery {\n  currentUser {\n    id\n    personalAccessTokens {\n      id\n      name\n      scopes\n      createdAt\n      expiresAt\n      lastUsedAt\n      revoked\n      active\n    }\n  }\n}": types.PersonalAccessTokensQueryDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CurrentUserQuery {\n  currentUser {\n    id\n    username\n    name\n    avatarUrl\n    webPath\n    admin\n  }\n}"): (typeof documents)["query CurrentUserQuery {\n  currentUser {\n    id\n    username\n    name\n    avatarUrl\n    webPath\n    admin\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminGroupsQuery($search: String, $first: Int, $after: String) {\n  groups(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullName\n      fullPath\n      visibility\n      avatarUrl\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"): (typeof documents)["query AdminGroupsQuery($search: String, $first: Int, $after: String) {\n  groups(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullName\n      fullPath\n      visibility\n      avatarUrl\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminProjectsQuery($search: String, $first: Int, $after: String) {\n  projects(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullPath\n      nameWithNamespace\n      visibility\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"): (typeof documents)["query AdminProjectsQuery($search: String, $first: Int, $after: String) {\n  projects(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullPath\n      nameWithNamespace\n      visibility\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AdminUsersQuery($search: String, $first: Int, $after: String) {\n  users(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      username\n      name\n      avatarUrl\n      webPath\n      state\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"): (typeof documents)["query AdminUsersQuery($search: String, $first: Int, $after: String) {\n  users(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      username\n      name\n      avatarUrl\n      webPath\n      state\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UserCreateMutation($input: UserCreateInput!) {\n  userCreate(input: $input) {\n    user {\n      id\n      username\n    }\n    errors\n  }\n}"): (typeof documents)["mutation UserCreateMutation($input: UserCreateInput!) {\n  userCreate(input: $input) {\n    user {\n      id\n      username\n    }\n    errors\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query DashboardGroupsQuery($search: String, $first: Int, $after: String) {\n  currentUser {\n    id\n    groups(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullName\n        fullPath\n        description\n        visibility\n        avatarUrl\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"): (typeof documents)["query DashboardGroupsQuery($search: String, $first: Int, $after: String) {\n  currentUser {\n    id\n    groups(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullName\n        fullPath\n        description\n        visibility\n        avatarUrl\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ExploreGroupsQuery($search: String, $first: Int, $after: String) {\n  groups(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullName\n      fullPath\n      description\n      visibility\n      avatarUrl\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"): (typeof documents)["query ExploreGroupsQuery($search: String, $first: Int, $after: String) {\n  groups(search: $search, first: $first, after: $after) {\n    count\n    nodes {\n      id\n      name\n      fullName\n      fullPath\n      description\n      visibility\n      avatarUrl\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GroupCreateMutation($input: GroupCreateInput!) {\n  groupCreate(input: $input) {\n    group {\n      id\n      fullPath\n    }\n    errors\n  }\n}"): (typeof documents)["mutation GroupCreateMutation($input: GroupCreateInput!) {\n  groupCreate(input: $input) {\n    group {\n      id\n      fullPath\n    }\n    errors\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GroupOverviewQuery($fullPath: ID!) {\n  group(fullPath: $fullPath) {\n    id\n    name\n    fullName\n    fullPath\n    description\n    visibility\n    avatarUrl\n    userPermissions {\n      createSubgroup\n      createProjects\n      adminGroupMember\n    }\n    groupMembers {\n      count\n    }\n  }\n}"): (typeof documents)["query GroupOverviewQuery($fullPath: ID!) {\n  group(fullPath: $fullPath) {\n    id\n    name\n    fullName\n    fullPath\n    description\n    visibility\n    avatarUrl\n    userPermissions {\n      createSubgroup\n      createProjects\n      adminGroupMember\n    }\n    groupMembers {\n      count\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GroupProjectsQuery($fullPath: ID!, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    projects(includeSubgroups: false, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullPath\n        description\n        visibility\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"): (typeof documents)["query GroupProjectsQuery($fullPath: ID!, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    projects(includeSubgroups: false, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullPath\n        description\n        visibility\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GroupSearchQuery($search: String, $first: Int) {\n  groups(search: $search, first: $first) {\n    nodes {\n      id\n      fullName\n      fullPath\n    }\n  }\n}"): (typeof documents)["query GroupSearchQuery($search: String, $first: Int) {\n  groups(search: $search, first: $first) {\n    nodes {\n      id\n      fullName\n      fullPath\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GroupSubgroupsQuery($fullPath: ID!, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    descendantGroups(includeParentDescendants: false, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullName\n        fullPath\n        description\n        visibility\n        avatarUrl\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"): (typeof documents)["query GroupSubgroupsQuery($fullPath: ID!, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    descendantGroups(includeParentDescendants: false, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        name\n        fullName\n        fullPath\n        description\n        visibility\n        avatarUrl\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GroupMemberCreateMutation($input: GroupMemberCreateInput!) {\n  groupMemberCreate(input: $input) {\n    groupMember {\n      id\n    }\n    errors\n  }\n}"): (typeof documents)["mutation GroupMemberCreateMutation($input: GroupMemberCreateInput!) {\n  groupMemberCreate(input: $input) {\n    groupMember {\n      id\n    }\n    errors\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GroupMemberDeleteMutation($input: GroupMemberDeleteInput!) {\n  groupMemberDelete(input: $input) {\n    errors\n  }\n}"): (typeof documents)["mutation GroupMemberDeleteMutation($input: GroupMemberDeleteInput!) {\n  groupMemberDelete(input: $input) {\n    errors\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GroupMemberUpdateMutation($input: GroupMemberUpdateInput!) {\n  groupMemberUpdate(input: $input) {\n    groupMember {\n      id\n      accessLevel {\n        integerValue\n        stringValue\n      }\n    }\n    errors\n  }\n}"): (typeof documents)["mutation GroupMemberUpdateMutation($input: GroupMemberUpdateInput!) {\n  groupMemberUpdate(input: $input) {\n    groupMember {\n      id\n      accessLevel {\n        integerValue\n        stringValue\n      }\n    }\n    errors\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GroupMembersQuery($fullPath: ID!, $search: String, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    fullPath\n    userPermissions {\n      adminGroupMember\n    }\n    groupMembers(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        accessLevel {\n          integerValue\n          stringValue\n        }\n        createdAt\n        expiresAt\n        inherited\n        user {\n          id\n          username\n          name\n          avatarUrl\n          webPath\n        }\n        group {\n          id\n          name\n          fullName\n          fullPath\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"): (typeof documents)["query GroupMembersQuery($fullPath: ID!, $search: String, $first: Int, $after: String) {\n  group(fullPath: $fullPath) {\n    id\n    fullPath\n    userPermissions {\n      adminGroupMember\n    }\n    groupMembers(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        id\n        accessLevel {\n          integerValue\n          stringValue\n        }\n        createdAt\n        expiresAt\n        inherited\n        user {\n          id\n          username\n          name\n          avatarUrl\n          webPath\n        }\n        group {\n          id\n          name\n          fullName\n          fullPath\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ProjectMemberCreateMutation($input: ProjectMemberCreateInput!) {\n  projectMemberCreate(input: $input) {\n    projectMember {\n      id\n    }\n    errors\n  }\n}"): (typeof documents)["mutation ProjectMemberCreateMutation($input: ProjectMemberCreateInput!) {\n  projectMemberCreate(input: $input) {\n    projectMember {\n      id\n    }\n    errors\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ProjectMemberDeleteMutation($input: ProjectMemberDeleteInput!) {\n  projectMemberDelete(input: $input) {\n    errors\n  }\n}"): (typeof documents)["mutation ProjectMemberDeleteMutation($input: ProjectMemberDeleteInput!) {\n  projectMemberDelete(input: $input) {\n    errors\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ProjectMemberUpdateMutation($input: ProjectMemberUpdateInput!) {\n  projectMemberUpdate(input: $input) {\n    projectMember {\n      id\n      accessLevel {\n        integerValue\n        stringValue\n      }\n    }\n    errors\n  }\n}"): (typeof documents)["mutation ProjectMemberUpdateMutation($input: ProjectMemberUpdateInput!) {\n  projectMemberUpdate(input: $input) {\n    projectMember {\n      id\n      accessLevel {\n        integerValue\n        stringValue\n      }\n    }\n    errors\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProjectMembersQuery($fullPath: ID!, $search: String, $first: Int, $after: String) {\n  project(fullPath: $fullPath) {\n    id\n    fullPath\n    userPermissions {\n      adminProjectMember\n    }\n    projectMembers(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        __typename\n        id\n        accessLevel {\n          integerValue\n          stringValue\n        }\n        createdAt\n        expiresAt\n        inherited\n        user {\n          id\n          username\n          name\n          avatarUrl\n          webPath\n        }\n        ... on GroupMember {\n          group {\n            id\n            name\n            fullName\n            fullPath\n          }\n        }\n        ... on ProjectMember {\n          project {\n            id\n            fullPath\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"): (typeof documents)["query ProjectMembersQuery($fullPath: ID!, $search: String, $first: Int, $after: String) {\n  project(fullPath: $fullPath) {\n    id\n    fullPath\n    userPermissions {\n      adminProjectMember\n    }\n    projectMembers(search: $search, first: $first, after: $after) {\n      count\n      nodes {\n        __typename\n        id\n        accessLevel {\n          integerValue\n          stringValue\n        }\n        createdAt\n        expiresAt\n        inherited\n        user {\n          id\n          username\n          name\n          avatarUrl\n          webPath\n        }\n        ... on GroupMember {\n          group {\n            id\n            name\n            fullName\n            fullPath\n          }\n        }\n        ... on ProjectMember {\n          project {\n            id\n            fullPath\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query UserSearchQuery($search: String, $first: Int) {\n  users(search: $search, first: $first) {\n    nodes {\n      id\n      username\n      name\n      avatarUrl\n    }\n  }\n}"): (typeof documents)["query UserSearchQuery($search: String, $first: Int) {\n  users(search: $search, first: $first) {\n    nodes {\n      id\n      username\n      name\n      avatarUrl\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ResolvePathQuery($fullPath: ID!) {\n  group(fullPath: $fullPath) {\n    id\n    name\n    fullName\n    fullPath\n    avatarUrl\n  }\n  project(fullPath: $fullPath) {\n    id\n    name\n    fullPath\n    nameWithNamespace\n  }\n}"): (typeof documents)["query ResolvePathQuery($fullPath: ID!) {\n  group(fullPath: $fullPath) {\n    id\n    name\n    fullName\n    fullPath\n    avatarUrl\n  }\n  project(fullPath: $fullPath) {\n    id\n    name\n    fullPath\n    nameWithNamespace\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ProjectCreateMutation($input: ProjectCreateInput!) {\n  projectCreate(input: $input) {\n    project {\n      id\n      fullPath\n    }\n    errors\n  }\n}"): (typeof documents)["mutation ProjectCreateMutation($input: ProjectCreateInput!) {\n  projectCreate(input: $input) {\n    project {\n      id\n      fullPath\n    }\n    errors\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProjectOverviewQuery($fullPath: ID!) {\n  project(fullPath: $fullPath) {\n    id\n    name\n    fullPath\n    nameWithNamespace\n    description\n    visibility\n    group {\n      id\n      name\n      fullPath\n    }\n    projectMembers {\n      count\n    }\n  }\n}"): (typeof documents)["query ProjectOverviewQuery($fullPath: ID!) {\n  project(fullPath: $fullPath) {\n    id\n    name\n    fullPath\n    nameWithNamespace\n    description\n    visibility\n    group {\n      id\n      name\n      fullPath\n    }\n    projectMembers {\n      count\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation PersonalAccessTokenCreateMutation($input: PersonalAccessTokenCreateInput!) {\n  personalAccessTokenCreate(input: $input) {\n    token\n    personalAccessToken {\n      id\n      name\n    }\n    errors\n  }\n}"): (typeof documents)["mutation PersonalAccessTokenCreateMutation($input: PersonalAccessTokenCreateInput!) {\n  personalAccessTokenCreate(input: $input) {\n    token\n    personalAccessToken {\n      id\n      name\n    }\n    errors\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation PersonalAccessTokenRevokeMutation($input: PersonalAccessTokenRevokeInput!) {\n  personalAccessTokenRevoke(input: $input) {\n    errors\n  }\n}"): (typeof documents)["mutation PersonalAccessTokenRevokeMutation($input: PersonalAccessTokenRevokeInput!) {\n  personalAccessTokenRevoke(input: $input) {\n    errors\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PersonalAccessTokensQuery {\n  currentUser {\n    id\n    personalAccessTokens {\n      id\n      name\n      scopes\n      createdAt\n      expiresAt\n      lastUsedAt\n      revoked\n      active\n    }\n  }\n}"): (typeof documents)["query PersonalAccessTokensQuery {\n  currentUser {\n    id\n    personalAccessTokens {\n      id\n      name\n      scopes\n      createdAt\n      expiresAt\n      lastUsedAt\n      revoked\n      active\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;