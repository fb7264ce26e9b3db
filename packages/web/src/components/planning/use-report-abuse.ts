import { useCurrentUser } from '../../app/use-current-user.ts';

type Authored = { author?: { id: string } | null; webPath: string };

/**
 * 'Report abuse' for signed-in viewers who are not the author (spec 001 §2.1, §6; spec 002 §6):
 * the author's numeric id and the page's URL for the abuse drawer; undefined otherwise.
 */
export function useReportAbuse(item: Authored): { reportedUserId: number; reportedFromUrl: string } | undefined {
  const { currentUser } = useCurrentUser();
  const authorId = Number(/\/(\d+)$/.exec(item.author?.id ?? '')?.[1]);
  if (!currentUser || !item.author || !Number.isSafeInteger(authorId) || currentUser.id === item.author.id) {
    return undefined;
  }
  return { reportedUserId: authorId, reportedFromUrl: `${window.location.origin}${item.webPath}` };
}
