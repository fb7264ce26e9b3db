/** What the discussion section hangs on: an issue (by project path) or an epic (by group path). */
export type NoteableType = 'Issue' | 'Epic';

export type Noteable = {
  type: NoteableType;
  /** The project's full path for an issue, the group's for an epic. */
  fullPath: string;
  iid: string;
};

/** 'issue' or 'epic', for texts ('The discussion in this issue is locked…'). */
export function issuableWord(type: NoteableType): string {
  return type === 'Issue' ? 'issue' : 'epic';
}
