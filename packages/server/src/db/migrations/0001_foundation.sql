-- Foundation: users, groups, projects, membership, sessions and tokens.
-- Keep SQL within PostgreSQL 14.

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  avatar_url text,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'blocked')),
  admin boolean NOT NULL DEFAULT false,
  password_hash text,
  bio text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

-- One row per top-level path segment owner so groups and projects share a path space.
CREATE TABLE routes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  path text NOT NULL,
  source_type text NOT NULL CHECK (source_type IN ('Namespace', 'Project')),
  source_id bigint NOT NULL,
  UNIQUE (source_type, source_id)
);
CREATE UNIQUE INDEX routes_path_lower ON routes (lower(path));

CREATE TABLE groups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_id bigint REFERENCES groups (id) ON DELETE CASCADE,
  -- ids from the root group down to this one (inclusive), as GitLab's namespaces.traversal_ids
  traversal_ids bigint[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  path text NOT NULL,
  full_path text NOT NULL,
  description text NOT NULL DEFAULT '',
  visibility_level smallint NOT NULL DEFAULT 0 CHECK (visibility_level IN (0, 10, 20)),
  avatar_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX groups_full_path_lower ON groups (lower(full_path));
CREATE INDEX groups_parent_id ON groups (parent_id);
CREATE INDEX groups_traversal_ids ON groups USING gin (traversal_ids);

CREATE TABLE projects (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  name text NOT NULL,
  path text NOT NULL,
  full_path text NOT NULL,
  description text NOT NULL DEFAULT '',
  visibility_level smallint NOT NULL DEFAULT 0 CHECK (visibility_level IN (0, 10, 20)),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_activity_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX projects_full_path_lower ON projects (lower(full_path));
CREATE INDEX projects_group_id ON projects (group_id);

CREATE TABLE members (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source_type text NOT NULL CHECK (source_type IN ('Namespace', 'Project')),
  source_id bigint NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  access_level smallint NOT NULL CHECK (access_level IN (10, 20, 30, 40, 50)),
  created_by_id bigint REFERENCES users (id) ON DELETE SET NULL,
  expires_at date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source_type, source_id, user_id)
);
CREATE INDEX members_user_id ON members (user_id, source_type, source_id);

CREATE TABLE sessions (
  id text PRIMARY KEY, -- sha256 of the cookie value
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE personal_access_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  token_digest text NOT NULL UNIQUE,
  scopes text[] NOT NULL DEFAULT '{api}',
  revoked boolean NOT NULL DEFAULT false,
  expires_at date,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX personal_access_tokens_user_id ON personal_access_tokens (user_id);

CREATE TABLE oauth_access_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_digest text NOT NULL UNIQUE,
  scopes text[] NOT NULL DEFAULT '{api}',
  expires_in integer NOT NULL,
  revoked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
