/** An uploaded file of a group or a project, or a user's avatar (exactly one of `groupId`, `projectId`, `userId`). */
export type UploadRow = {
  id: number;
  groupId: number | null;
  projectId: number | null;
  /** The user whose avatar this is. */
  userId: number | null;
  /** 32 hex digits, random: the unguessable part of the file's URL. */
  secret: string;
  filename: string;
  contentType: string;
  size: number;
  complete: boolean;
  uploadedById: number | null;
  /** The owner's avatar (migration 0032), not a markdown upload. */
  avatar: boolean;
  createdAt: Date;
};

/** Whose avatar: a user's, a group's or a project's (GitLab's `Avatarable` models). */
export type AvatarOwner = { kind: 'user' | 'group' | 'project'; id: number };
