import type { MemberRow, UserRow } from '../../db/schema.ts';
import { userBasic } from '../users/users.entity.ts';

/** GitLab's `Member` entity: the user's basic fields with the membership's. */
export function memberEntity(member: MemberRow, user: UserRow, createdBy: UserRow | undefined, baseUrl: string) {
  return {
    ...userBasic(user, baseUrl),
    access_level: member.accessLevel,
    created_at: member.createdAt.toISOString(),
    ...(createdBy ? { created_by: userBasic(createdBy, baseUrl) } : {}),
    expires_at: member.expiresAt,
    membership_state: 'active',
  };
}
