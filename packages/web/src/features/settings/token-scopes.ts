/** The scopes a personal access token can have, with GitLab's descriptions. */
export const TOKEN_SCOPES = [
  {
    id: 'api',
    description:
      'Grants complete read/write access to the API, including all groups and projects, the container registry, and the package registry.',
  },
  {
    id: 'read_api',
    description:
      'Grants read access to the API, including all groups and projects, the container registry, and the package registry.',
  },
  {
    id: 'read_user',
    description:
      'Grants read-only access to your profile through the /user API endpoint, which includes username, public email, and full name.',
  },
] as const;
