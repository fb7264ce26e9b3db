/** An uploaded file of a group or a project (exactly one of `groupId`, `projectId`). */
export type UploadRow = {
  id: number;
  groupId: number | null;
  projectId: number | null;
  /** 32 hex digits, random: the unguessable part of the file's URL. */
  secret: string;
  filename: string;
  contentType: string;
  size: number;
  complete: boolean;
  uploadedById: number | null;
  createdAt: Date;
};
