import { AWARD_EMOJI } from '@milepost/shared/domain/emoji';
import { useMemo, useState } from 'react';
import { Dialog, DialogTrigger, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import styles from './discussions.module.css';

type Award = { name: string; user: { id: string; name: string; username: string } };

/** The reactions offered first (GitLab's frequently used ones), then the rest by search. */
const FIRST = ['thumbsup', 'thumbsdown', 'tada', 'heart', 'rocket', 'eyes', 'smile', 'confused', 'joy', 'clap'];
const ALL = [...AWARD_EMOJI.keys()];

/** 'You, Ann and Bob reacted with :tada:' (GitLab's tooltip of an award button). */
export function awardTitle(name: string, users: readonly Award['user'][], viewerId: string | null): string {
  const names = users.map((user) => (user.id === viewerId ? 'You' : user.name));
  const sorted = [...names.filter((n) => n === 'You'), ...names.filter((n) => n !== 'You')];
  const list = sorted.length > 1 ? `${sorted.slice(0, -1).join(', ')} and ${sorted[sorted.length - 1]}` : sorted[0];
  return `${list} reacted with :${name}:`;
}

type EmojiPickerProps = {
  onPick: (name: string) => void;
  isDisabled?: boolean;
};

/** 'Add reaction': a searchable grid of the reactions users may give. */
export function EmojiPicker({ onPick, isDisabled }: EmojiPickerProps) {
  const [search, setSearch] = useState('');
  const names = useMemo(() => {
    const query = search.trim().toLowerCase().replace(/^:|:$/g, '');
    if (!query) return [...FIRST, ...ALL.filter((name) => !FIRST.includes(name))].slice(0, 60);
    return ALL.filter((name) => name.includes(query)).slice(0, 60);
  }, [search]);
  return (
    <DialogTrigger onOpenChange={(open) => !open && setSearch('')}>
      <Button compact iconOnly variant="tertiary" aria-label="Add reaction" isDisabled={isDisabled}>
        <Icon name="smiley" />
      </Button>
      <Popover className={styles.emojiPopover} placement="bottom end">
        <Dialog className={styles.emojiDialog} aria-label="Add reaction">
          {({ close }) => (
            <>
              <SearchInput label="Search emoji" value={search} onSearch={setSearch} delayMs={100} />
              {names.length === 0 ? (
                <p className={styles.muted}>No emoji found.</p>
              ) : (
                <ListBox
                  aria-label="Emoji"
                  layout="grid"
                  className={styles.emojiGrid}
                  items={names.map((name) => ({ id: name }))}
                  onAction={(key) => {
                    onPick(String(key));
                    close();
                  }}
                >
                  {(item) => (
                    <ListBoxItem
                      id={item.id}
                      textValue={item.id}
                      aria-label={`:${item.id}:`}
                      className={styles.emojiOption}
                    >
                      <span title={`:${item.id}:`}>{AWARD_EMOJI.get(item.id)}</span>
                    </ListBoxItem>
                  )}
                </ListBox>
              )}
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

type AwardEmojiBarProps = {
  awards: readonly Award[];
  viewerId: string | null;
  canAward: boolean;
  onToggle: (name: string) => void;
};

/** The reactions a note got, one button per emoji with its count; pressing one adds or takes back the viewer's. */
export function AwardEmojiBar({ awards, viewerId, canAward, onToggle }: AwardEmojiBarProps) {
  const groups = useMemo(() => {
    const byName = new Map<string, Award['user'][]>();
    for (const award of awards) byName.set(award.name, [...(byName.get(award.name) ?? []), award.user]);
    return [...byName.entries()];
  }, [awards]);
  if (groups.length === 0) return null;
  return (
    <div className={styles.awards}>
      {groups.map(([name, users]) => {
        const mine = users.some((user) => user.id === viewerId);
        const title = awardTitle(name, users, viewerId);
        return (
          <Button
            key={name}
            compact
            className={mine ? `${styles.award} ${styles.awardMine}` : styles.award}
            aria-pressed={mine}
            aria-label={title}
            isDisabled={!canAward}
            onPress={() => onToggle(name)}
          >
            <span aria-hidden="true" title={title}>
              {AWARD_EMOJI.get(name) ?? `:${name}:`}
            </span>
            <span className={styles.awardCount} aria-hidden="true">
              {users.length}
            </span>
          </Button>
        );
      })}
    </div>
  );
}
