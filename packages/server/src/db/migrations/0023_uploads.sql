-- Uploads (GitLab's markdown uploads): files attached to descriptions and comments of a project or
-- a group, kept in PostgreSQL so every app server on the database serves them (decision 0033).
-- Keep SQL within PostgreSQL 14.

-- One uploaded file. `secret` (32 hex digits, random) is the unguessable part of its URL
-- `/uploads/<secret>/<filename>`; `complete` turns true once every chunk is stored, so a file
-- still arriving (or abandoned by a failed request) is never served.
CREATE TABLE uploads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint REFERENCES groups (id) ON DELETE CASCADE,
  project_id bigint REFERENCES projects (id) ON DELETE CASCADE,
  secret text NOT NULL UNIQUE CHECK (secret ~ '^[0-9a-f]{32}$'),
  filename text NOT NULL CHECK (length(filename) BETWEEN 1 AND 255 AND filename !~ '[/\\[:cntrl:]]'),
  content_type text NOT NULL,
  size bigint NOT NULL DEFAULT 0 CHECK (size >= 0),
  complete boolean NOT NULL DEFAULT false,
  uploaded_by_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((group_id IS NULL) <> (project_id IS NULL))
);
-- Incomplete uploads older than a day (a server killed mid-upload) are swept by the next upload.
CREATE INDEX uploads_incomplete ON uploads (created_at) WHERE NOT complete;

-- The file's bytes in 1 MiB chunks, in order: written and read one chunk at a time, so neither an
-- upload nor a download holds the whole file in memory. Stored out of line without compression
-- (uploads are mostly already compressed images and archives).
CREATE TABLE upload_chunks (
  upload_id bigint NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (upload_id, n)
);
ALTER TABLE upload_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
