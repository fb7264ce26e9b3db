-- Group and project avatars (decision 0055). Keep SQL within PostgreSQL 14.

-- An avatar is an upload of its owner marked `avatar` (a user's uploads are all avatars), so the
-- markdown uploads of a group or project are never taken for, or deleted as, its avatar.
ALTER TABLE uploads ADD COLUMN avatar boolean NOT NULL DEFAULT false;
UPDATE uploads SET avatar = true WHERE user_id IS NOT NULL;
ALTER TABLE uploads ADD CONSTRAINT uploads_user_avatar CHECK (user_id IS NULL OR avatar);
CREATE INDEX uploads_group_avatar ON uploads (group_id) WHERE avatar AND group_id IS NOT NULL;
CREATE INDEX uploads_project_avatar ON uploads (project_id) WHERE avatar AND project_id IS NOT NULL;

-- Groups have had `avatar_url` since 0001; projects get theirs (the path the avatar is served at).
ALTER TABLE projects ADD COLUMN avatar_url text;
